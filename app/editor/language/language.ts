/**
 * Editing a page in a further language in place (issue 33 point 3, docs/decisions/025 and 028).
 * The editor's working copy is the shared structure with the language's draft texts laid over it
 * field by field, so the page's views and the in-place editing work as in the default language.
 * Which of its texts are written in the language travels with the working copy (`_translated`,
 * the paths of those texts): undo and redo bring it back with the texts, and only those texts are
 * ever sent. A text showing the default language's (a fallback) is never sent, so never stored.
 * Pure: the reducer and the page saver use it.
 */
import type { LocaleCode } from '#lib/locales'
import { applyTranslation, type TranslatableField, type Translation } from '#lib/translatable'
import type { Path } from '#ui/editing'
import { getIn, setIn } from '../state/paths.ts'
import type { EditorPage } from '../state/types.ts'

/** The working copy's field holding the paths of the texts written in the language. */
export const TRANSLATED = '_translated'
/**
 * The paths of texts filled by machine translation and not yet touched by the editor (decision
 * 039): marked for review; typing in one takes it off the list.
 */
export const SUGGESTED = '_suggested'

/** What the editor holds of the language it edits in. */
export interface LanguageEditing {
  locale: LocaleCode
  /** The domain's default language, whose texts show where a translation is missing. */
  defaultLocale: LocaleCode
  /** The shared structure with the default language's texts (what a field without a translation shows). */
  structure: EditorPage
  /** The structure's translatable texts (pageFields), with their ids and default texts. */
  fields: TranslatableField[]
}

/** A language's draft as the route or the translation API answers it. */
export interface LoadedLanguage {
  fields: Translation
  /** The draft's fields a machine suggested and nobody reviewed yet (kept with the draft, decision 041). */
  suggested?: readonly string[]
  version: number
  /** Published in this language (the route says a boolean, the API the published map). */
  published: boolean | Translation | null
  lastPublished: string | null
  updatedAt?: string | null
}

export const pathKey = (path: readonly (string | number)[]) => path.join('.')

const listOf = (page: EditorPage | null | undefined, key: string): Set<string> =>
  new Set(Array.isArray(page?.[key]) ? (page[key] as unknown[]).filter((k): k is string => typeof k === 'string') : [])
const translatedOf = (page: EditorPage | null | undefined) => listOf(page, TRANSLATED)
/** The paths (pathKey) of the machine suggestions not yet reviewed. */
export const suggestedOf = (page: EditorPage | null | undefined) => listOf(page, SUGGESTED)

const startsWith = (path: readonly (string | number)[], prefix: Path) =>
  prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]))

/**
 * The working copy in a language: the structure with the language's texts over it, its stamps the
 * language's (version, published), and the paths of the texts written in it.
 */
export function languagePage(structure: EditorPage, fields: readonly TranslatableField[], loaded: LoadedLanguage): EditorPage {
  const page = applyTranslation(structure, fields, loaded.fields)
  const translated = fields
    .filter((field) => !!loaded.fields[field.id])
    .map((field) => pathKey(field.path))
    .sort()
  const stored = new Set(loaded.suggested ?? [])
  const suggested = fields
    .filter((field) => stored.has(field.id) && !!loaded.fields[field.id])
    .map((field) => pathKey(field.path))
    .sort()
  return {
    ...page,
    version: loaded.version,
    published: !!loaded.published,
    lastPublished: loaded.lastPublished,
    updatedAt: loaded.updatedAt ?? undefined,
    [TRANSLATED]: translated,
    ...(suggested.length ? { [SUGGESTED]: suggested } : {}),
  }
}

/** The ids of the texts to send that are machine suggestions not yet reviewed (saved with the draft, decision 041). */
export function suggestionsToSend(page: EditorPage, fields: readonly TranslatableField[]): string[] {
  const translated = translatedOf(page)
  const suggested = suggestedOf(page)
  return fields.filter((field) => translated.has(pathKey(field.path)) && suggested.has(pathKey(field.path))).map((field) => field.id)
}

/**
 * The texts to save in the language: every text written in it (an emptied one as '', which removes
 * its translation), nothing else. A text showing the default language's is not among them.
 */
