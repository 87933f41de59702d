import { Editable, useEditing } from '#ui/editing'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { imageSizes } from '../image-sizes'
import type { Card as CardData } from './card'

const cardImage = imageSizes.card

/**
 * A portrait card: picture with the title laid over a dark gradient; the whole card is the link.
 * `path` is where the card lives in its block ('items.2'), for editing in place.
 */
export function Card({ card, path, headingLevel = 3 }: { card: CardData; path: string; headingLevel?: 2 | 3 }) {
  const editing = useEditing()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const body = (
    <>
      <Editable
        kind="image"
        path={`${path}.image`}
        as={Img}
        label="Card image"
        cropSizes={{ card: cardImage }}
        elementProps={{ image: card.image, alt: '', ...cardImage }}
        className="absolute inset-0 h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
      />
      <span className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/35 to-black/0" aria-hidden="true" />
      {/* A div, not a span: it holds the card's heading (HTML allows no heading inside a span). */}
      <div className="relative mt-auto flex flex-col gap-2 p-5 text-white">
        <Editable
          kind="content"
          path={`${path}.title`}
          as={Heading}
          value={card.title}
          placeholder="Card title"
          className="font-display text-2xl leading-tight font-semibold"
        />
        <Editable
          kind="content"
          path={`${path}.description`}
          as="span"
          value={card.description}
          optional
          placeholder="Description"
          className="line-clamp-3 text-sm text-white/90"
        />
        {(card.link.href && card.link.text) || editing ? (
          <Editable
            kind="link"
            path={`${path}.link`}
            as="span"
            label="Card link"
            className="mt-1 inline-flex items-center gap-2 text-sm font-semibold tracking-wide uppercase"
          >
            {card.link.text}
            <ArrowRightIcon size={16} className="transition-transform group-hover:translate-x-1" />
          </Editable>
        ) : null}
      </div>
    </>
  )
  const className = 'card group relative flex aspect-[4/5] flex-col sm:aspect-[2/3] overflow-hidden rounded-sm bg-red-darkest'
  return card.link.href ? (
    <SmartLink link={card.link} className={className}>
      {body}
    </SmartLink>
  ) : (
    <div className={className}>{body}</div>
  )
}
