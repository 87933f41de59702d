import type { Path } from '#ui/editing'
import { commitPage } from '../history.ts'
import { setIn, splitBlockPath } from '../paths.ts'
import { emptySelection, type EditorState } from '../types.ts'
import { listAt } from './block-lists.ts'

export interface RemoveBlockAction {
  type: 'removeBlock'
  path: Path
}

/**
 * Spec 01 §2.10: removes the block (the editor has confirmed). Nothing is selected afterwards and
 * the sidebar closes.
 */
export function removeBlock(state: EditorState, action: RemoveBlockAction): EditorState {
  const page = state.page.page
  const at = splitBlockPath(action.path)
  if (!page || !at) return state
  const list = listAt(page, at.list)
  if (!list || at.index >= list.length) return state
  const committed = commitPage(
    state,
    setIn(
      page,
      at.list,
      list.filter((_, i) => i !== at.index),
    ),
  )
  const { sidebar, activeItem } = state.menu
  const sidebarOfItem = activeItem !== null && sidebar.content === activeItem && activeItem !== 'select'
  return {
    ...committed,
    selection: emptySelection(),
    menu: { ...state.menu, activeItem: sidebarOfItem ? null : activeItem, sidebar: { ...sidebar, open: false, content: null } },
  }
}
