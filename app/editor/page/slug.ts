import { normaliseSlug } from '#lib/slug'

/**
 * The slug a new page's title suggests: the shared slug rules (lib/slug.ts), then anything that
 * is not a letter, digit, '_' or '-' becomes a single '-' (a '/' in a title is not a path), with
 * no '-' at either end. 'Food & Wine / Tours' gives 'food-wine-tours'.
 */
export function suggestSlug(title: string): string {
  return normaliseSlug(title)
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The public address of a page of a collection: its slug under the site root ('' is home). */
export const pathOfSlug = (slug: string) => `/${normaliseSlug(slug)}`
