/**
 * A stored version shown on the page instead of the working copy (issue 17 point 5): a tiny
 * external store, read by the page override (use-page-editing.ts) and the preview bar. The
 * working copy is never touched: leaving the preview shows it again as it was.
 */
import { useSyncExternalStore } from 'react'
import type { EditorPage } from '../state/types.ts'

export interface VersionPreview {
  /** The version's document (its _id is the page's). */
  page: EditorPage
  versionId: number
  version: number
  action: string
  username: string | null
  createdAt: string
}

let current: VersionPreview | null = null
const listeners = new Set<() => void>()

export function setVersionPreview(next: VersionPreview | null): void {
  if (next === current) return
  current = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The version being previewed on this page, if any. */
export function useVersionPreview(pageId: string | undefined): VersionPreview | null {
  const preview = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  return preview && preview.page._id === pageId ? preview : null
}
