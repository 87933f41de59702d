import { Editable, useEditing } from '#ui/editing'
import { QuoteIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import type { Props } from './schema'

export function View({ text, quotee, image }: Props) {
  const editing = useEditing()
  if (!text && !editing) return null
  return (
    <div className="bg-soft-pink py-14 lg:py-20">
      {/* The figcaption is the figure's own child (HTML allows it nowhere else). */}
      <div className="container-site">
        <figure className="mx-auto flex max-w-4xl flex-col items-center text-center">
          <QuoteIcon size={44} className="text-red" />
          <blockquote className="mt-6 font-display text-2xl leading-snug text-red-darkest sm:text-3xl lg:text-4xl">
            <Editable kind="content" path="text" as="p" value={text} placeholder="Quote" multiline />
          </blockquote>
          {quotee || editing ? (
            <figcaption className="mt-8 flex items-center gap-4">
              {image.imageId || editing ? (
                <Editable
                  kind="image"
                  path="image"
                  as={Img}
                  label="Quotee picture"
                  cropSizes={{ quotee: { width: 64, height: 64 } }}
                  elementProps={{ image, alt: '', width: 64, height: 64 }}
                  className="h-16 w-16 rounded-full object-cover"
                />
              ) : null}
              <Editable
                kind="content"
                path="quotee"
                as="span"
                value={quotee}
                placeholder="Quotee"
                className="text-sm font-semibold tracking-[0.14em] text-ink uppercase"
              />
            </figcaption>
          ) : null}
        </figure>
      </div>
    </div>
  )
}
