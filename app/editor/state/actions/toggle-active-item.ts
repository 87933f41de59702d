import { itemSurface } from '../items.ts'
import { emptySelection, type EditorState, type MenuItemId } from '../types.ts'

export interface ToggleActiveItemAction {
  type: 'toggleActiveItem'
  item: MenuItemId
}

/**
 * Spec 01 §2.6: choosing a menu item makes it the active one; choosing the active item again clears
 * it. Any menu choice closes the sidebar; an item whose panel is a sidebar then opens it again.
 */
export function toggleActiveItem(state: EditorState, action: ToggleActiveItemAction): EditorState {
  const activeItem = state.menu.activeItem === action.item ? null : action.item
  const opensSidebar = activeItem !== null && itemSurface[activeItem] === 'sidebar'
  return {
    ...state,
    // Leaving Select Component clears the highlight (spec 01 §4).
    selection: activeItem === 'select' ? state.selection : emptySelection(),
    menu: {
      ...state.menu,
      activeItem,
      sidebar: opensSidebar ? { open: true, content: activeItem, side: 'right' } : { ...state.menu.sidebar, open: false, content: null },
    },
  }
}
