import type { Props } from './schema'

export function View({ text }: Props) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  if (!paragraphs.length) return null
  return (
    <div className="container-site">
      <div className="prose-rich mx-auto max-w-3xl">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </div>
  )
}
