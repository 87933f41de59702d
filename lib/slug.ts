/**
 * The shared slug rules (spec 01 §5, BEHAVIOUR-NOTES "Pages"): used by the client for instant
 * feedback and by the server before anything is stored or looked up, for pages, listings, chapter
 * pages and stories alike.
 *
 * A slug keeps only a safe set of characters: letters and digits of any script (with their
 * accents), '-', '_' and '/'. Everything else is removed — the spec's list (* + ~ . ( ) ' " ! : @
 * # ?) and also '<', '>', '=', '&', '%', '\', quotes, control and format characters — so a slug
 * can be put into a path, an attribute or a link without escaping. Removal happens before slashes
 * are collapsed and leading slashes stripped, so no slug ever starts with '/' ('//host' would be
 * a protocol-relative link to another site).
 */
const UNSAFE = /[^\p{L}\p{M}\p{N}_/-]/gu

export function normaliseSlug(input: string): string {
  return input
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(UNSAFE, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+/, '')
}

/** Story slugs fall back to the story's id when nothing is left after normalising. */
export function storySlug(input: string, id: string): string {
  return normaliseSlug(input) || id
}

/** The slug a visitor's path maps to: '/' is the home page, stored as ''. */
export function slugFromPath(pathname: string): string {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // A malformed escape stays as typed; it will simply not match a page.
  }
  return normaliseSlug(decoded.replace(/\/+$/, ''))
}
