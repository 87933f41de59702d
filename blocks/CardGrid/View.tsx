import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { SmartLink } from '#ui/SmartLink'
import { Card } from './Card'
import { cardSchemaDefaults } from './card-defaults'
import type { Props } from './schema'

/** Spec 02 §2.8: 1 column on phones, 3 per row from sm (640 px), 4 per row from md (768 px). */
export function View({ title, description, button, items }: Props) {
  const editing = useEditing()
  if (!editing && !items.length && !title) return null
  const showButton = (button?.href && button.text) || editing
  return (
    <section className="container-site" aria-label={title ? undefined : 'Cards'}>
      {title || description || editing ? (
        <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-2xl">
            <Editable kind="content" path="title" as="h2" value={title} optional placeholder="Title" className="heading-section" />
            <Editable
              kind="content"
              path="description"
              as="p"
              value={description}
              optional
              placeholder="Description"
              className="lead mt-3"
            />
          </div>
          {showButton ? (
            <Editable
              kind="link"
              path="button"
              as={SmartLink}
              label="Button"
              elementProps={{ link: button ?? { text: '', href: '', type: 'page' } }}
              className="button button--ghost self-start lg:self-auto"
            >
              {button?.text || (editing ? 'Button' : '')}
            </Editable>
          ) : null}
        </div>
      ) : null}
      <Editable
        kind="list"
        path="items"
        as="ul"
        label="Cards"
        newItem={cardSchemaDefaults}
        max={48}
        className={clsx('grid grid-cols-1 gap-5 sm:grid-cols-3 md:grid-cols-4')}
      >
        {items.map((card, i) => (
          <li key={i}>
            <Card card={card} path={`items.${i}`} headingLevel={title ? 3 : 2} />
          </li>
        ))}
      </Editable>
    </section>
  )
}
