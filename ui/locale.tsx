import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, ENGLISH_ONLY, isLocaleCode, localePath, type DomainLanguages, type LocaleCode } from '#lib/locales'
import { siteTextsOf, type SiteTexts } from '#lib/site-texts/index'

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

/**
 * The site texts in the page's language (issue 33 point 2; lib/site-texts/). Visitor-facing
 * components read their words here, never from lib/texts.ts directly; the editor's stay English.
 */
export function useTexts(): SiteTexts {
  return siteTextsOf(useContext(PageLocaleContext).locale)
}

/**
 * The site texts of the page a route's `meta` describes: the root loader's language among the
 * matches (meta runs outside the component tree, so it cannot use the hook).
 */
export function textsOfMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SiteTexts {
  const root = matches.find((match) => match?.id === 'root')?.data as Partial<PageLocale> | undefined
  return siteTextsOf(pageLocaleOf(root).locale)
}

/** The site texts of the document in this browser, for code outside components (the cart's errors). */
export function documentTexts(): SiteTexts {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang
  return siteTextsOf(isLocaleCode(lang) ? lang : DEFAULT_LOCALE)
}
