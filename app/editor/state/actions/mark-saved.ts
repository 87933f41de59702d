import { deepCopy } from '../page-utils.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface MarkSavedAction {
  type: 'markSaved'
  /** What the server answered to the save; merged into the page (spec 01 §4). */
  result?: Partial<EditorPage>
}

/** Spec 01 §4: after a save the server's answer is merged into the page and the saved copy refreshed. */
export function markSaved(state: EditorState, action: MarkSavedAction): EditorState {
  if (!state.page.page) return state
  const page: EditorPage = { ...state.page.page, ...action.result, _id: action.result?._id ?? state.page.page._id }
  // Undo stays possible after a save (it then makes the page dirty again).
  return { ...state, page: { ...state.page, page, savedPage: deepCopy(page), isDirty: false } }
}
