import { ArrowRightIcon } from '~/ui/icons'
import { Img } from '~/ui/Img'
import { SmartLink } from '~/ui/SmartLink'
import { imageSizes } from '../image-sizes'
import type { FeatureCard, Props } from './schema'

const cardImage = imageSizes.featureCard

function FeatureCardView({ card, level }: { card: FeatureCard; level: 'h2' | 'h3' }) {
  const Heading = level
  return (
    <article className="group flex flex-col">
      <div className="overflow-hidden rounded-sm bg-grey">
        <Img image={card.image} {...cardImage} className="h-auto w-full transition-transform duration-700 group-hover:scale-105" />
      </div>
      <Heading className="mt-6 font-display text-2xl font-semibold text-red-darkest lg:text-3xl">{card.title}</Heading>
      {card.description ? <p className="mt-3 leading-relaxed text-ink-soft">{card.description}</p> : null}
      {card.link.href && card.link.text ? (
        <SmartLink link={card.link} className="link-arrow mt-4">
          <span>{card.link.text}</span>
          <ArrowRightIcon size={16} />
        </SmartLink>
      ) : null}
    </article>
  )
}

export function View({ heading, subheading, cta, learnMore, cardOne, cardTwo }: Props) {
  const level = heading ? 'h3' : 'h2'
  return (
    <section className="container-site" aria-label={heading ? undefined : 'Featured'}>
      {heading || subheading ? (
        <div className="mx-auto mb-10 max-w-3xl text-center">
          {heading ? <h2 className="heading-section">{heading}</h2> : null}
          {subheading ? <p className="lead mt-4">{subheading}</p> : null}
        </div>
      ) : null}
      <div className="grid gap-10 md:grid-cols-2 lg:gap-14">
        {cardOne.title ? <FeatureCardView card={cardOne} level={level} /> : null}
        {cardTwo.title ? <FeatureCardView card={cardTwo} level={level} /> : null}
      </div>
      {(cta.href && cta.text) || (learnMore.href && learnMore.text) ? (
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          {cta.href && cta.text ? <SmartLink link={cta} className="button">{cta.text}</SmartLink> : null}
          {learnMore.href && learnMore.text ? <SmartLink link={learnMore} className="button button--ghost">{learnMore.text}</SmartLink> : null}
        </div>
      ) : null}
    </section>
  )
}
