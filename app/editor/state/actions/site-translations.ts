import type { EditorState, SiteDocKind, SiteTranslationState } from '../types.ts'

type Texts = Readonly<Record<string, string>>

export interface LoadSiteTranslationAction {
  type: 'loadSiteTranslation'
  kind: SiteDocKind
  locale: string
  texts: Texts
  version: number
  published: boolean
}

export interface EditSiteTranslationAction {
  type: 'editSiteTranslation'
  kind: SiteDocKind
  /** The field's id in a translation (`items.1.text`). */
  id: string
  text: string
}

export interface MarkSiteTranslationSavedAction {
  type: 'markSiteTranslationSaved'
  kind: SiteDocKind
  texts: Texts
  version: number
  published: boolean
}

/** Only the texts written: an emptied field is left out, so it falls back and no fallback is stored. */
export function writtenTexts(texts: Texts): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''))
}

function sameTexts(a: Texts, b: Texts): boolean {
  const x = writtenTexts(a)
  const y = writtenTexts(b)
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key])
}

const withSlot = (state: EditorState, kind: SiteDocKind, slot: SiteTranslationState | null): EditorState => ({
  ...state,
  siteTranslations: { ...state.siteTranslations, [kind]: slot },
})

/** A language's texts of the navigation or footer as the server answered them. */
export function loadSiteTranslation(state: EditorState, action: LoadSiteTranslationAction): EditorState {
  const { kind, locale, texts, version, published } = action
  return withSlot(state, kind, { locale, texts: { ...texts }, saved: { ...texts }, version, published, isDirty: false })
}

/** A text typed in the language: dirty while the written texts differ from the saved ones. */
export function editSiteTranslation(state: EditorState, action: EditSiteTranslationAction): EditorState {
  const slot = state.siteTranslations[action.kind]
  if (!slot) return state
  const texts = { ...slot.texts, [action.id]: action.text }
  return withSlot(state, action.kind, { ...slot, texts, isDirty: !sameTexts(texts, slot.saved) })
}

/** The server stored the texts (its answer, with the new version): they are the saved copy now. */
export function markSiteTranslationSaved(state: EditorState, action: MarkSiteTranslationSavedAction): EditorState {
  const slot = state.siteTranslations[action.kind]
  if (!slot) return state
  const { texts, version, published } = action
  return withSlot(state, action.kind, { ...slot, texts: { ...texts }, saved: { ...texts }, version, published, isDirty: false })
}