export function translationToSend(page: EditorPage, fields: readonly TranslatableField[]): Translation {
  const translated = translatedOf(page)
  const out: Translation = {}
  for (const field of fields) {
    if (!translated.has(pathKey(field.path))) continue
    const value = getIn(page, field.path)
    out[field.id] = typeof value === 'string' ? value : ''
  }
  return out
}

/**
 * An edit in the language: of `value` set at `path`, only the translatable texts at or under it
 * are taken (a link's label, a picture's alt text, the header's texts, a card's title); addresses,
 * pictures, choices and the blocks themselves are the shared structure and stay. Null when no text
 * changes. Each text changed becomes written in the language.
 */
export function languageEdit(
  page: EditorPage,
  fields: readonly TranslatableField[],
  path: Path,
  value: unknown,
  machine = false,
): EditorPage | null {
  let next = page
  const translated = translatedOf(page)
  const suggested = suggestedOf(page)
  let changed = false
  for (const field of fields) {
    if (!startsWith(field.path, path)) continue
    const text = getIn(value, field.path.slice(path.length))
    if (typeof text !== 'string' || text === getIn(next, field.path)) continue
    // A machine suggestion never replaces a text written in the language.
    if (machine && translated.has(pathKey(field.path)) && getIn(next, field.path) !== '') continue
    next = setIn(next, field.path, text)
    translated.add(pathKey(field.path))
    if (machine) suggested.add(pathKey(field.path))
    else suggested.delete(pathKey(field.path))
    changed = true
  }
  return changed ? { ...next, [TRANSLATED]: [...translated].sort(), [SUGGESTED]: [...suggested].sort() } : null
}

/** Whether the text at `path` shows the default language's text (no translation, or an emptied one). */
export function isUntranslated(page: EditorPage | null, path: readonly (string | number)[]): boolean {
  if (!page) return false
  const value = getIn(page, path as Path)
  return !translatedOf(page).has(pathKey(path)) || value === ''
}

/** The texts with a default text and no translation in the working copy: what is marked and counted. */
export function untranslated(page: EditorPage | null, fields: readonly TranslatableField[]): TranslatableField[] {
  return fields.filter((field) => field.text.trim() !== '' && isUntranslated(page, field.path))
}

/** Whether `path` is a translatable text of the structure (it gets a marker while untranslated). */
export const isTextPath = (fields: readonly TranslatableField[], path: readonly (string | number)[]) => {
  const key = pathKey(path)
  return fields.some((field) => pathKey(field.path) === key)
}

/**
 * After a save in the language: the stored texts (`answer`, which may hold a colleague's merged
 * in) become the saved copy; texts typed while the save was on its way stay in the working copy,
 * and unsaved.
 */
export function afterLanguageSave(
  current: EditorPage,
  sent: EditorPage,
  editing: LanguageEditing,
  answer: LoadedLanguage,
): { page: EditorPage; savedPage: EditorPage } {
  const savedPage = languagePage(editing.structure, editing.fields, answer)
  let page = savedPage
  const translated = translatedOf(savedPage)
  const currentTranslated = translatedOf(current)
  const sentTranslated = translatedOf(sent)
  for (const field of editing.fields) {
    const key = pathKey(field.path)
    const now = getIn(current, field.path)
    const editedSince = now !== getIn(sent, field.path) || currentTranslated.has(key) !== sentTranslated.has(key)
    if (!editedSince) continue
    page = setIn(page, field.path, now)
    if (currentTranslated.has(key)) translated.add(key)
    else translated.delete(key)
  }
  if (page !== savedPage) page = { ...page, [TRANSLATED]: [...translated].sort() }
  // Machine suggestions stay marked for review after they are saved (the saved copy has the stored
  // marks), until the editor types in them: the working copy keeps its own marks, so one typed in
  // while the save was on its way stays off (and is saved off next time).
  const suggested = [...suggestedOf(current)].sort()
  const { [SUGGESTED]: _stored, ...unmarked } = page
  return { page: suggested.length ? { ...unmarked, [SUGGESTED]: suggested } : unmarked, savedPage }
}
