/**
 * The shared slug rules (spec 01 §5, BEHAVIOUR-NOTES "Pages"): used by the client for instant
 * feedback and by the server before anything is stored or looked up.
 */
const REMOVED = /[*+~.()'"!:@#?]/g

export function normaliseSlug(input: string): string {
  return input
    .trim()
    .replace(/^\/+/, '')
    .replace(/\/{2,}/g, '/')
    .toLowerCase()
    .replace(REMOVED, '')
    .replace(/\s+/g, '-')
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
