import type { FooterDoc, NavDoc } from '#lib/content'
import type { EditKind, Path, SelectOption } from '#ui/editing'
import type { LanguageEditing } from '../language/language.ts'

/**
 * The editor's state: the menu (collapsed, active item, sidebar) and the page being edited.
 * Pure data; the reducer (./reducer.ts) changes it through the actions in ./actions/.
 */

/** The menu items that can be the active one (Collapse and Log out are plain commands). */
export type MenuItemId =
  | 'select'
  | 'createPage'
  | 'savePage'
  | 'saveNav'
  | 'saveFooter'
  | 'publishPage'
  | 'configSettings'
  | 'siteSettings'
  | 'pageSettings'
  | 'dashboard'
  | 'login'

/** What a sidebar can show: a menu item's panel, or the selected component's panel ('component'). */
export type SidebarContent = MenuItemId | 'component'

export type SidebarSide = 'left' | 'right'

/** The page as the editor holds it: any page document with an id. */
export interface EditorPage {
  _id: string
  lastPublished?: string | null
  updatedAt?: string
  [field: string]: unknown
}

export interface MenuState {
  collapsed: boolean
  activeItem: MenuItemId | null
  sidebar: { open: boolean; content: SidebarContent | null; side: SidebarSide }
  /**
   * The active item was chosen while Select Component was on: closing its panel turns editing back
   * on, so an editor does not choose Select Component again after every panel (issue 17).
   */
  resumeSelect: boolean
}

export interface PageState {
  /** The page as currently edited. */
  page: EditorPage | null
  /** A deep copy of the page as last loaded or saved. */
  savedPage: EditorPage | null
  /** The page differs from the saved copy. */
  isDirty: boolean
  /** Undo/redo: every page edit is one step (typing bursts in one field coalesce). */
  history: PageHistory
}

export interface PageHistory {
  /** Earlier pages, oldest first. */
  past: EditorPage[]
  /** Undone pages, next redo first. */
  future: EditorPage[]
  /** The coalescing group of the last step (a field being typed into) and when it was made. */
  group: string | null
  at: number
}

/** An editable element the editor has made active (spec 01 §4 "active content"). */
export interface FieldRef {
  /** Absolute path of the value in the page. */
  path: Path
  /** How it is edited; 'editor': by the named sidebar editor `editor` (SidebarEditorButton). */
  kind: EditKind | 'editor'
  /** A named sidebar editor (app/editor/header `headerEditors`), for kind 'editor'. */
  editor?: string | undefined
  label?: string | undefined
  options?: readonly SelectOption[] | undefined
  newItem?: unknown
  max?: number | undefined
  cropSizes?: Readonly<Record<string, { width: number; height: number }>> | undefined
}

/** What the selected component's sidebar panel shows. */
export type SelectionView = 'block' | 'spacing' | 'settings' | 'field'

export interface SelectionState {
  /** The active component (green), as an absolute path such as ['contents', 2]. */
  block: Path | null
  /** The active content (orange). */
  field: FieldRef | null
  view: SelectionView
}

/**
 * The version stamps a site document is loaded with (sent back on save: no lost updates). A type,
 * not an interface: the routes take a document as an open object, which only a type alias meets.
 */
export type SiteDocMeta = {
  version?: number
  lastPublished?: string | null
  updatedAt?: string | null
}

/** The navigation and footer as the editor holds them while editing them in place. */
export type EditableNav = Omit<NavDoc, 'domainId'> & { domainId?: string } & SiteDocMeta
export type EditableFooter = Omit<FooterDoc, 'domainId'> & { domainId?: string } & SiteDocMeta

export interface SiteDocs {
  nav: EditableNav
  footer: EditableFooter
}
export type SiteDocKind = keyof SiteDocs

/** A site document being edited: the working copy, the copy as last loaded or saved, and whether they differ. */
export interface SiteDocState<T> {
  doc: T
  saved: T
  isDirty: boolean
}

/** Null until the editor opens the document's panel (then loaded from the server). */
export type SiteState = { [K in SiteDocKind]: SiteDocState<SiteDocs[K]> | null }

/** A site document of either kind, with its kind (for the actions). */
export type SiteDocPayload = { [K in SiteDocKind]: { kind: K; doc: SiteDocs[K] } }[SiteDocKind]

/**
 * The navigation's or footer's texts in the further language the editor is in (issue 33): only
 * what was written in it (an empty field falls back to the default language's text and is never
 * stored), as loaded or last saved, and the version they were loaded at (no lost updates).
 */
export interface SiteTranslationState {
  locale: string
  texts: Readonly<Record<string, string>>
  saved: Readonly<Record<string, string>>
  version: number
  published: boolean
  isDirty: boolean
}

/** Null until the editor opens the document's panel in a further language. */
export type SiteTranslations = { [K in SiteDocKind]: SiteTranslationState | null }

export interface EditorState {
  menu: MenuState
  page: PageState
  site: SiteState
  siteTranslations: SiteTranslations
  selection: SelectionState
  /**
   * The further language the page is edited in (its address's, /de/about), null in the default
   * language. In a language only its texts change: the structure is the default language's.
   */
  language: LanguageEditing | null
}

export const emptyHistory = (): PageHistory => ({ past: [], future: [], group: null, at: 0 })
export const emptySelection = (): SelectionState => ({ block: null, field: null, view: 'block' })

export const initialEditorState = (collapsed = false): EditorState => ({
  menu: { collapsed, activeItem: null, sidebar: { open: false, content: null, side: 'right' }, resumeSelect: false },
  page: { page: null, savedPage: null, isDirty: false, history: emptyHistory() },
  site: { nav: null, footer: null },
  siteTranslations: { nav: null, footer: null },
  selection: emptySelection(),
  language: null,
})
