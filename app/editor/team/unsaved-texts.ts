/**
 * The texts an editor typed and had not saved (issue 31): what a deactivated editor is shown to copy
 * before the page turns to the visitor's view. Every text of the working copy that differs from the
 * saved copy at its place (blocks matched by their key), as plain text; ids, addresses, colours
 * and types are not texts anyone typed.
 */
import { plainText } from '#lib/html-text'

const NOT_TYPED = /^_|(?:id|Id|ID|url|Url|URL|src|colour|Colour|type|Type|At)$|^(?:version|slug|template|spacing)$/

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function unsavedTexts(saved: unknown, current: unknown): string[] {
  const out: string[] = []
  const walk = (before: unknown, now: unknown) => {
    if (typeof now === 'string') {
      const text = plainText(now)
      if (now !== before && text) out.push(text)
    } else if (Array.isArray(now)) {
      const earlier = Array.isArray(before) ? before : []
      now.forEach((item, index) => {
        const key = isRecord(item) ? item._key : undefined
        const match = key !== undefined ? earlier.find((old) => isRecord(old) && old._key === key) : earlier[index]
        walk(match, item)
      })
    } else if (isRecord(now)) {
      for (const [field, value] of Object.entries(now)) {
        if (!NOT_TYPED.test(field)) walk(isRecord(before) ? before[field] : undefined, value)
      }
    }
  }
  walk(saved, current)
  return out
}
