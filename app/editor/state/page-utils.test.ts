import { describe, expect, test } from 'vitest'
import { deepEqual, hasUnpublishedChanges } from './page-utils.ts'

describe('deepEqual', () => {
  test('compares nested objects and arrays by value', () => {
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true)
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false)
    expect(deepEqual([1, 2], [2, 1])).toBe(false)
    expect(deepEqual([], {})).toBe(false)
    expect(deepEqual(null, {})).toBe(false)
  })

  test('a key holding undefined equals a missing key', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
  })
})

describe('hasUnpublishedChanges', () => {
  test('when lastPublished is earlier than updatedAt', () => {
    expect(hasUnpublishedChanges({ lastPublished: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' })).toBe(true)
    expect(hasUnpublishedChanges({ lastPublished: '2026-01-02T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' })).toBe(false)
    expect(hasUnpublishedChanges({ lastPublished: '2026-01-03T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' })).toBe(false)
  })

  test('a page never published has unpublished changes; one without updatedAt or no page has none', () => {
    expect(hasUnpublishedChanges({ lastPublished: null, updatedAt: '2026-01-02T00:00:00Z' })).toBe(true)
    expect(hasUnpublishedChanges({ lastPublished: '2026-01-02T00:00:00Z' })).toBe(false)
    expect(hasUnpublishedChanges(null)).toBe(false)
  })
})
