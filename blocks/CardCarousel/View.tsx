import { useRef } from 'react'
import { Editable, useEditing } from '#ui/editing'
import { Card } from '../CardGrid/Card'
import { cardSchemaDefaults } from '../CardGrid/card-defaults'
import { ChevronLeftIcon, ChevronRightIcon } from '#ui/icons'
import { SmartLink } from '#ui/SmartLink'
import { useTexts } from '#ui/locale'
import type { Props } from './schema'

/**
 * A scroll-snap carousel: 1.4 cards per view, 2.5 from 641 px, 4 from 1025 px (spec 02 §2.8).
 * It scrolls by touch or keyboard without script; the arrows (only with more than 3 items) are a
 * small enhancement, so no carousel library is shipped to visitors.
 */
export function View({ title, description, button, items }: Props) {
  const t = useTexts().blocks.cardCarousel
  const editing = useEditing()
  const track = useRef<HTMLUListElement>(null)
  if (!items.length && !editing) return null
  const scroll = (direction: 1 | -1) => {
    const el = track.current
    if (!el) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' })
  }
  return (
    <section className="overflow-hidden" aria-label={title || t.label} aria-roledescription="carousel">
      <div className="container-site">
        <div className="mb-8 flex items-end justify-between gap-6">
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
          {items.length > 3 ? (
            <div className="hidden shrink-0 gap-2 sm:flex">
              <button type="button" className="icon-button" onClick={() => scroll(-1)}>
                <ChevronLeftIcon />
                <span className="sr-only">{t.previous}</span>
              </button>
              <button type="button" className="icon-button" onClick={() => scroll(1)}>
                <ChevronRightIcon />
                <span className="sr-only">{t.next}</span>
              </button>
            </div>
          ) : null}
        </div>
        <Editable
          kind="list"
          path="items"
          as="ul"
          label="Cards"
          newItem={cardSchemaDefaults}
          max={24}
          className="carousel-track"
          elementProps={{ ref: track }}
        >
          {items.map((card, i) => (
            <li key={i} className="carousel-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${items.length}`}>
              <Card card={card} path={`items.${i}`} headingLevel={title ? 3 : 2} />
            </li>
          ))}
        </Editable>
        {(button?.href && button.text) || editing ? (
          <div className="mt-8 text-center">
            <Editable
              kind="link"
              path="button"
              as={SmartLink}
              label="Button"
              elementProps={{ link: button ?? { text: '', href: '', type: 'page' } }}
              className="button button--ghost"
            >
              {button?.text || (editing ? 'Button' : '')}
            </Editable>
          </div>
        ) : null}
      </div>
    </section>
  )
}
