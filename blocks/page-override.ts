import { useSyncExternalStore } from 'react'
import type { EditingApi } from '#ui/editing'
import type { RenderableBlock } from './RenderBlocks'

/**
 * What a content page shows instead of its loaded copy while an editor edits it in place: the
 * editor's working copy and the editing API. The (lazily loaded) editor sets it; visitors never
 * do, so their pages render as loaded. A tiny store rather than a React context: the editor is
 * mounted beside the route, not above it (same pattern as ui/site/site-override.ts).
 */
export interface PageOverride {
  /** The page being edited (the override applies only to the route showing this page). */
  pageId: string
  header: Record<string, unknown>
  contents: readonly RenderableBlock[]
  /** Other page fields the views read (template, backgroundColour, showBreadcrumb...). */
  fields: Record<string, unknown>
  /** Null while no editing menu item is active: the working copy renders plain (spec 01 §2.6). */
  api: EditingApi | null
}

let current: PageOverride | null = null
const listeners = new Set<() => void>()

export function setPageOverride(next: PageOverride | null): void {
  if (next === current) return
  current = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The override for this page, or null (always null on the server and for visitors). */
export function usePageOverride(pageId: string): PageOverride | null {
  const value = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  return value && value.pageId === pageId ? value : null
}
