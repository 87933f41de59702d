import sanitizeHtml from 'sanitize-html'

/**
 * The only HTML rich text may hold. Run by the schema on every save, so what is stored (and
 * later rendered with dangerouslySetInnerHTML) is always clean.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { b: 'strong', i: 'em', h1: 'h2' },
  disallowedTagsMode: 'discard',
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim()
}
