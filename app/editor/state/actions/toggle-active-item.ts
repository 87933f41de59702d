import { itemSurface } from '../items.ts'
import { emptySelection, type EditorState, type MenuItemId, type MenuState } from '../types.ts'

export interface ToggleActiveItemAction {
  type: 'toggleActiveItem'
  item: MenuItemId
}

/**
 * Spec 01 §2.6: choosing a menu item makes it the active one; choosing the active item again clears
 * it. Any menu choice closes the sidebar; an item whose panel is a sidebar then opens it again.
 */
export function toggleActiveItem(state: EditorState, action: ToggleActiveItemAction): EditorState {
  const current = state.menu.activeItem
  // Closing a panel chosen while editing goes back to editing; choosing Select Component again turns it off.
  const activeItem = current === action.item ? afterItemCloses(state.menu) : action.item
  const resumeSelect = activeItem !== null && activeItem !== 'select' && (current === 'select' || state.menu.resumeSelect)
  const opensSidebar = activeItem !== null && itemSurface[activeItem] === 'sidebar'
  return {
    ...state,
    // Leaving Select Component clears the highlight (spec 01 §4).
    selection: activeItem === 'select' ? state.selection : emptySelection(),
    menu: {
      ...state.menu,
      activeItem,
      resumeSelect,
      sidebar: opensSidebar ? { open: true, content: activeItem, side: 'right' } : { ...state.menu.sidebar, open: false, content: null },
    },
  }
}

/** The item active once the active item's panel closes: Select Component when it was on before, else none. */
export const afterItemCloses = (menu: MenuState): MenuItemId | null => (menu.activeItem !== 'select' && menu.resumeSelect ? 'select' : null)
