import type { Path } from '#ui/editing'
import { commitPage } from '../history.ts'
import { isWithin, setIn, splitBlockPath } from '../paths.ts'
import type { EditorState } from '../types.ts'
import { listAt, rebase } from './block-lists.ts'

export interface MoveBlockAction {
  type: 'moveBlock'
  /** Absolute path of the block, e.g. ['contents', 2]. */
  path: Path
  /** Up (-1) or down (+1) within its list (spec 01 §2.10's Up and Down). */
  delta?: -1 | 1
  /** Or a place in the same list (drag and drop, issue 17): the block ends up at this index. */
  to?: number
}

/**
 * Moves a block within its list, one history step: Up and Down (spec 01 §2.10), or a drop at any
 * place (issue 17). Nothing happens past either end. The selection follows the blocks it was in.
 */
export function moveBlock(state: EditorState, action: MoveBlockAction): EditorState {
  const page = state.page.page
  const at = splitBlockPath(action.path)
  if (!page || !at) return state
  const list = listAt(page, at.list)
  const target = action.to ?? at.index + (action.delta ?? 0)
  if (!list || at.index >= list.length || target < 0 || target >= list.length || target === at.index) return state
  const copy = [...list]
  const [block] = copy.splice(at.index, 1)
  copy.splice(target, 0, block)
  const committed = commitPage(state, setIn(page, at.list, copy))
  return { ...committed, selection: shiftSelection(state, at.list, at.index, target) }
}

/** Where each index of a list lands when the item at `from` moves to `to`. */
const landing = (index: number, from: number, to: number) => {
  if (index === from) return to
  if (from < to && index > from && index <= to) return index - 1
  if (to < from && index >= to && index < from) return index + 1
  return index
}

/** The selection (block and field) after the block at `from` moved to `to` in the list at `list`. */
function shiftSelection(state: EditorState, list: Path, from: number, to: number): EditorState['selection'] {
  const move = (path: Path): Path => {
    if (!isWithin(path, list) || path.length <= list.length) return path
    const index = path[list.length]
    if (typeof index !== 'number') return path
    return rebase(path, [...list, index], [...list, landing(index, from, to)])
  }
  const { block, field } = state.selection
  return { ...state.selection, block: block ? move(block) : null, field: field ? { ...field, path: move(field.path) } : null }
}
