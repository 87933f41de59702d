/**
 * The editor's store as seen from the page. The editing components (frames, editable fields) are
 * rendered inside the route's tree, not under the editor's provider (the editor is mounted beside
 * the route), so they read the state and dispatch through this tiny external store, which the
 * editor shell updates after every change.
 *
 * Components read it through selectors (useBridgeSelector): a key typed into one field changes the
 * state, and only the components whose selected value changed re-render (issue 32: on a page of
 * 150 blocks every key re-rendered every frame and field). Event handlers read the state of the
 * moment with getBridge().
 */
import { useRef, useSyncExternalStore, type Dispatch } from 'react'
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

/**
 * A value derived from the editor's state (null while no editor is attached), re-rendering only
 * when it changes (Object.is). The selector must answer a primitive or a reference kept in the state
 * (a stored value, the selection's path): a new object on every call would re-render every time.
 */
export function useBridgeSelector<T>(select: (state: EditorState) => T): T | null {
  return useSyncExternalStore(
    subscribe,
    () => (current ? select(current.state) : null),
    () => null,
  )
}

/**
 * Several values derived from the editor's state, in one subscription: re-renders when any of them
 * changes (Object.is, one by one). For what a page has hundreds of (its ~800 editable fields on 150
 * blocks): one listener each instead of one per value, every change of the state calling them all.
 * The selector answers primitives or stored references; `detached` (a constant) is the answer while
 * no editor is attached.
 */
export function useBridgeSelectors<T extends readonly unknown[]>(select: (state: EditorState) => T, detached: T): T {
  const last = useRef<T>(detached)
  const getSnapshot = () => {
    const next = current ? select(current.state) : detached
    const previous = last.current
    if (previous.length === next.length && previous.every((value, i) => Object.is(value, next[i]))) return previous
    last.current = next
    return next
  }
  return useSyncExternalStore(subscribe, getSnapshot, () => detached)
}

/** Whether an editor is attached (the page is edited): re-renders only when that changes. */
export function useBridgeAttached(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current !== null,
    () => false,
  )
}

/** Sends an action to the editor's store, when one is attached. */
export function dispatchToEditor(action: EditorAction): void {
  current?.dispatch(action)
}
