import { deepCopy } from '../page-utils.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface LoadPageAction {
  type: 'loadPage'
  /** The page the route loaded, or null when the route has none. */
  page: EditorPage | null
}

/** Spec 01 §4: a loaded page keeps a deep copy as its saved copy; nothing is dirty yet. */
export function loadPage(state: EditorState, action: LoadPageAction): EditorState {
  const page = action.page ? deepCopy(action.page) : null
  return { ...state, page: { page, savedPage: page ? deepCopy(page) : null, isDirty: false } }
}
