import { clsx } from 'clsx'
import { useId, useState } from 'react'
import { chapterTexts } from '#lib/texts'
import { useTexts } from '#ui/locale'
import { ChevronLeftIcon, ChevronRightIcon, FileIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import { BlockList } from '../RenderBlocks'
import type { ChapterItem, Props } from './schema'

/** Spec 02 §9: chapter images are 600x600. */
const size = { width: 600, height: 600 } as const
const number = (i: number) => String(i + 1).padStart(2, '0')

/** What the editor's 'add' inserts (kept here: the view must not pull zod into the visitor bundle). */
const newItem: ChapterItem = {
  heading: '',
  subheading: '',
  media: { imageId: '', alt: '' },
  downloadLink: { type: 'external', href: '', text: chapterTexts.downloadChapter },
  contents: [],
}

/**
 * Spec 02 §2.7: one chapter at a time, chosen by numbered buttons (01, 02...) or the arrows. The
 * server renders every chapter with all but the first hidden, so the first reads without
 * JavaScript; 'Read More' is a <details>, so the nested content opens without JavaScript too. The
 * buttons say which chapter is shown (aria-pressed) and a live region announces a change.
 */
export function View({ title, items }: Props) {
  const t = useTexts().chapters
  const editing = useEditing()
  const id = useId()
  const [active, setActive] = useState(0)
  const [announcement, setAnnouncement] = useState('')
  if (!items.length && !editing) return null
  const count = items.length
  const current = Math.min(active, Math.max(count - 1, 0))
  const panelId = (i: number) => `${id}-chapter-${i}`

  function show(index: number) {
    setActive(index)
    setAnnouncement(t.showing(index + 1, count, items[index]?.heading ?? ''))
  }

  const arrow =
    'inline-flex size-11 items-center justify-center rounded-full text-red ring-1 ring-red/40 transition hover:bg-red hover:text-white disabled:pointer-events-none disabled:opacity-35'

  return (
    <section className="container-site" aria-label={title || t.chaptersNav} data-chapters="">
      <Editable kind="content" path="title" value={title} optional as="h2" placeholder="Chapters title" className="heading-sub mb-8" />
      {count > 1 ? (
        <div role="group" aria-label={t.chaptersNav} className="mb-8 flex flex-wrap items-center gap-2">
          <button type="button" className={arrow} aria-label={t.previous} disabled={current === 0} onClick={() => show(current - 1)}>
            <ChevronLeftIcon size={20} />
          </button>
          {items.map((item, i) => (
            <button
              key={item._key ?? i}
              type="button"
              aria-pressed={i === current}
              aria-controls={panelId(i)}
              aria-label={t.chapterButton(number(i), item.heading)}
              onClick={() => show(i)}
              className={clsx(
                'min-w-11 rounded-full px-3 py-2 font-display text-lg font-semibold tabular-nums transition',
                i === current ? 'bg-red text-white' : 'text-ink ring-1 ring-ink/20 hover:ring-red hover:text-red',
              )}
            >
              {number(i)}
            </button>
          ))}
          <button type="button" className={arrow} aria-label={t.next} disabled={current >= count - 1} onClick={() => show(current + 1)}>
            <ChevronRightIcon size={20} />
          </button>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Editable kind="list" path="items" newItem={newItem} max={20} label="Chapters">
        {items.map((item, i) => (
          <article
            key={item._key ?? i}
            id={panelId(i)}
            hidden={i !== current}
            aria-labelledby={`${panelId(i)}-heading`}
            className="grid items-start gap-8 md:grid-cols-2 lg:gap-16"
          >
            <Editable kind="image" path={`items.${i}.media`} cropSizes={{ desktop: size }} label="Chapter image">
              <Img image={item.media} {...size} className="aspect-square h-auto w-full rounded-sm object-cover" />
            </Editable>
            <div className="flex flex-col gap-4">
              <p className="font-display text-5xl font-semibold text-red/80 tabular-nums" aria-hidden="true">
                {number(i)}
              </p>
              <h3 id={`${panelId(i)}-heading`} className="font-display text-3xl font-semibold text-ink lg:text-4xl">
                <span className="sr-only">{t.chapterButton(number(i), '')}: </span>
                <Editable kind="content" path={`items.${i}.heading`} value={item.heading} as="span" placeholder="Chapter heading" />
              </h3>
              <Editable
                kind="content"
                path={`items.${i}.subheading`}
                value={item.subheading}
                optional
                as="p"
                placeholder="Chapter introduction"
                className="text-lg whitespace-pre-line text-ink-soft"
              />
              {item.contents.length || editing ? (
                <details className="group" open={editing ? true : undefined}>
                  <summary className="inline-flex cursor-pointer list-none items-center gap-2 font-semibold text-red underline decoration-red/30 underline-offset-4 hover:decoration-red [&::-webkit-details-marker]:hidden">
                    <span className="group-open:hidden">{t.readMore}</span>
                    <span className="hidden group-open:inline">{t.readLess}</span>
                    <ChevronRightIcon size={16} className="transition group-open:rotate-90" aria-hidden="true" />
                  </summary>
                  <div className="mt-4 flex flex-col gap-4">
                    <BlockList blocks={item.contents} path={`items.${i}.contents`} container="split" />
                  </div>
                </details>
              ) : null}
              {item.downloadLink.href || editing ? (
                <Editable kind="link" path={`items.${i}.downloadLink`} label="Download link">
                  <SmartLink link={item.downloadLink} className="button mt-2 self-start">
                    <FileIcon size={18} aria-hidden="true" />
                    <span>{item.downloadLink.text || t.downloadChapter}</span>
                  </SmartLink>
                </Editable>
              ) : null}
            </div>
          </article>
        ))}
      </Editable>
    </section>
  )
}
