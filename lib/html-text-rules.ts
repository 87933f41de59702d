/**
 * The rules of lib/html-text.ts, shared by its two parsers (htmlparser2 on the server and in tests,
 * the browser's DOMParser in the client build): each feeds the tags it opens and closes and the
 * text between them here.
 */

/** Tags whose text no reader sees. */
const HIDDEN_TEXT = new Set(['script', 'style', 'template'])
/** Tags whose end ends a line when rich text is read as lines. */
const LINE_ENDS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'div', 'tr', 'br'])

/** Words: every tag is a word break (search). Lines: block ends and breaks end a line. */
export type TextMode = { kind: 'words'; within?: ReadonlySet<string> } | { kind: 'lines' }

export function textCollector(mode: TextMode) {
  const out: string[] = []
  let hidden = 0
  let inside = 0
  const within = mode.kind === 'words' ? mode.within : undefined
  return {
    open(name: string) {
      if (mode.kind === 'words') out.push(' ')
      if (HIDDEN_TEXT.has(name)) hidden++
      if (within?.has(name)) inside++
    },
    close(name: string) {
      if (mode.kind === 'words') out.push(' ')
      else if (LINE_ENDS.has(name)) out.push('\n')
      if (HIDDEN_TEXT.has(name)) hidden--
      if (within?.has(name)) inside--
    },
    text(text: string) {
      if (!hidden && (!within || inside > 0)) out.push(text)
    },
    result(): string {
      // &nbsp; decodes to U+00A0: a space to a reader and to the index.
      const text = out.join('').replace(/\u00a0/g, ' ')
      if (mode.kind === 'words') return text
      return text
        .split('\n')
        .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n')
    },
  }
}

/** The three readings of lib/html-text.ts, from a parser that feeds a collector (each twin has its own). */
export function textReaders(read: (html: string, mode: TextMode) => string) {
  /**
   * Every word of an HTML fragment: each tag is a word break. With `within`, only the text inside
   * those tags (a rich text's headings). What search indexes.
   */
  function htmlText(html: string, within?: ReadonlySet<string>): string {
    if (!within && !html.includes('<') && !html.includes('&')) return html
    return read(html, { kind: 'words', within })
  }
  return {
    htmlText,
    /** Rich text as lines: paragraphs, headings, list items and breaks end a line; spaces collapsed. */
    plainText: (html: string): string => read(html, { kind: 'lines' }),
    /** Rich text on one line, spaces collapsed: a short label or summary. */
    oneLine: (html: string): string => htmlText(html).replace(/\s+/g, ' ').trim(),
  }
}
