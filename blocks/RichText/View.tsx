import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

/** The HTML was cleaned by the schema (sanitizeRichText) before it was stored and again on load. */
export function View({ html, inContainer }: Props) {
  const editing = useEditing()
  if (!html && !editing) return null
  return (
    <div className={clsx(inContainer && 'container-site')}>
      <Editable
        kind="richText"
        path="html"
        value={html}
        label="Rich text"
        placeholder="Write here…"
        className="prose-rich mx-auto max-w-3xl"
      />
    </div>
  )
}
