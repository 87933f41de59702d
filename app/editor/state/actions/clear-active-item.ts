import type { EditorState, MenuItemId } from '../types.ts'
import { afterItemCloses } from './toggle-active-item.ts'

export interface ClearActiveItemAction {
  type: 'clearActiveItem'
  /** Clear only when this item is the active one (a panel closing itself); any item when absent. */
  item?: MenuItemId
}

/**
 * A modal panel or dialog was closed: no item is active any more, or Select Component again when
 * the panel was opened while editing. The sidebar is left as it is.
 */
export function clearActiveItem(state: EditorState, action: ClearActiveItemAction): EditorState {
  if (state.menu.activeItem === null) return state
  if (action.item && state.menu.activeItem !== action.item) return state
  return { ...state, menu: { ...state.menu, activeItem: afterItemCloses(state.menu), resumeSelect: false } }
}
