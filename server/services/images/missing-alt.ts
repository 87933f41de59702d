/** The check before publishing that every picture visitors see has a text alternative. */

export interface MissingAlt {
  /** Dotted path of the alt field, e.g. 'contents.2.image.alt' or 'header.image.alt'. */
  path: string
  message: string
  code: 'alt_missing'
}

export const ALT_MISSING_MESSAGE = (n: number) =>
  n === 1
    ? 'An image has no alt text. Describe it (or mark it decorative) before publishing.'
    : `${n} images have no alt text. Describe each one (or mark it decorative) before publishing.`

/**
 * The pictures of a page that visitors would get without a text alternative: every object inside
 * the header and the contents that carries an imageId, is not marked decorative (nor hidden with
 * show: false) and has an empty alt. Generic, so new blocks are covered without registering.
 */
export function imagesMissingAlt(page: { header?: unknown; contents?: unknown }): MissingAlt[] {
  const found: MissingAlt[] = []
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, String(i)]))
      return
    }
    if (typeof value !== 'object' || value === null) return
    const node = value as Record<string, unknown>
    if (typeof node.imageId === 'string' && node.imageId.trim() && node.decorative !== true && node.show !== false) {
      const alt = typeof node.alt === 'string' ? node.alt.trim() : ''
      if (!alt) found.push({ path: [...path, 'alt'].join('.'), message: 'Alt text is required', code: 'alt_missing' })
    }
    for (const [key, child] of Object.entries(node)) if (typeof child === 'object' && child !== null) walk(child, [...path, key])
  }
  walk(page.header, ['header'])
  walk(page.contents, ['contents'])
  return found
}
