import { deepCopy, deepEqual } from '../page-utils.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface MarkSavedAction {
  type: 'markSaved'
  /** What the server answered to the save; merged into the page (spec 01 §4). */
  result?: Partial<EditorPage>
  /**
   * The working copy as it was when the save was sent. Edits made while the save was on its way
   * (autosave runs while the editor types) are not in the answer: they are kept, and stay unsaved.
   */
  sent?: EditorPage
}

/** Spec 01 §4: after a save the server's answer is merged into the page and the saved copy refreshed. */
export function markSaved(state: EditorState, action: MarkSavedAction): EditorState {
  const current = state.page.page
  if (!current) return state
  const result = action.result ?? {}
  const sent = action.sent
  if (!sent || deepEqual(current, sent) || sent._id !== current._id) {
    // Fields the answer leaves as they are keep their objects: the blocks on the page are not
    // re-rendered by a save (an autosave lands while an editor is dragging a tile by keyboard).
    const page: Record<string, unknown> = { ...current }
    for (const [field, value] of Object.entries(result)) if (!deepEqual(current[field], value)) page[field] = value
    if (result._id) page._id = result._id
    // Undo stays possible after a save (it then makes the page dirty again).
    const saved = page as EditorPage
    // The saved copy shares the working copy's objects (edits copy what they change: load-page.ts).
    return { ...state, page: { ...state.page, page: saved, savedPage: saved, isDirty: false } }
  }
  // Edited since it was sent: the server's stamps (version, updatedAt, a normalised slug...) are
  // taken for the fields the editor has not changed since; their later edits stay, and unsaved.
  const savedPage: EditorPage = { ...sent, ...deepCopy(result), _id: result._id ?? sent._id }
  const page: Record<string, unknown> = { ...current }
  for (const [field, value] of Object.entries(result)) {
    if (deepEqual(current[field], sent[field]) && !deepEqual(current[field], value)) page[field] = deepCopy(value)
  }
  const merged = page as EditorPage
  return { ...state, page: { ...state.page, page: merged, savedPage, isDirty: !deepEqual(merged, savedPage) } }
}
