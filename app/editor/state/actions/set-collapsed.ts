import type { EditorState } from '../types.ts'

export interface SetCollapsedAction {
  type: 'setCollapsed'
  /** Collapsed (true) or expanded (false); toggles when absent. */
  collapsed?: boolean
}

/** Collapses or expands the menu. It only changes how the menu shows: the active item and the sidebar stay. */
export function setCollapsed(state: EditorState, action: SetCollapsedAction): EditorState {
  const collapsed = action.collapsed ?? !state.menu.collapsed
  if (collapsed === state.menu.collapsed) return state
  return { ...state, menu: { ...state.menu, collapsed } }
}
