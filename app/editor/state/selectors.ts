import type { EditorState, SiteDocKind } from './types.ts'

/** Anything the editor changed and has not saved: the page, the navigation or the footer (in any language). */
export function hasUnsavedChanges(state: Pick<EditorState, 'page' | 'site'> & Partial<Pick<EditorState, 'siteTranslations'>>): boolean {
  return (
    state.page.isDirty ||
    !!state.site.nav?.isDirty ||
    !!state.site.footer?.isDirty ||
    !!state.siteTranslations?.nav?.isDirty ||
    !!state.siteTranslations?.footer?.isDirty
  )
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

/** The same for the texts in a further language: while their panel is open, and while they are unsaved. */
export function showsTranslationWorkingCopy(state: Pick<EditorState, 'menu' | 'siteTranslations'>, kind: SiteDocKind): boolean {
  const slot = state.siteTranslations[kind]
  if (!slot) return false
  const item = kind === 'nav' ? 'saveNav' : 'saveFooter'
  return state.menu.activeItem === item || slot.isDirty
}
