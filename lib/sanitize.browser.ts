/**
 * sanitizeRichText in the browser (decision 029): the same rules as lib/sanitize.ts, on the browser's
 * own HTML parser instead of sanitize-html, which with its parser and postcss was a third of what a
 * first edit downloaded (issue 32). The editor runs it only through the block schemas, on HTML the
 * server already cleaned; the server (lib/sanitize.ts) stays what makes stored HTML safe. The client
 * build resolves '#lib/sanitize' here (vite.config.ts); the server and the tests use lib/sanitize.ts.
 */
import type { Flatten } from './sanitize.ts'

const TAGS = ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br']
const HEADINGS = ['h2', 'h3', 'h4']
const LISTS = ['ul', 'ol', 'li']
/** Elements that go with their content (sanitize-html's nonTextTags). */
const DROPPED = new Set(['script', 'style', 'textarea', 'option'])
const SCHEMES = ['http', 'https', 'mailto', 'tel']

/** http(s), mailto and tel addresses and relative ones; not protocol-relative ones (as sanitize-html's allowedSchemes). */
function allowedHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters and spaces hide a scheme, as sanitize-html strips them
  const plain = href.replace(/[\u0000-\u0020]+/g, '')
  if (plain.startsWith('//') || plain.startsWith('/\\')) return false
  const scheme = /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(plain)
  return !scheme || SCHEMES.includes(scheme[1]!.toLowerCase())
}

export function sanitizeRichText(html: string, { headers = false, lists = false }: Flatten = {}): string {
  const transformTags: Record<string, string> = { b: 'strong', i: 'em', h1: headers ? 'p' : 'h2' }
  if (headers) for (const tag of HEADINGS) transformTags[tag] = 'p'
  if (lists) transformTags.li = 'p'
  const allowed = new Set(lists ? TAGS.filter((tag) => !LISTS.includes(tag)) : TAGS)
  // A parsed, inert document: nothing in it runs or loads.
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body
  const out = document.implementation.createHTMLDocument('')
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(out.createTextNode(child.textContent ?? ''))
        continue
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue
      const element = child as Element
      const tag = element.tagName.toLowerCase()
      if (DROPPED.has(tag)) continue
      const name = transformTags[tag] ?? tag
      // A tag not allowed goes; its text stays (disallowedTagsMode 'discard').
      if (!allowed.has(name)) {
        copy(element, to)
        continue
      }
      const next = out.createElement(name)
      const href = name === 'a' ? element.getAttribute('href') : null
      if (href !== null && allowedHref(href)) next.setAttribute('href', href)
      copy(element, next)
      to.appendChild(next)
    }
  }
  const root = out.createElement('div')
  copy(source, root)
  // Written as sanitize-html writes them: a self-closed <br />, a no-break space as the character.
  return root.innerHTML
    .replace(/<br>/g, '<br />')
    .replace(/&nbsp;/g, '\u00a0')
    .trim()
}
