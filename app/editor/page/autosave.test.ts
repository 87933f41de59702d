import { describe, expect, test } from 'vitest'
import { ApiError } from '#ui/api.ts'
import { failureOf, forgetKept, formatSiteClock, keepChanges, keptKey, keptToOffer, readKept, statusText } from './autosave.ts'
import { editorTexts } from '#lib/editor-texts'

const a = editorTexts.autosave

/** An in-memory Storage, as localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

const page = { _id: 'p1', slug: 'stay', version: 3, updatedAt: '2026-11-24T03:00:00.000Z', header: { title: 'Stay' } }

describe('autosave status', () => {
  test('times are the site clock: Adelaide, 24-hour (summer time in November: UTC+10:30)', () => {
    expect(formatSiteClock('2026-11-24T04:02:00.000Z')).toBe('14:32')
    expect(formatSiteClock('2026-06-24T05:02:00.000Z')).toBe('14:32')
    expect(formatSiteClock('not a date')).toBe('')
  })

  test('each state says what happened; a later edit reads as unsaved until it is saved', () => {
    expect(statusText({ kind: 'saving' }, true)).toBe(a.saving)
    expect(statusText({ kind: 'saved', at: '2026-11-24T04:02:00.000Z' }, false)).toBe('Draft saved 14:32')
    expect(statusText({ kind: 'saved', at: '2026-11-24T04:02:00.000Z' }, true)).toBe(a.unsaved)
    expect(statusText({ kind: 'offline' }, true)).toBe('Offline: changes kept in this browser')
    expect(statusText({ kind: 'conflict' }, true)).toBe(a.conflict)
    expect(statusText({ kind: 'failed', message: 'Value is missing' }, true)).toBe(a.failed)
    expect(statusText({ kind: 'idle' }, false)).toBeNull()
    expect(statusText({ kind: 'idle' }, true)).toBe(a.unsaved)
  })

  test('a failed save is offline (no answer, or the server is away), a conflict, or a refusal', () => {
    expect(failureOf(new ApiError('Unknown Error', 0))).toBe('offline')
    expect(failureOf(new TypeError('Failed to fetch'))).toBe('offline')
    expect(failureOf(new ApiError('Bad gateway', 502))).toBe('offline')
    expect(failureOf(new ApiError('Saved by maria', 409))).toBe('conflict')
    expect(failureOf(new ApiError('Value is missing', 400))).toBe('failed')
    expect(failureOf(new ApiError('Forbidden', 403))).toBe('failed')
    expect(failureOf(new ApiError('An admin has deactivated your editor account', 401))).toBe('signedOut')
  })
})

describe('changes kept in this browser', () => {
  test('are written, read back and forgotten per page', () => {
    const storage = memoryStorage()
    const key = keptKey('pages', 'p1')
    expect(readKept(storage, key)).toBeNull()
    keepChanges(storage, key, { ...page, header: { title: 'Stay longer' } }, new Date('2026-11-24T04:02:00.000Z'))
    expect(readKept(storage, key)).toEqual({ page: { ...page, header: { title: 'Stay longer' } }, at: '2026-11-24T04:02:00.000Z' })
    expect(readKept(storage, keptKey('pages', 'p2'))).toBeNull()
    forgetKept(storage, key)
    expect(readKept(storage, key)).toBeNull()
  })

  test('garbage or no storage at all is nothing kept, never an error', () => {
    const storage = memoryStorage()
    storage.setItem('k', '{not json')
    expect(readKept(storage, 'k')).toBeNull()
    storage.setItem('k', JSON.stringify({ page: { slug: 'x' }, at: 'x' }))
    expect(readKept(storage, 'k')).toBeNull()
    expect(() => keepChanges(null, 'k', page)).not.toThrow()
    expect(readKept(null, 'k')).toBeNull()
  })

  test('are offered only when they differ from the loaded page in more than its server stamps', () => {
    const kept = { page: { ...page, header: { title: 'Stay longer' } }, at: '2026-11-24T04:02:00.000Z' }
    expect(keptToOffer(kept, page)).toBe(kept)
    // Saved meanwhile (a newer version of the same content): nothing to restore.
    expect(keptToOffer(kept, { ...kept.page, version: 4, updatedAt: '2026-11-24T04:03:00.000Z' })).toBeNull()
    expect(keptToOffer(kept, { ...page, _id: 'p2' })).toBeNull()
    expect(keptToOffer(null, page)).toBeNull()
  })
})
