/**
 * HTML read as text, the way a reader sees it: tags out, entities decoded, hidden elements' text
 * left out. Parsed by htmlparser2, so attributes never leak in (even with a ">" inside quotes) and
 * every named and numeric entity is decoded. The browser's build gets lib/html-text.browser.ts,
 * the same rules on the browser's own parser (vite.config.ts), as for sanitizing (decision 029).
 */
import { Parser } from 'htmlparser2'
import { textCollector, type TextMode } from './html-text-rules.ts'

function read(html: string, mode: TextMode): string {
  const collect = textCollector(mode)
  const parser = new Parser(
    { onopentag: (name) => collect.open(name), onclosetag: (name) => collect.close(name), ontext: (text) => collect.text(text) },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return collect.result()
}

/**
 * Every word of an HTML fragment: each tag is a word break. With `within`, only the text inside
 * those tags (a rich text's headings). What search indexes.
 */
export function htmlText(html: string, within?: ReadonlySet<string>): string {
  if (!within && !html.includes('<') && !html.includes('&')) return html
  return read(html, { kind: 'words', within })
}

/** Rich text as lines: paragraphs, headings, list items and breaks end a line; spaces collapsed. */
export function plainText(html: string): string {
  return read(html, { kind: 'lines' })
}

/** Rich text on one line, spaces collapsed: a short label or summary. */
export function oneLine(html: string): string {
  return htmlText(html).replace(/\s+/g, ' ').trim()
}
