import { Editable, useEditing } from '#ui/editing'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { imageSizes } from '../image-sizes'
import type { FeatureCard, Props } from './schema'

const cardImage = imageSizes.featureCard
const blankLink = { text: '', href: '', type: 'page' } as const

function FeatureCardView({ card, path, level }: { card: FeatureCard; path: 'cardOne' | 'cardTwo'; level: 'h2' | 'h3' }) {
  const editing = useEditing()
  return (
    <article className="group flex flex-col">
      <div className="overflow-hidden rounded-sm bg-grey">
        <Editable
          kind="image"
          path={`${path}.image`}
          as={Img}
          label="Card image"
          cropSizes={{ featureCard: cardImage }}
          elementProps={{ image: card.image, ...cardImage }}
          className="h-auto w-full transition-transform duration-700 group-hover:scale-105"
        />
      </div>
      <Editable
        kind="content"
        path={`${path}.title`}
        as={level}
        value={card.title}
        placeholder="Card title"
        className="mt-6 font-display text-2xl font-semibold text-red-darkest lg:text-3xl"
      />
      <Editable
        kind="content"
        path={`${path}.description`}
        as="p"
        value={card.description}
        optional
        placeholder="Description"
        className="mt-3 leading-relaxed text-ink-soft"
      />
      {(card.link.href && card.link.text) || editing ? (
        <Editable
          kind="link"
          path={`${path}.link`}
          as={SmartLink}
          label="Card link"
          elementProps={{ link: card.link }}
          className="link-arrow mt-4"
        >
          <span>{card.link.text || (editing ? 'Link' : '')}</span>
          <ArrowRightIcon size={16} />
        </Editable>
      ) : null}
    </article>
  )
}

export function View({ heading, subheading, cta, learnMore, cardOne, cardTwo }: Props) {
  const editing = useEditing()
  const level = heading ? 'h3' : 'h2'
  const showCta = (cta.href && cta.text) || editing
  const showLearnMore = (learnMore.href && learnMore.text) || editing
  return (
    <section className="container-site" aria-label={heading ? undefined : 'Featured'}>
      {heading || subheading || editing ? (
        <div className="mx-auto mb-10 max-w-3xl text-center">
          <Editable kind="content" path="heading" as="h2" value={heading} optional placeholder="Heading" className="heading-section" />
          <Editable kind="content" path="subheading" as="p" value={subheading} optional placeholder="Subheading" className="lead mt-4" />
        </div>
      ) : null}
      <div className="grid gap-10 md:grid-cols-2 lg:gap-14">
        {cardOne.title || editing ? <FeatureCardView card={cardOne} path="cardOne" level={level} /> : null}
        {cardTwo.title || editing ? <FeatureCardView card={cardTwo} path="cardTwo" level={level} /> : null}
      </div>
      {showCta || showLearnMore ? (
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          {showCta ? (
            <Editable
              kind="link"
              path="cta"
              as={SmartLink}
              label="Call to action"
              elementProps={{ link: cta ?? blankLink }}
              className="button"
            >
              {cta.text || (editing ? 'Call to action' : '')}
            </Editable>
          ) : null}
          {showLearnMore ? (
            <Editable
              kind="link"
              path="learnMore"
              as={SmartLink}
              label="Learn more"
              elementProps={{ link: learnMore ?? blankLink }}
              className="button button--ghost"
            >
              {learnMore.text || (editing ? 'Learn more' : '')}
            </Editable>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
