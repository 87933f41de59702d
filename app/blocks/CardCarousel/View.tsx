import { useRef } from 'react'
import { Card } from '../CardGrid/Card'
import { ChevronLeftIcon, ChevronRightIcon } from '~/ui/icons'
import { SmartLink } from '~/ui/SmartLink'
import type { Props } from './schema'

/**
 * A scroll-snap carousel: 1.4 cards per view, 2.5 from 641 px, 4 from 1025 px (spec 02 §2.8).
 * It scrolls by touch or keyboard without script; the arrows (only with more than 3 items) are a
 * small enhancement, so no carousel library is shipped to visitors.
 */
export function View({ title, description, button, items }: Props) {
  const track = useRef<HTMLUListElement>(null)
  if (!items.length) return null
  const scroll = (direction: 1 | -1) => {
    const el = track.current
    if (!el) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' })
  }
  return (
    <section className="overflow-hidden" aria-label={title || 'Carousel'} aria-roledescription="carousel">
      <div className="container-site">
        <div className="mb-8 flex items-end justify-between gap-6">
          <div className="max-w-2xl">
            {title ? <h2 className="heading-section">{title}</h2> : null}
            {description ? <p className="lead mt-3">{description}</p> : null}
          </div>
          {items.length > 3 ? (
            <div className="hidden shrink-0 gap-2 sm:flex">
              <button type="button" className="icon-button" onClick={() => scroll(-1)}>
                <ChevronLeftIcon />
                <span className="sr-only">Previous</span>
              </button>
              <button type="button" className="icon-button" onClick={() => scroll(1)}>
                <ChevronRightIcon />
                <span className="sr-only">Next</span>
              </button>
            </div>
          ) : null}
        </div>
        <ul ref={track} className="carousel-track">
          {items.map((card, i) => (
            <li key={i} className="carousel-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${items.length}`}>
              <Card card={card} headingLevel={title ? 3 : 2} />
            </li>
          ))}
        </ul>
        {button?.href && button.text ? (
          <div className="mt-8 text-center">
            <SmartLink link={button} className="button button--ghost">{button.text}</SmartLink>
          </div>
        ) : null}
      </div>
    </section>
  )
}
