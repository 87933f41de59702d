import { describe, expect, test } from 'vitest'
import { CHUNK_RELOAD_KEY, shouldReloadAfterChunkError } from './chunk-reload.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values }
}

describe('shouldReloadAfterChunkError', () => {
  test('reloads the first time and remembers when', () => {
    const storage = memoryStorage()
    expect(shouldReloadAfterChunkError(storage, 1_000_000)).toBe(true)
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe('1000000')
  })

  test('at most once per 60 s', () => {
    const storage = memoryStorage()
    const t0 = 1_000_000
    expect(shouldReloadAfterChunkError(storage, t0)).toBe(true)
    expect(shouldReloadAfterChunkError(storage, t0 + 1)).toBe(false)
    expect(shouldReloadAfterChunkError(storage, t0 + 59_999)).toBe(false)
    expect(shouldReloadAfterChunkError(storage, t0 + 60_000)).toBe(true)
    expect(shouldReloadAfterChunkError(storage, t0 + 60_001)).toBe(false)
  })

  test('ignores a garbled or future time', () => {
    const storage = memoryStorage()
    storage.setItem(CHUNK_RELOAD_KEY, 'garbage')
    expect(shouldReloadAfterChunkError(storage, 5_000)).toBe(true)
    storage.setItem(CHUNK_RELOAD_KEY, String(10_000_000))
    expect(shouldReloadAfterChunkError(storage, 5_000)).toBe(true)
  })
})
