/**
 * Spec 01 §4, §9: when a code chunk fails to load (typically a deploy replaced the hashed files),
 * reload the page, at most once per 60 s so a chunk that stays missing cannot cause a reload loop.
 * Imported statically by app/root.tsx (visitors need it too): keep it tiny and free of imports.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at'
export const CHUNK_RELOAD_INTERVAL_MS = 60_000

type TimeStore = Pick<Storage, 'getItem' | 'setItem'>

/** True (and the time remembered) when no reload happened in the last minute. */
export function shouldReloadAfterChunkError(storage: TimeStore, now: number = Date.now()): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY))
  if (last > 0 && now >= last && now - last < CHUNK_RELOAD_INTERVAL_MS) return false
  storage.setItem(CHUNK_RELOAD_KEY, String(now))
  return true
}

/** Reloads the page unless it was already reloaded for this in the last minute; answers whether it did. */
export function reloadAfterChunkError(): boolean {
  try {
    if (!shouldReloadAfterChunkError(window.sessionStorage)) return false
  } catch {
    return false // no sessionStorage: no guard, so no reload
  }
  window.location.reload()
  return true
}
