import { deepCopy } from '../page-utils.ts'
import type { LanguageEditing } from '../../language/language.ts'
import { emptyHistory, emptySelection, type EditorPage, type EditorState } from '../types.ts'

export interface LoadPageAction {
  type: 'loadPage'
  /** The page the route loaded, or null when the route has none. */
  page: EditorPage | null
  /**
   * Keep unsaved edits and the undo history when the route data is the same stored version of the
   * same page (a revalidation after saving the navigation, say): only its publish stamps are taken
   * over; older route data is ignored. A different page or a newer version replaces the working copy.
   */
  keepEdits?: boolean
  /** The further language the page is edited in (its working copy is then the page in that language). */
  language?: LanguageEditing | null
}

/** Fields the server changes without a new version (publish, unpublish). */
const META_FIELDS = ['published', 'lastPublished', 'updatedAt'] as const

/**
 * Spec 01 §4: a loaded page is copied from the route's data and is its own saved copy; nothing is
 * dirty yet. The working copy and the saved copy share what has not changed since (every edit copies
 * the path to what it changes), so telling whether the page is dirty compares only the edited
 * parts, not all of a long page on every key (issue 32).
 */
export function loadPage(state: EditorState, action: LoadPageAction): EditorState {
  // The structure may have changed meanwhile (saved in the default language): its texts are the fallbacks.
  const withLanguage = (next: EditorState): EditorState =>
    next === state && (state.language ?? null) === (action.language ?? null) ? next : { ...next, language: action.language ?? null }
  return withLanguage(loadPageIn(state, action))
}

function loadPageIn(state: EditorState, action: LoadPageAction): EditorState {
  const { page: current, savedPage, isDirty } = state.page
  const incoming = action.page
  const incomingVersion = typeof incoming?.version === 'number' ? incoming.version : undefined
  const sameStored = action.keepEdits && current && savedPage && incoming && incoming._id === savedPage._id && incomingVersion !== undefined
  // Route data older than the copy held here (it took in a colleague's draft, or saved, since the
  // route loaded): the copy here is newer, and stays.
  if (sameStored && typeof savedPage.version === 'number' && incomingVersion < savedPage.version) return state
  if (sameStored && incoming.version === savedPage.version && !isDirty) {
    // Nothing unsaved: the route's copy (roles may have changed without a new version), same history.
    const page = deepCopy(incoming)
    return { ...state, page: { ...state.page, page, savedPage: page, isDirty: false } }
  }
  if (sameStored && incoming.version === savedPage.version) {
    const meta: Record<string, unknown> = {}
    for (const field of META_FIELDS) if (field in incoming) meta[field] = deepCopy(incoming[field])
    // The same stored version: unsaved edits and the undo history stay.
    return { ...state, page: { ...state.page, page: { ...current, ...meta }, savedPage: { ...savedPage, ...meta }, isDirty } }
  }
  const page = incoming ? deepCopy(incoming) : null
  // A page loaded afresh starts a new history; the selection pointed into the old one.
  return {
    ...state,
    page: { page, savedPage: page, isDirty: false, history: emptyHistory() },
    selection: emptySelection(),
  }
}
