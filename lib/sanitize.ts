import sanitizeHtml from 'sanitize-html'

/** What a block may keep out of its rich text (FeatureBlock's hideHeaders and hideLists, spec 02 §3.5). */
export interface Flatten {
  /** Headings become paragraphs. */
  headers?: boolean
  /** List items become paragraphs of their own; the lists around them go. */
  lists?: boolean
}

const TAGS = ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br']
const HEADINGS = ['h2', 'h3', 'h4']
const LISTS = ['ul', 'ol', 'li']

/**
 * The only HTML rich text may hold. Run by the block schemas on every save, so what is stored (and
 * later rendered with dangerouslySetInnerHTML) is always clean: scripts and their content go, other
 * tags and attributes go but keep their text, links keep http(s), mailto and tel addresses only.
 */
export function sanitizeRichText(html: string, { headers = false, lists = false }: Flatten = {}): string {
  const transformTags: Record<string, string> = { b: 'strong', i: 'em', h1: headers ? 'p' : 'h2' }
  if (headers) for (const tag of HEADINGS) transformTags[tag] = 'p'
  if (lists) transformTags.li = 'p'
  return sanitizeHtml(html, {
    allowedTags: lists ? TAGS.filter((tag) => !LISTS.includes(tag)) : TAGS,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags,
    disallowedTagsMode: 'discard',
  }).trim()
}
