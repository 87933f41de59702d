import type { Path } from '#ui/editing'
import { emptySelection, type EditorState, type FieldRef, type SelectionView } from '../types.ts'

export interface SelectBlockAction {
  type: 'selectBlock'
  /** The block to make the active component; null clears the selection. */
  path: Path | null
}

export interface SelectFieldAction {
  type: 'selectField'
  /** The block the field belongs to. */
  block: Path
  field: FieldRef
  /** Open the sidebar with the field's editor (links, lists, images...); inline kinds do not. */
  openSidebar?: boolean
}

export interface OpenComponentPanelAction {
  type: 'openComponentPanel'
  /** Which part of the selected component's panel to show. */
  view: SelectionView
}

/** Spec 01 §4: selecting a component makes it the active one (green); the active content is cleared. */
export function selectBlock(state: EditorState, action: SelectBlockAction): EditorState {
  if (action.path === null) {
    if (state.selection.block === null && state.selection.field === null) return state
    const closes = state.menu.sidebar.content === 'component'
    return {
      ...state,
      selection: emptySelection(),
      menu: closes ? { ...state.menu, sidebar: { ...state.menu.sidebar, open: false, content: null } } : state.menu,
    }
  }
  const view = state.selection.view === 'field' ? 'block' : state.selection.view
  return { ...state, selection: { block: action.path, field: null, view } }
}

/** Selecting content inside a component: the content is active (orange), its component too. */
export function selectField(state: EditorState, action: SelectFieldAction): EditorState {
  const selection = { block: action.block, field: action.field, view: action.openSidebar ? ('field' as const) : state.selection.view }
  if (!action.openSidebar) return { ...state, selection }
  return { ...state, selection, menu: { ...state.menu, sidebar: { open: true, content: 'component', side: 'right' } } }
}

/** Opens the selected component's sidebar panel at one of its views (Settings, Spacing...). */
export function openComponentPanel(state: EditorState, action: OpenComponentPanelAction): EditorState {
  if (!state.selection.block) return state
  return {
    ...state,
    selection: { ...state.selection, view: action.view },
    menu: { ...state.menu, sidebar: { open: true, content: 'component', side: 'right' } },
  }
}
