/**
 * lib/html-text.ts in the browser: the same rules (lib/html-text-rules.ts) on the browser's own HTML
 * parser instead of htmlparser2 and its entity tables. The client build resolves '#lib/html-text'
 * here (vite.config.ts); the server and the tests use lib/html-text.ts.
 */
import { textCollector, textReaders, type TextMode } from './html-text-rules.ts'

function read(html: string, mode: TextMode): string {
  const collect = textCollector(mode)
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) collect.text(child.nodeValue ?? '')
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const name = (child as Element).localName
        collect.open(name)
        // A template's content is a fragment of its own, not its children.
        walk(name === 'template' ? (child as HTMLTemplateElement).content : child)
        collect.close(name)
      }
    }
  }
  walk(new DOMParser().parseFromString(`<body>${html}`, 'text/html').body)
  return collect.result()
}

export const { htmlText, plainText, oneLine } = textReaders(read)
