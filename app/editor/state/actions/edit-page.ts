import { commitPage } from '../history.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface EditPageAction {
  type: 'editPage'
  /** The page with the edit applied (a new object: the state is never changed in place). */
  page: EditorPage
}

/** An edit replaces the current page (one undo step); it is dirty while it differs from the saved copy. */
export function editPage(state: EditorState, action: EditPageAction): EditorState {
  return commitPage(state, action.page)
}
