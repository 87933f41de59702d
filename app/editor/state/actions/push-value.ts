import type { Path } from '#ui/editing'
import { commitPage } from '../history.ts'
import { getIn, setIn } from '../paths.ts'
import type { EditorState } from '../types.ts'
import { editorTexts } from '#lib/editor-texts'

export interface PushValueAction {
  type: 'pushValue'
  /** Absolute path of a list. */
  path: Path
  value: unknown
  /** The most items the list may hold: nothing is added once it is reached (Carousel: 5). */
  max?: number | undefined
}

/** The spec 01 §4 error, raised when the target of a push is not a list. */
export class NotAnArrayError extends Error {
  constructor() {
    super(editorTexts.notAnArray)
    this.name = 'NotAnArrayError'
  }
}

/** Whether `pushValue` may push to `path` (the editor checks before dispatching and shows the error otherwise). */
export function canPushTo(state: EditorState, path: Path): boolean {
  return Array.isArray(getIn(state.page.page, path))
}

/**
 * Appends a value to a list of the page (one history step). Spec 01 §4: the target must be a list,
 * otherwise 'Value provided is not type Array, please provide an Array or use the setSelected'.
 */
export function pushValue(state: EditorState, action: PushValueAction): EditorState {
  const page = state.page.page
  if (!page) return state
  const list = getIn(page, action.path)
  if (!Array.isArray(list)) throw new NotAnArrayError()
  if (action.max !== undefined && list.length >= action.max) return state
  return commitPage(state, setIn(page, action.path, [...list, structuredClone(action.value)]))
}
