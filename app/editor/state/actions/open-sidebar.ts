import type { EditorState, SidebarContent, SidebarSide } from '../types.ts'

export interface OpenSidebarAction {
  type: 'openSidebar'
  content: SidebarContent
  side?: SidebarSide
}

/** Opens the sidebar with the given content (on the right unless told otherwise). */
export function openSidebar(state: EditorState, action: OpenSidebarAction): EditorState {
  return {
    ...state,
    menu: { ...state.menu, sidebar: { open: true, content: action.content, side: action.side ?? 'right' } },
  }
}
