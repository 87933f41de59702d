/**
 * Listing tags as the filters compare them (spec 02 §3.2): trimmed and upper-cased. Apart from
 * lib/listings.ts (which brings zod) so that the grid's filter table reaches the browser alone.
 */

/** A tag as stored and compared. */
export const tagKey = (value: string) => value.trim().toUpperCase()

/** A filter group from the comma-separated form: trimmed, upper-cased words, empty ones dropped. */
export function parseFilterGroup(group: string | string[]): string[] {
  const words = Array.isArray(group) ? group : group.split(',')
  return words.map(tagKey).filter(Boolean)
}
