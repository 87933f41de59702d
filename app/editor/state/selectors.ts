import type { EditorState, SiteDocKind } from './types.ts'

/** Anything the editor changed and has not saved: the page, the navigation or the footer. */
export function hasUnsavedChanges(state: Pick<EditorState, 'page' | 'site'>): boolean {
  return state.page.isDirty || !!state.site.nav?.isDirty || !!state.site.footer?.isDirty
}

/**
 * Whether the page shows the editor's working copy of the navigation or footer: while its panel is
 * the active item, and afterwards as long as it has unsaved changes (what is shown is what would
 * be saved; nothing changes back silently).
 */
export function showsWorkingCopy(state: Pick<EditorState, 'menu' | 'site'>, kind: SiteDocKind): boolean {
  const doc = state.site[kind]
  if (!doc) return false
  const item = kind === 'nav' ? 'saveNav' : 'saveFooter'
  return state.menu.activeItem === item || doc.isDirty
}
