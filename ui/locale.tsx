import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, ENGLISH_ONLY, localePath, type DomainLanguages, type LocaleCode } from '#lib/locales'

/** What the root loader tells every page about its language (app/root.tsx). */
export interface PageLocale {
  /** The language of this page (its `<html lang>`). */
  locale: LocaleCode
  /** The languages the domain offers. */
  languages: DomainLanguages
}

/** The root loader's locale fields, English only when they are missing (a page rendered before it loaded). */
export function pageLocaleOf(root: Partial<PageLocale> | undefined): PageLocale {
  return { locale: root?.locale ?? DEFAULT_LOCALE, languages: root?.languages ?? ENGLISH_ONLY }
}

/**
 * Provided by the root layout from its loader. A context rather than `useRouteLoaderData`, so that
 * blocks render outside a data router too (the block library's tests, the editor's previews): there
 * they are English only.
 */
export const PageLocaleContext = createContext<PageLocale>(pageLocaleOf(undefined))

/**
 * The page's language and the domain's languages (docs/decisions/019). `href(path, locale?)` is the
 * visitor address of a path within a language: what a plain `<a>` or a full-page load needs. A
 * React Router `<Link>`, `navigate()` or `<Form>` adds the page's own prefix by itself (the
 * language is the router's basename), so they take the path within the language.
 */
export function useLocale(): PageLocale & { href: (path: string, locale?: LocaleCode) => string } {
  const root = useContext(PageLocaleContext)
  return { ...root, href: (path, locale = root.locale) => localePath(path, locale, root.languages) }
}
