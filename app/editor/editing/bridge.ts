/**
 * The editor's store as seen from the page. The editing components (frames, editable fields) are
 * rendered inside the route's tree, not under the editor's provider (the editor is mounted beside
 * the route), so they read the state and dispatch through this tiny external store, which the
 * editor shell updates after every change.
 */
import { useSyncExternalStore, type Dispatch } from 'react'
import type { EditorAction } from '../state/reducer.ts'
import type { EditorState } from '../state/types.ts'

export interface Bridge {
  state: EditorState
  dispatch: Dispatch<EditorAction>
}

let current: Bridge | null = null
const listeners = new Set<() => void>()

export function setBridge(next: Bridge | null): void {
  if (next === current) return
  current = next
  for (const listener of listeners) listener()
}

export function getBridge(): Bridge | null {
  return current
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useBridge(): Bridge | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}
