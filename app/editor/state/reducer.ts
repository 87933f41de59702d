import { clearActiveItem, type ClearActiveItemAction } from './actions/clear-active-item.ts'
import { closeSidebar, type CloseSidebarAction } from './actions/close-sidebar.ts'
import { discardSiteDoc, type DiscardSiteDocAction } from './actions/discard-site-doc.ts'
import { editPage, type EditPageAction } from './actions/edit-page.ts'
import { editSiteDoc, type EditSiteDocAction } from './actions/edit-site-doc.ts'
import { languageSaved, type LanguageSavedAction } from './actions/language-saved.ts'
import { loadPage, type LoadPageAction } from './actions/load-page.ts'
import { loadSiteDoc, type LoadSiteDocAction } from './actions/load-site-doc.ts'
import { markSaved, type MarkSavedAction } from './actions/mark-saved.ts'
import { markSiteDocSaved, type MarkSiteDocSavedAction } from './actions/mark-site-doc-saved.ts'
import {
  editSiteTranslation,
  loadSiteTranslation,
  markSiteTranslationSaved,
  type EditSiteTranslationAction,
  type LoadSiteTranslationAction,
  type MarkSiteTranslationSavedAction,
} from './actions/site-translations.ts'
import { openSidebar, type OpenSidebarAction } from './actions/open-sidebar.ts'
import { setCollapsed, type SetCollapsedAction } from './actions/set-collapsed.ts'
import { toggleActiveItem, type ToggleActiveItemAction } from './actions/toggle-active-item.ts'
import { updatePageMeta, type UpdatePageMetaAction } from './actions/update-page-meta.ts'
import { duplicateBlock, type DuplicateBlockAction } from './actions/duplicate-block.ts'
import { insertBlock, type InsertBlockAction } from './actions/insert-block.ts'
import { moveBlock, type MoveBlockAction } from './actions/move-block.ts'
import { pushValue, type PushValueAction } from './actions/push-value.ts'
import { removeBlock, type RemoveBlockAction } from './actions/remove-block.ts'
import {
  openComponentPanel,
  selectBlock,
  selectField,
  type OpenComponentPanelAction,
  type SelectBlockAction,
  type SelectFieldAction,
} from './actions/selection.ts'
import { setValue, type SetValueAction } from './actions/set-value.ts'
import { takeMerged, type TakeMergedAction } from './actions/take-merged.ts'
import { redo, undo, type RedoAction, type UndoAction } from './history.ts'
import type { EditorState } from './types.ts'

export type EditorAction =
  | ToggleActiveItemAction
  | ClearActiveItemAction
  | SetCollapsedAction
  | OpenSidebarAction
  | CloseSidebarAction
  | LoadPageAction
  | EditPageAction
  | MarkSavedAction
  | TakeMergedAction
  | UpdatePageMetaAction
  | LoadSiteDocAction
  | EditSiteDocAction
  | MarkSiteDocSavedAction
  | DiscardSiteDocAction
  | LoadSiteTranslationAction
  | EditSiteTranslationAction
  | MarkSiteTranslationSavedAction
  | InsertBlockAction
  | MoveBlockAction
  | DuplicateBlockAction
  | RemoveBlockAction
  | SetValueAction
  | PushValueAction
  | UndoAction
  | RedoAction
  | SelectBlockAction
  | SelectFieldAction
  | OpenComponentPanelAction
  | LanguageSavedAction

/** What changes the shared structure: not done in a further language, whose texts only are edited there (decision 028). */
const STRUCTURE_ACTIONS: ReadonlySet<EditorAction['type']> = new Set([
  'insertBlock',
  'moveBlock',
  'duplicateBlock',
  'removeBlock',
  'pushValue',
])

/** The editor's reducer: each action is a pure function in ./actions/ with its tests beside it. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (state.language && STRUCTURE_ACTIONS.has(action.type)) return state
  switch (action.type) {
    case 'toggleActiveItem':
      return toggleActiveItem(state, action)
    case 'clearActiveItem':
      return clearActiveItem(state, action)
    case 'setCollapsed':
      return setCollapsed(state, action)
    case 'openSidebar':
      return openSidebar(state, action)
    case 'closeSidebar':
      return closeSidebar(state, action)
    case 'loadPage':
      return loadPage(state, action)
    case 'editPage':
      return editPage(state, action)
    case 'markSaved':
      return markSaved(state, action)
    case 'takeMerged':
      return takeMerged(state, action)
    case 'updatePageMeta':
      return updatePageMeta(state, action)
    case 'loadSiteDoc':
      return loadSiteDoc(state, action)
    case 'editSiteDoc':
      return editSiteDoc(state, action)
    case 'markSiteDocSaved':
      return markSiteDocSaved(state, action)
    case 'discardSiteDoc':
      return discardSiteDoc(state, action)
    case 'loadSiteTranslation':
      return loadSiteTranslation(state, action)
    case 'editSiteTranslation':
      return editSiteTranslation(state, action)
    case 'markSiteTranslationSaved':
      return markSiteTranslationSaved(state, action)
    case 'insertBlock':
      return insertBlock(state, action)
    case 'moveBlock':
      return moveBlock(state, action)
    case 'duplicateBlock':
      return duplicateBlock(state, action)
    case 'removeBlock':
      return removeBlock(state, action)
    case 'setValue':
      return setValue(state, action)
    case 'pushValue':
      return pushValue(state, action)
    case 'undo':
      return undo(state, action)
    case 'redo':
      return redo(state, action)
    case 'selectBlock':
      return selectBlock(state, action)
    case 'selectField':
      return selectField(state, action)
    case 'openComponentPanel':
      return openComponentPanel(state, action)
    case 'languageSaved':
      return languageSaved(state, action)
  }
}
