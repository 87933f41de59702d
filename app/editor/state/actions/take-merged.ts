import { mergeDocs } from '#lib/merge'
import { deepCopy, deepEqual } from '../page-utils.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface TakeMergedAction {
  type: 'takeMerged'
  /**
   * What this browser's copy was when the merge began: the page as it was sent (a save the server
   * merged), or the saved copy (a colleague's draft taken while this editor had no edits).
   */
  from: EditorPage
  /** The stored page the merge produced: the server's answer, or the colleague's draft. */
  result: EditorPage
}

/**
 * Takes in a merged page (issue 31 point 1) without losing this editor's work or their undo: the
 * working copy gets the changes from `from` to `result` on top of any edit made since; every undo
 * and redo step gets them too, so undoing the editor's last edit keeps the colleague's changes
 * (where a step and the merge disagree about a field, the merge's value stays). Not a step itself.
 */
export function takeMerged(state: EditorState, action: TakeMergedAction): EditorState {
  const { page, history } = state.page
  const { from, result } = action
  if (!page || page._id !== result._id) return state
  const rebase = (snapshot: EditorPage, prefer: 'mine' | 'theirs') =>
    deepEqual(snapshot, from) ? deepCopy(result) : mergeDocs(from, snapshot, result, { prefer }).merged
  // Edits made while the save was on its way stay, and stay unsaved.
  const next = rebase(page, 'mine')
  return {
    ...state,
    page: {
      page: next,
      savedPage: deepCopy(result),
      isDirty: !deepEqual(next, result),
      history: {
        ...history,
        past: history.past.map((step) => rebase(step, 'theirs')),
        future: history.future.map((step) => rebase(step, 'theirs')),
        group: null,
      },
    },
  }
}
