import { clsx } from 'clsx'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTexts } from '#ui/locale'
import { Img } from '#ui/Img'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { swatch } from '#lib/palette'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import { imageSizes } from '../image-sizes'
import type { CarouselItem, Props } from './schema'

const MAX_ITEMS = 5
const size = imageSizes.carousel

/** What the editor's 'add' inserts (kept here: the view must not pull zod into the visitor bundle). */
const newItem: CarouselItem = {
  link: { type: 'page' },
  title: '',
  description: '',
  button: { text: '', href: '', type: 'page', icon: '' },
  image: { imageId: '', alt: '' },
}

const number = (i: number) => String(i + 1).padStart(2, '0')

/**
 * One item at a time, chosen by numbered buttons 01, 02... (spec 02 §2.8). The server renders
 * every item with all but the first hidden, so the first shows without JavaScript; the buttons
 * are a tabbed carousel (WAI-ARIA APG): arrow keys, Home and End move between them.
 */
export function View({ title, reversed, background, items }: Props) {
  const t = useTexts().blocks.carousel
  const editing = useEditing()
  const id = useId()
  const [active, setActive] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  if (!items.length && !editing) return null
  const current = Math.min(active, Math.max(items.length - 1, 0))
  const colour = swatch(background.value, 'softPink')
  const light = colour.font === 'white'

  function choose(index: number, focus: boolean) {
    setActive(index)
    if (focus) tabs.current[index]?.focus()
  }
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    choose(next, true)
  }

  return (
    <section className={clsx('py-12 lg:py-16', colour.className)} aria-roledescription="carousel" aria-label={title || t.label}>
      <div className="container-site">
        <Editable
          kind="content"
          path="title"
          value={title}
          optional
          as="h2"
          placeholder="Carousel title"
          className={clsx('heading-sub mb-8', light && 'text-white')}
        />
        <Editable kind="list" path="items" max={MAX_ITEMS} newItem={newItem} label="Carousel items">
          {items.map((item, i) => (
            <div
              key={i}
              id={`${id}-slide-${i}`}
              role="tabpanel"
              aria-roledescription="slide"
              aria-label={t.slide(i + 1, items.length)}
              hidden={i !== current}
              className="grid items-center gap-8 lg:grid-cols-12 lg:gap-12"
            >
              <Editable
                kind="image"
                path={`items.${i}.image`}
                cropSizes={{ desktop: size }}
                label="Slide image"
                className={clsx('overflow-hidden rounded-sm lg:col-span-7', reversed && 'lg:order-2')}
              >
                <Img
                  image={item.image}
                  width={960}
                  height={540}
                  sources={[{ media: '(min-width: 1024px)', ...size, cropKey: 'desktop' }]}
                  className="block h-auto w-full"
                />
              </Editable>
              <div className={clsx('lg:col-span-5', reversed && 'lg:order-1')}>
                <p
                  className={clsx('font-display text-5xl font-semibold tabular-nums', light ? 'text-white/75' : 'text-red/70')}
                  aria-hidden="true"
                >
                  {number(i)}
                </p>
                <Editable
                  kind="content"
                  path={`items.${i}.title`}
                  value={item.title}
                  as="h3"
                  placeholder="Slide title"
                  className={clsx('mt-2 font-display text-3xl leading-tight font-semibold lg:text-4xl', !light && 'text-red-darkest')}
                />
                <Editable
                  kind="content"
                  path={`items.${i}.description`}
                  value={item.description}
                  optional
                  as="p"
                  placeholder="Slide text"
                  className={clsx('mt-4 text-lg leading-relaxed', light ? 'text-white/90' : 'text-ink-soft')}
                />
                {(item.button.href && item.button.text) || editing ? (
                  <Editable
                    kind="link"
                    path={`items.${i}.button`}
                    as={SmartLink}
                    elementProps={{ link: { ...item.button, type: item.button.type || item.link.type } }}
                    label="Slide button"
                    className={clsx('button mt-8', light && 'button--light')}
                  >
                    <span>{item.button.text || 'Button'}</span>
                    <LinkTypeIcon type={item.button.type} size={18} />
                  </Editable>
                ) : null}
              </div>
            </div>
          ))}
        </Editable>
        {items.length > 1 ? (
          <div role="tablist" aria-label={t.slides} className={clsx('mt-8 flex gap-2', reversed ? 'lg:justify-start' : 'lg:justify-end')}>
            {items.map((item, i) => (
              <button
                key={i}
                ref={(el) => {
                  tabs.current[i] = el
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${i}`}
                aria-selected={i === current}
                aria-controls={`${id}-slide-${i}`}
                tabIndex={i === current ? 0 : -1}
                onClick={() => choose(i, false)}
                onKeyDown={(e) => onKeyDown(e, i)}
                className={clsx(
                  'min-h-12 min-w-12 rounded-full border-2 px-3 text-sm font-semibold tabular-nums transition-colors',
                  light
                    ? i === current
                      ? 'border-white bg-white text-red-darkest'
                      : 'border-white/70 text-white hover:bg-white/15'
                    : i === current
                      ? 'border-red bg-red text-white'
                      : 'border-red text-red hover:bg-red/10',
                )}
              >
                {number(i)}
                {item.title ? <span className="sr-only">: {item.title}</span> : null}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  )
}
