import type { Path } from '#blocks/editing'
import { commitPage } from '../history.ts'
import { setIn, splitBlockPath } from '../paths.ts'
import type { EditorState } from '../types.ts'
import { listAt, swapSelection } from './block-lists.ts'

export interface MoveBlockAction {
  type: 'moveBlock'
  /** Absolute path of the block, e.g. ['contents', 2]. */
  path: Path
  /** Up (-1) or down (+1) within its list. */
  delta: -1 | 1
}

/** Spec 01 §2.10: Up and Down move a block within its list; nothing happens past either end. */
export function moveBlock(state: EditorState, action: MoveBlockAction): EditorState {
  const page = state.page.page
  const at = splitBlockPath(action.path)
  if (!page || !at) return state
  const list = listAt(page, at.list)
  const target = at.index + action.delta
  if (!list || at.index >= list.length || target < 0 || target >= list.length) return state
  const copy = [...list]
  const [block] = copy.splice(at.index, 1)
  copy.splice(target, 0, block)
  const committed = commitPage(state, setIn(page, at.list, copy))
  return { ...committed, selection: swapSelection(state, action.path, [...at.list, target]) }
}
