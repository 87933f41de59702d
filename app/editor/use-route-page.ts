import { useMatches } from 'react-router'
import { collections, type Collection } from '#lib/content'
import { isLocaleCode, type LocaleCode } from '#lib/locales'
import type { LoadedLanguage } from './language/language.ts'
import type { EditorPage } from './state/types.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The page the current route loaded: the deepest match whose data has a `page` with an `_id`; null when none has. */
export function useRoutePage(): EditorPage | null {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData
    if (isRecord(data) && isRecord(data.page) && typeof data.page._id === 'string') return data.page as EditorPage
  }
  return null
}

/**
 * What the editor edits of a route's page: the whole stored draft (`document`, which the route
 * sends to editors with its version stamps) when there is one, else the page as the route gave it.
 */
export function editorPageOf(routePage: EditorPage | null): EditorPage | null {
  if (!routePage) return null
  const document = routePage.document
  if (isRecord(document) && typeof document._id === 'string') return document as EditorPage
  return routePage
}

/** The collection the route's page is stored in ('pages' unless the route says otherwise). */
export function collectionOf(routePage: EditorPage | null): Collection {
  const value = routePage?.collection
  return typeof value === 'string' && (collections as readonly string[]).includes(value) ? (value as Collection) : 'pages'
}

export function useRouteCollection(): Collection {
  return collectionOf(useRoutePage())
}

/**
 * The id and collection of the page the editor holds, for the calls about it (schedules, presence):
 * null for the moment after a navigation when the route has its new page but the editor still
 * holds the previous one (that id asked for in the new route's collection answers 404).
 */
export function useEditedPageRef(pageId: string | null | undefined): { pageId: string; collection: Collection } | null {
  const routePage = useRoutePage()
  if (!pageId || !routePage || routePage._id !== pageId) return null
  return { pageId, collection: collectionOf(routePage) }
}

/** In a further language (/de/about): the language's draft texts the route sent with the page (decision 025); null otherwise. */
export function routeLanguageOf(routePage: EditorPage | null): (LoadedLanguage & { locale: LocaleCode }) | null {
  const translation = routePage?.translation
  if (!isRecord(translation) || !isLocaleCode(translation.locale) || !isRecord(translation.fields)) return null
  const fields: Record<string, string> = {}
  for (const [id, text] of Object.entries(translation.fields)) if (typeof text === 'string') fields[id] = text
  const str = (value: unknown) => (typeof value === 'string' ? value : null)
  return {
    locale: translation.locale,
    fields,
    suggested: Array.isArray(translation.suggested) ? translation.suggested.filter((id): id is string => typeof id === 'string') : [],
    version: typeof translation.version === 'number' ? translation.version : 0,
    published: translation.published === true,
    lastPublished: str(translation.lastPublished),
    updatedAt: str(translation.updatedAt),
  }
}
