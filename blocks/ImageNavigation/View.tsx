import { clsx } from 'clsx'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import { colourScheme } from './colours'
import type { Props } from './schema'

const newLink = { text: '', href: '', type: 'page' }

/** Links beside a picture (spec 02 §2.8); `reversed` puts the picture on the right. */
export function View({ title, backgroundColour, fontColour, reversed, imageCaption, links, image }: Props) {
  const editing = useEditing()
  const shown = editing ? links : links.filter((l) => l.href && l.text)
  if (!shown.length && !image.imageId && !editing) return null
  const scheme = colourScheme(backgroundColour, fontColour, 'softPink')
  return (
    <section className={clsx(scheme.className)} aria-label={title ? undefined : 'Explore'}>
      <div className="mx-auto grid max-w-[1600px] items-stretch md:grid-cols-2">
        <figure className={clsx('relative min-h-72 md:min-h-[32rem]', reversed && 'md:order-2')}>
          <Editable
            kind="image"
            path="image"
            cropSizes={{ desktop: { width: 960, height: 800 } }}
            label="Image"
            className="absolute inset-0"
          >
            <Img image={image} width={960} height={800} className="h-full w-full object-cover" />
          </Editable>
          {imageCaption || editing ? (
            <Editable
              kind="content"
              path="imageCaption"
              value={imageCaption}
              as="figcaption"
              placeholder="Image caption"
              className="absolute right-0 bottom-0 left-0 bg-gradient-to-t from-black/75 to-transparent px-6 pt-12 pb-4 text-sm text-white"
            />
          ) : null}
        </figure>
        <div className="flex flex-col justify-center px-6 py-12 sm:px-12 lg:px-20 lg:py-16">
          <Editable
            kind="content"
            path="title"
            value={title}
            optional
            as="h2"
            placeholder="Title"
            className={clsx('heading-sub mb-6', scheme.light && 'text-white')}
          />
          <Editable kind="list" path="links" as="ul" newItem={newLink} label="Links" className="flex flex-col">
            {shown.map((link, i) => (
              <li key={i} className={clsx('border-b', scheme.light ? 'border-white/25' : 'border-red/15')}>
                <Editable
                  kind="link"
                  path={`links.${i}`}
                  as={SmartLink}
                  elementProps={{ link }}
                  className="group flex items-center justify-between gap-4 py-5 font-display text-xl font-semibold transition-colors hover:opacity-80 lg:text-2xl"
                >
                  <span>{link.text || 'Link'}</span>
                  <span className={clsx('shrink-0 transition-transform group-hover:translate-x-1', !scheme.light && 'text-red')}>
                    {link.type === 'page' ? <ArrowRightIcon size={22} /> : <LinkTypeIcon type={link.type} size={22} />}
                  </span>
                </Editable>
              </li>
            ))}
          </Editable>
        </div>
      </div>
    </section>
  )
}
