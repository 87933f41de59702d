import sanitizeHtml from 'sanitize-html'

/**
 * hideHeaders / hideLists (spec 02 §3.5): the description may not hold headings or lists. The
 * schema enforces it on every save: headings become paragraphs, list items paragraphs of their own.
 * Server-side only (the schema runs there), like the rich-text sanitiser it follows.
 */
export function flattenRichText(html: string, { headers, lists }: { headers: boolean; lists: boolean }): string {
  if (!headers && !lists) return html
  const transformTags: Record<string, string> = {}
  if (headers) Object.assign(transformTags, { h2: 'p', h3: 'p', h4: 'p' })
  if (lists) transformTags.li = 'p'
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'blockquote', 'br', ...(lists ? [] : ['ul', 'ol', 'li'])],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags,
    disallowedTagsMode: 'discard',
  }).trim()
}
