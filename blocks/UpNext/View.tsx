import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { swatch } from '#lib/palette'
import { SmartLink } from '#ui/SmartLink'
import { useTexts } from '#ui/locale'
import type { Props } from './schema'

export function View({ heading, subheading, image, backgroundColour, link }: Props) {
  const upNext = useTexts().chapters.upNext
  const editing = useEditing()
  if (!heading && !editing) return null
  const colour = swatch(backgroundColour, 'redDarkest')
  return (
    <section className={clsx(colour.className)} aria-label={heading || upNext}>
      <div className="mx-auto grid max-w-[1600px] md:grid-cols-2">
        <div className="relative min-h-64 bg-red-darker/40">
          <Editable
            kind="image"
            path="image"
            as={Img}
            label="Image"
            cropSizes={{ upNext: { width: 800, height: 560 } }}
            elementProps={{ image, alt: '', width: 800, height: 560 }}
            className="absolute inset-0 h-full w-full object-cover"
          />
        </div>
        <div className="flex flex-col justify-center gap-4 px-6 py-12 sm:px-12 lg:px-20 lg:py-20">
          <p className="eyebrow opacity-90">{upNext}</p>
          <Editable
            kind="content"
            path="heading"
            as="h2"
            value={heading}
            placeholder="Heading"
            className="font-display text-3xl font-semibold lg:text-5xl"
          />
          <Editable
            kind="content"
            path="subheading"
            as="p"
            value={subheading}
            optional
            placeholder="Subheading"
            className="max-w-md text-lg opacity-90"
          />
          {(link.href && link.text) || editing ? (
            <Editable
              kind="link"
              path="link"
              as={SmartLink}
              label="Link"
              elementProps={{ link }}
              className={clsx('button mt-2 self-start', colour.font === 'white' ? 'button--light' : '')}
            >
              <span>{link.text || (editing ? 'Link' : '')}</span>
              <ArrowRightIcon size={18} />
            </Editable>
          ) : null}
        </div>
      </div>
    </section>
  )
}
