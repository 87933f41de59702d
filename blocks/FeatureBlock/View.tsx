import { clsx } from 'clsx'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

/** A picture with a title, subtitle, rich description and a call to action (spec 02 §2.8). */
export function View({ link, image, title, subtitle, description, inContainer }: Props) {
  const editing = useEditing()
  if (!title && !description && !image.imageId && !editing) return null
  return (
    <section className={clsx(inContainer ? 'container-site' : 'w-full')} aria-label={title ? undefined : 'Feature'}>
      <div className={clsx('grid items-center gap-8 md:grid-cols-2 lg:gap-16', inContainer ? 'mx-auto max-w-6xl' : 'bg-soft-pink')}>
        <Editable
          kind="image"
          path="image"
          cropSizes={{ desktop: { width: 800, height: 640 } }}
          label="Image"
          className={clsx('overflow-hidden', inContainer && 'rounded-sm')}
        >
          <Img image={image} width={800} height={640} className="block h-auto w-full" />
        </Editable>
        <div className={clsx(!inContainer && 'px-6 pb-12 md:py-12 md:pr-12 lg:pr-20')}>
          <Editable kind="content" path="title" value={title} optional as="h2" placeholder="Title" className="heading-section" />
          <Editable
            kind="content"
            path="subtitle"
            value={subtitle}
            optional
            as="p"
            placeholder="Subtitle"
            className="mt-3 font-display text-xl text-red italic"
          />
          <Editable kind="richText" path="description" value={description} optional className="prose-rich mt-5" />
          {(link.href && link.text) || editing ? (
            <Editable kind="link" path="link" as={SmartLink} elementProps={{ link }} className="button mt-8">
              <span>{link.text || 'Link'}</span>
              {link.type === 'page' ? <ArrowRightIcon size={18} /> : <LinkTypeIcon type={link.type} size={18} />}
            </Editable>
          ) : null}
        </div>
      </div>
    </section>
  )
}
