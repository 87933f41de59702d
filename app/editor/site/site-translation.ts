/**
 * The navigation's and footer's texts in a further language (issue 33), as the editor shows them:
 * which texts there are, what each is called, and the document with a language's texts over it.
 * Pure: the panel (SiteDocTranslation) and the page's header and footer preview (EditorRoot) use it.
 */
import { footerSchema, navSchema } from '#lib/content'
import { editorTexts } from '#lib/editor-texts'
import { applyTranslation, collectTranslatable, type TranslatableField } from '#lib/translatable'
import { writtenTexts } from '../state/actions/site-translations.ts'
import type { SiteDocKind, SiteDocs } from '../state/types.ts'

const t = editorTexts.language
const schemas = { nav: navSchema, footer: footerSchema } as const

/** A text's name from its place in the document: ['items', 0, 'groups', 1, 'title'] -> "Menu item 1, link group 2, title". */
export function siteTextName(path: readonly (string | number)[]): string {
  const parts: string[] = []
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!
    if (typeof segment === 'number') continue
    const word = (t.siteTexts.names as Readonly<Record<string, string>>)[segment] ?? segment
    const next = path[i + 1]
    if (typeof next === 'number') parts.push(`${word} ${next + 1}`)
    // A link's text is the link itself ("Menu item 2"), unless the text stands alone.
    else if (segment !== 'text' || parts.length === 0) parts.push(word)
  }
  const name = parts.join(', ')
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The translatable texts of the default language's working copy (the structure the language translates). */
export function siteTextsOf(kind: SiteDocKind, doc: SiteDocs[SiteDocKind] | null | undefined): TranslatableField[] {
  if (!doc) return []
  const parsed = schemas[kind].safeParse(doc)
  return parsed.success ? collectTranslatable(schemas[kind], parsed.data).filter((field) => field.text.trim() !== '') : []
}

/** The default language's working copy with the language's written texts over it (what its visitors would read). */
export function translatedSiteDoc<K extends SiteDocKind>(kind: K, doc: SiteDocs[K], texts: Readonly<Record<string, string>>): SiteDocs[K] {
  return applyTranslation(doc, siteTextsOf(kind, doc), writtenTexts(texts))
}
