import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

/** Paragraphs separated by blank lines; edited in place as plain text (Enter adds a line). */
export function View({ text }: Props) {
  const editing = useEditing()
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (!paragraphs.length && !editing) return null
  return (
    <div className="container-site">
      <Editable kind="content" path="text" value={text} multiline placeholder="Text" label="Text" className="prose-rich mx-auto max-w-3xl">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </Editable>
    </div>
  )
}
