/**
 * HTML read as text, the way a reader sees it: tags out, entities decoded, hidden elements' text
 * left out. Parsed by htmlparser2, so attributes never leak in (even with a ">" inside quotes) and
 * every named and numeric entity is decoded. The browser's build gets lib/html-text.browser.ts,
 * the same rules on the browser's own parser (vite.config.ts), as for sanitizing (decision 029).
 */
import { Parser } from 'htmlparser2'
import { textCollector, textReaders, type TextMode } from './html-text-rules.ts'

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

export const { htmlText, plainText, oneLine } = textReaders(read)
