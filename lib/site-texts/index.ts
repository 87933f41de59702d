/**
 * The site texts of each language (issue 33 points 2 and 8). English is part of every bundle; the
 * others are modules of their own, so a visitor downloads only the language of the page: the
 * browser loads the page's one before hydrating (app/entry.client.tsx, `loadSiteTexts`), the
 * server has them all (app/entry.server.tsx imports ./all.ts). A page's language never changes
 * without a full document load (docs/decisions/019), so the set loaded at start is the one used.
 */
import { DEFAULT_LOCALE, hasSiteTexts, type LocaleCode, type SiteTextLocale } from '#lib/locales'
import { en, type SiteTexts } from './en.ts'

export type { SiteTexts } from './en.ts'

const loaded: Partial<Record<SiteTextLocale, SiteTexts>> = { [DEFAULT_LOCALE]: en }

/** Makes a language's texts available to `siteTextsOf` (its module, once loaded). */
export function registerSiteTexts(locale: SiteTextLocale, siteTexts: SiteTexts): void {
  loaded[locale] = siteTexts
}

/**
 * The site texts of `locale`. English where the language has none or its module is not loaded
 * (it always is where a page in that language renders; the fallback keeps a misconfigured page readable).
 */
export function siteTextsOf(locale: LocaleCode): SiteTexts {
  return (hasSiteTexts(locale) ? loaded[locale] : undefined) ?? en
}

/** Loads the module of a language's texts (a separate chunk in the browser). */
const modules: Record<Exclude<SiteTextLocale, 'en-AU'>, () => Promise<{ default: SiteTexts }>> = {
  de: () => import('./de.ts'),
  'zh-Hans': () => import('./zh-Hans.ts'),
}

/** Loads and registers the texts of `locale` (nothing to do for English or a language without texts). */
export async function loadSiteTexts(locale: string): Promise<void> {
  const code = (Object.keys(modules) as (keyof typeof modules)[]).find((c) => c.toLowerCase() === locale.toLowerCase())
  if (!code || loaded[code]) return
  registerSiteTexts(code, (await modules[code]()).default)
}

const dayFormatters = new Map<LocaleCode, (iso: string) => string>()

/**
 * How a visitor's page writes a calendar day ('YYYY-MM-DD') in a message: undefined for English,
 * whose forms the spec fixes (DD/MM/YYYY, lib/dates.ts); Intl's long date for the others
 * ('1. März 2027', '2027年3月1日').
 */
export function dayFormatter(locale: LocaleCode): ((iso: string) => string) | undefined {
  if (locale === DEFAULT_LOCALE) return undefined
  let formatter = dayFormatters.get(locale)
  if (!formatter) {
    // Made once per language: a new Intl.DateTimeFormat costs milliseconds, and forms ask on every keystroke.
    const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    formatter = (iso) => {
      const at = new Date(`${iso}T00:00:00Z`)
      return Number.isNaN(at.getTime()) ? iso : format.format(at)
    }
    dayFormatters.set(locale, formatter)
  }
  return formatter
}
