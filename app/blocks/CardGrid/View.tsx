import { clsx } from 'clsx'
import { SmartLink } from '~/ui/SmartLink'
import { Card } from './Card'
import type { Props } from './schema'

/** 1 column on phones, 2 from 640, 3 from the spec's sm (1024), 4 from its md (1280). */
export function View({ title, description, button, items }: Props) {
  if (!items.length && !title) return null
  return (
    <section className="container-site" aria-label={title ? undefined : 'Cards'}>
      {title || description ? (
        <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-2xl">
            {title ? <h2 className="heading-section">{title}</h2> : null}
            {description ? <p className="lead mt-3">{description}</p> : null}
          </div>
          {button?.href && button.text ? <SmartLink link={button} className="button button--ghost self-start lg:self-auto">{button.text}</SmartLink> : null}
        </div>
      ) : null}
      <ul className={clsx('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4')}>
        {items.map((card, i) => (
          <li key={i}>
            <Card card={card} headingLevel={title ? 3 : 2} />
          </li>
        ))}
      </ul>
    </section>
  )
}
