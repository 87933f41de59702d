import type { Path } from '#ui/editing'
import { languageEdit } from '../../language/language.ts'
import { commitPage } from '../history.ts'
import { deepEqual } from '../page-utils.ts'
import { getIn, setIn } from '../paths.ts'
import type { EditorState } from '../types.ts'

export interface SetValueAction {
  type: 'setValue'
  /** Absolute path in the page, e.g. ['contents', 0, 'title'] or ['header', 'title']. */
  path: Path
  value: unknown
  /** Typing in one field: keystrokes close together are one undo step (see history.ts). */
  group?: string
  at?: number
  /** A machine translation suggestion (decision 039): marked for review, never over a text written in the language. */
  machine?: boolean
}

/** Sets one value of the page (one history step; nothing when the value is unchanged). */
export function setValue(state: EditorState, action: SetValueAction): EditorState {
  const page = state.page.page
  if (!page || action.path.length === 0) return state
  if (deepEqual(getIn(page, action.path), action.value)) return state
  if (state.language) {
    // In a further language only the texts under the path change (decision 028).
    const next = languageEdit(page, state.language.fields, action.path, action.value, action.machine)
    return next ? commitPage(state, next, { group: action.group, at: action.at }) : state
  }
  return commitPage(state, setIn(page, action.path, action.value), { group: action.group, at: action.at })
}
