import type { Path } from '#ui/editing'
import { commitPage } from '../history.ts'
import { getIn, newBlockKey, setIn, splitBlockPath, withFreshKeys } from '../paths.ts'
import type { EditorState } from '../types.ts'
import { listAt } from './block-lists.ts'

export interface DuplicateBlockAction {
  type: 'duplicateBlock'
  path: Path
  /** Makes the copy's keys (tests); new random keys when absent. */
  makeKey?: () => string
}

/** Spec 01 §2.10 'Duplicate Components': a deep copy right after the block, with fresh keys; it becomes the active component. */
export function duplicateBlock(state: EditorState, action: DuplicateBlockAction): EditorState {
  const page = state.page.page
  const at = splitBlockPath(action.path)
  if (!page || !at) return state
  const list = listAt(page, at.list)
  const block = getIn(page, action.path)
  if (!list || typeof block !== 'object' || block === null) return state
  const copy = withFreshKeys(structuredClone(block), action.makeKey ?? newBlockKey)
  const index = at.index + 1
  const committed = commitPage(state, setIn(page, at.list, [...list.slice(0, index), copy, ...list.slice(index)]))
  return { ...committed, selection: { block: [...at.list, index], field: null, view: 'block' } }
}
