import type { EditorPage } from './types.ts'

/** A deep copy of JSON-like data (page documents are JSON). */
export function deepCopy<T>(value: T): T {
  return structuredClone(value)
}

/** Structural equality of JSON-like values (plain objects, arrays, primitives). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  }
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  // A key holding undefined is the same as a missing key (JSON drops both).
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)])
  for (const key of keys) if (!deepEqual(ra[key], rb[key])) return false
  return true
}

/** Spec 01 §2.6: the page has unpublished changes when lastPublished is earlier than updatedAt. */
export function hasUnpublishedChanges(page: Pick<EditorPage, 'lastPublished' | 'updatedAt'> | null | undefined): boolean {
  if (!page?.updatedAt) return false
  if (!page.lastPublished) return true
  const published = Date.parse(page.lastPublished)
  const updated = Date.parse(page.updatedAt)
  return Number.isFinite(published) && Number.isFinite(updated) && published < updated
}
