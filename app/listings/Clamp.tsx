import { useId, useState } from 'react'
import { useTexts } from '#ui/locale'

/** Spec 02 §2.1: expanded text shows at most 2000 characters. */
export const EXPANDED_LIMIT = 2000

/** Text clamped to 3 lines with a Read More / Read Less toggle (spec 02 §2.1). */
export function Clamp({ text, lines = 3 }: { text: string; lines?: number }) {
  const t = useTexts().listings.page
  const [expanded, setExpanded] = useState(false)
  const id = useId()
  const long = text.length > 160 || text.split('\n').length > lines
  const shown = expanded && text.length > EXPANDED_LIMIT ? `${text.slice(0, EXPANDED_LIMIT)}…` : text
  return (
    <div>
      <p id={id} className={`whitespace-pre-line ${long && !expanded ? 'line-clamp-3' : ''}`}>
        {shown}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 text-sm font-semibold text-red underline underline-offset-4 hover:text-red-darker"
        >
          {expanded ? t.readLess : t.readMore}
        </button>
      ) : null}
    </div>
  )
}

/** A list clamped the same way (facilities): 3 rows of two show, the rest behind Read More. */
export function ClampList({ items, visible = 6 }: { items: readonly string[]; visible?: number }) {
  const t = useTexts().listings.page
  const [expanded, setExpanded] = useState(false)
  const id = useId()
  const long = items.length > visible
  const shown = expanded || !long ? items : items.slice(0, visible)
  return (
    <div>
      <ul id={id} className="grid grid-cols-1 gap-x-6 gap-y-1.5 sm:grid-cols-2">
        {shown.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-red" />
            {item}
          </li>
        ))}
      </ul>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 text-sm font-semibold text-red underline underline-offset-4 hover:text-red-darker"
        >
          {expanded ? t.readLess : t.readMore}
        </button>
      ) : null}
    </div>
  )
}
