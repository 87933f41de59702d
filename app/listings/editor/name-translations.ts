/**
 * A listing category's name or the friendly tag names in each further language of the domain
 * (issue 33; the translation service's kinds `category` and `tags`). The inputs hold only what was
 * written in a language: the default language's name is their placeholder, never their value, so
 * a save sends no fallback. Saved and published after the default language's names, which they
 * translate (a language of a never-published category or tag list cannot be published).
 */
import { useEffect, useState } from 'react'
import type { LocaleCode } from '#lib/locales'
import { getApi, postApi } from '#ui/api.ts'

interface LoadedNames {
  fields: Record<string, string>
  version: number
}

export type NameKind = 'category' | 'tags'

/** Per language: the names written in it (key → name) and the version they were loaded at. */
export type NamesByLanguage = Partial<Record<LocaleCode, LoadedNames>>

/** Only the names written: an emptied one is left out, which removes its translation. */
export function writtenNames(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, name]) => name.trim() !== ''))
}

export function useNameTranslations(kind: NameKind, id: string | undefined, locales: readonly LocaleCode[]) {
  const [names, setNames] = useState<NamesByLanguage>({})
  const [error, setError] = useState<string | null>(null)
  const key = locales.join(',')
  useEffect(() => {
    // A category not saved yet has no translations (nor an id to name them by).
    if (!locales.length || (kind === 'category' && !id)) return
    const controller = new AbortController()
    const query = (locale: LocaleCode) => ({ kind, locale, ...(id ? { id } : {}) })
    Promise.all(locales.map((locale) => getApi('/translation/load', query(locale), { signal: controller.signal })))
      .then((loaded) => setNames(Object.fromEntries(loaded.map((answer, i) => [locales[i], answer]))))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err))
      })
    return () => controller.abort()
    // `key` stands for the locales (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id, key])

  function set(locale: LocaleCode, field: string, value: string) {
    setNames((current) => {
      const was = current[locale] ?? { fields: {}, version: 0 }
      return { ...current, [locale]: { ...was, fields: { ...was.fields, [field]: value } } }
    })
  }

  /** Saves (or publishes) each language's names; `subjectId` is the category's id once saved. */
  async function store(action: 'save' | 'publish', subjectId: string | undefined) {
    const next: NamesByLanguage = { ...names }
    for (const locale of locales) {
      const current = names[locale] ?? { fields: {}, version: 0 }
      const answer = await postApi(action === 'save' ? '/translation/save' : '/translation/publish', {
        kind,
        locale,
        ...(subjectId ? { id: subjectId } : {}),
        fields: writtenNames(current.fields),
        version: current.version,
      })
      next[locale] = { fields: answer.fields, version: answer.version }
    }
    setNames(next)
  }

  return { names, error, set, store }
}
