import { useEffect, useLayoutEffect } from 'react'
import { setPageOverride } from '#blocks/page-override'
import type { EditorAction } from '../state/reducer.ts'
import type { EditorState } from '../state/types.ts'
import { editingApi } from './api.ts'
import { useVersionPreview } from '../page/version-preview.ts'
import { setBridge } from './bridge.ts'

/** Whether an editing menu item is active: edit controls and editable regions show (spec 01 §2.6). */
export const isEditing = (state: EditorState) => state.menu.activeItem === 'select'

/**
 * While a page is loaded the route shows the editor's working copy; the editing API (frames,
 * editable fields, the Add component control) only while Select Component is on, otherwise the
 * working copy renders plain. The page's editing components reach the store through the bridge.
 */
export function usePageEditing(state: EditorState, dispatch: (action: EditorAction) => void) {
  // A stored version being previewed shows instead of the working copy, plain (issue 17 point 5).
  const preview = useVersionPreview(state.page.page?._id)
  const page = preview?.page ?? state.page.page
  const editing = isEditing(state) && !preview
  useLayoutEffect(() => {
    setBridge({ state, dispatch })
  }, [state, dispatch])
  useLayoutEffect(() => {
    if (!page) {
      setPageOverride(null)
      return
    }
    const { header, contents, ...fields } = page
    setPageOverride({
      pageId: page._id,
      header: (header ?? {}) as Record<string, unknown>,
      contents: (Array.isArray(contents) ? contents : []) as { componentType: string }[],
      fields,
      api: editing ? editingApi : null,
    })
  }, [page, editing])
  useEffect(
    () => () => {
      setPageOverride(null)
      setBridge(null)
    },
    [],
  )
}

/** Ctrl/Cmd+Z undoes a page edit; Ctrl/Cmd+Shift+Z and Ctrl+Y redo (not inside modal forms, which keep their own). */
export function useUndoKeys(state: EditorState, dispatch: (action: EditorAction) => void) {
  const active = !!state.page.page && (isEditing(state) || state.menu.sidebar.content === 'component')
  useEffect(() => {
    if (!active) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const key = event.key.toLowerCase()
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey && event.ctrlKey)
      const undo = key === 'z' && !event.shiftKey
      if (!undo && !redo) return
      const target = event.target as Element | null
      if (target?.closest?.('[aria-modal="true"]')) return
      event.preventDefault()
      dispatch({ type: redo ? 'redo' : 'undo' })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [active, dispatch])
}
