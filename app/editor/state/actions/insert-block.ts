import type { Path } from '#ui/editing'
import { commitPage } from '../history.ts'
import { newBlockKey, setIn } from '../paths.ts'
import type { EditorState } from '../types.ts'
import { listAt } from './block-lists.ts'

export interface InsertBlockAction {
  type: 'insertBlock'
  /** Absolute path of the block list, e.g. ['contents'] or ['contents', 3, 'left']. */
  listPath: Path
  /** Where to insert (clamped to the list; the end when absent). */
  index?: number
  /** The new block (a fresh copy of its type's defaults). */
  block: Record<string, unknown> & { componentType: string }
  /** The block's stable key; a new one when absent. */
  key?: string
}

/** Inserts a block into a list (one history step) and makes it the active component. */
export function insertBlock(state: EditorState, action: InsertBlockAction): EditorState {
  const page = state.page.page
  if (!page) return state
  const list = listAt(page, action.listPath)
  if (!list) return state
  const index = Math.max(0, Math.min(action.index ?? list.length, list.length))
  const block = { ...structuredClone(action.block), _key: action.key ?? newBlockKey() }
  const next = setIn(page, action.listPath, [...list.slice(0, index), block, ...list.slice(index)])
  const committed = commitPage(state, next)
  return { ...committed, selection: { block: [...action.listPath, index], field: null, view: 'block' } }
}
