/**
 * FormattedText is plain text with a small, predictable markdown-like subset (docs in the block's
 * schema). Parsed into a tree and rendered as React elements, never as HTML, so nothing an editor
 * types can inject markup; and it is a few lines instead of a markdown library in every visitor's
 * bundle.
 *
 *   blank line          new paragraph (single line breaks are kept)
 *   ## Heading          heading (## and ### only; the page owns h1)
 *   - item / * item     bullet list
 *   1. item             numbered list
 *   **bold**, *italic*  inline emphasis
 */
export type Inline = { kind: 'text' | 'strong' | 'em'; text: string }
export type FormattedBlock =
  { kind: 'p'; lines: Inline[][] } | { kind: 'h2' | 'h3'; text: Inline[] } | { kind: 'ul' | 'ol'; items: Inline[][] }

export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g
  let last = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) })
    out.push(match[1] !== undefined ? { kind: 'strong', text: match[1] } : { kind: 'em', text: match[2]! })
    last = match.index + match[0].length
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}

const bullet = /^\s*[-*]\s+(.*)$/
const numbered = /^\s*\d+[.)]\s+(.*)$/

export function parseFormatted(source: string): FormattedBlock[] {
  const blocks: FormattedBlock[] = []
  const chunks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
  for (const chunk of chunks) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '')
    let paragraph: string[] = []
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'p', lines: paragraph.map((l) => parseInline(l.trim())) })
      paragraph = []
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!
      const heading = /^(#{2,3})\s+(.*)$/.exec(line.trim())
      if (heading) {
        flush()
        blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', text: parseInline(heading[2]!) })
        continue
      }
      const listKind = bullet.test(line) ? 'ul' : numbered.test(line) ? 'ol' : null
      if (listKind) {
        flush()
        const pattern = listKind === 'ul' ? bullet : numbered
        const items: Inline[][] = []
        while (i < lines.length && pattern.test(lines[i]!)) {
          items.push(parseInline(pattern.exec(lines[i]!)![1]!.trim()))
          i++
        }
        i--
        blocks.push({ kind: listKind, items })
        continue
      }
      paragraph.push(line)
    }
    flush()
  }
  return blocks
}
