/**
 * Autosave of the page's draft (issue 17), the pure part: when to save, what the status says, and
 * the copy of unsaved changes kept in this browser (localStorage) until the server has them.
 */
import { SITE_TIME_ZONE } from '#lib/team'
import { ApiError } from '#ui/api.ts'
import { deepEqual } from '../state/page-utils.ts'
import type { EditorPage } from '../state/types.ts'
import { editorTexts } from '#lib/editor-texts'

/** The draft is saved this long after the last change. */
export const AUTOSAVE_DELAY_MS = 3000
/** The copy of unsaved changes in this browser is written at most this often (and when the tab is hidden or left). */
export const KEEP_EVERY_MS = 500
/** While offline, the save is tried again this often (and at once when the browser is back online). */
export const OFFLINE_RETRY_MS = 5000

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'conflict' }
  | { kind: 'signedOut' }
  | { kind: 'failed'; message: string }

/**
 * Why a save did not land: the network (kept here, tried again), a newer save (409), the session
 * ended (401: signed out or deactivated elsewhere; the session's own message says which), or a refusal.
 */
export function failureOf(err: unknown): 'offline' | 'conflict' | 'signedOut' | 'failed' {
  if (err instanceof ApiError && err.status === 409) return 'conflict'
  if (err instanceof ApiError && err.status === 401) return 'signedOut'
  // fetch itself failed (no answer at all), or the proxy in front answered that the server is away.
  if (!(err instanceof ApiError) || err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504) return 'offline'
  return 'failed'
}

/** "14:32": the time of day in the site's time zone, 24-hour. */
export function formatSiteClock(iso: string, timeZone: string = SITE_TIME_ZONE): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat('en-AU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
}

/** What the status in the editor's chrome says, or null when there is nothing to say yet. */
export function statusText(status: AutosaveStatus, isDirty: boolean): string | null {
  const t = editorTexts.autosave
  switch (status.kind) {
    case 'saving':
      return t.saving
    case 'offline':
      return t.offline
    case 'conflict':
      return t.conflict
    case 'signedOut':
      return t.signedOut
    case 'failed':
      return t.failed
    case 'saved':
      return isDirty ? t.unsaved : t.saved(formatSiteClock(status.at))
    case 'idle':
      return isDirty ? t.unsaved : null
  }
}

/** The copy of unsaved changes kept in this browser. */
export interface KeptChanges {
  page: EditorPage
  /** When it was last changed (ISO). */
  at: string
}

/** Stamps the server owns: a kept copy that differs from the stored draft only in these has nothing to restore. */
const SERVER_FIELDS = ['version', 'updatedAt', 'createdAt', 'lastPublished', 'published'] as const

const withoutServerFields = (page: EditorPage): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...page }
  for (const field of SERVER_FIELDS) delete out[field]
  return out
}

export const keptKey = (collection: string, id: string) => `editor-unsaved:${collection}:${id}`

export function keepChanges(storage: Storage | null, key: string, page: EditorPage, at: Date = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ page, at: at.toISOString() } satisfies KeptChanges))
  } catch {
    // storage full or unavailable: the leave-page prompt still guards the changes
  }
}

export function readKept(storage: Storage | null, key: string): KeptChanges | null {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<KeptChanges>
    if (!value.page || typeof value.page !== 'object' || typeof value.page._id !== 'string' || typeof value.at !== 'string') return null
    return { page: value.page, at: value.at }
  } catch {
    return null
  }
}

export function forgetKept(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key)
  } catch {
    // nothing kept
  }
}

/** The kept copy worth offering when this page loads: one of this page that differs from what was loaded. */
export function keptToOffer(kept: KeptChanges | null, loaded: EditorPage): KeptChanges | null {
  if (!kept || kept.page._id !== loaded._id) return null
  return deepEqual(withoutServerFields(kept.page), withoutServerFields(loaded)) ? null : kept
}

/** localStorage, when this browser lets the page use it. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}
