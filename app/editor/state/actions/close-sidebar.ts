import { itemSurface } from '../items.ts'
import type { EditorState } from '../types.ts'
import { afterItemCloses } from './toggle-active-item.ts'

export interface CloseSidebarAction {
  type: 'closeSidebar'
}

/**
 * Closes the sidebar. When it was showing the active menu item's panel, that item is no longer
 * active either (otherwise the menu would mark an item whose panel is gone); Select Component is,
 * when the panel was opened while editing.
 */
export function closeSidebar(state: EditorState, _action: CloseSidebarAction): EditorState {
  const { activeItem, sidebar } = state.menu
  if (!sidebar.open && sidebar.content === null) return state
  const panelOfActiveItem = activeItem !== null && itemSurface[activeItem] === 'sidebar' && sidebar.content === activeItem
  return {
    ...state,
    menu: {
      ...state.menu,
      activeItem: panelOfActiveItem ? afterItemCloses(state.menu) : activeItem,
      resumeSelect: panelOfActiveItem ? false : state.menu.resumeSelect,
      sidebar: { ...sidebar, open: false, content: null },
    },
  }
}
