/** Shared by the block actions: the list a block lives in, and where the selection goes when blocks move. */
import type { Path } from '#ui/editing'
import { getIn, isWithin } from '../paths.ts'
import type { EditorPage, EditorState } from '../types.ts'

/** The block list at `listPath` (a missing list is an empty one); null when something else is there. */
export function listAt(page: EditorPage, listPath: Path): unknown[] | null {
  const value = getIn(page, listPath)
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : null
}

/** Rewrites a path that starts with `from` to start with `to` instead (a block moved). */
export function rebase(path: Path, from: Path, to: Path): Path {
  return isWithin(path, from) ? [...to, ...path.slice(from.length)] : path
}

/** The selection after the block at `from` moved to `to`, the one at `to` taking its place. */
export function swapSelection(state: EditorState, from: Path, to: Path): EditorState['selection'] {
  const { block, field } = state.selection
  const move = (path: Path) => (isWithin(path, from) ? rebase(path, from, to) : isWithin(path, to) ? rebase(path, to, from) : path)
  return { ...state.selection, block: block ? move(block) : null, field: field ? { ...field, path: move(field.path) } : null }
}
