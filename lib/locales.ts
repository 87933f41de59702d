/**
 * The languages a domain can offer its visitors (issue 33), one entry each: how the language
 * appears in addresses, in `<html lang>` and `hreflang`, in `Intl`, in the language switcher, in
 * the tourism provider's feed (Atlas "market variants", `mv=`), and which PostgreSQL text-search
 * configuration stems its words. Everything else (routing, texts, search, the sync) reads this
 * table; nothing else names a language.
 *
 * The default language of the product is Australian English: its addresses carry no prefix, and
 * the provider's plain (English) profile is its content. A domain chooses its default and further
 * languages among these (server/services/domains.ts).
 */

export interface LocaleInfo {
  /** BCP 47 tag, as stored with content and sent in `<html lang>` and `hreflang`. */
  code: LocaleCode
  /** Address prefix for a non-default language (`/de/about`, `/zh-hans/whats-on`): lower-case. */
  prefix: string
  /** The language's name in itself, for the switcher ("Deutsch", "简体中文"). */
  name: string
  /** The language's name in English, for editors and logs. */
  englishName: string
  /** The Atlas API's market variant (`mv=`) holding this language's translations; null for English. */
  atdwMarketVariant: string | null
  /**
   * PostgreSQL text-search configuration for this language's words ('simple' where PostgreSQL has
   * no stemmer). Chinese, Japanese and Korean have no word spaces: `cjk` marks them, and search
   * matches their text by character n-grams instead (listings/search, server/services/search.ts).
   */
  textSearch: string
  cjk: boolean
  /** Writing direction; every language offered today is left to right. */
  dir: 'ltr'
}

export const LOCALE_CODES = ['en-AU', 'de', 'fr', 'it', 'es', 'pt', 'id', 'ja', 'ko', 'zh-Hans', 'zh-Hant'] as const
export type LocaleCode = (typeof LOCALE_CODES)[number]

/** The product's default language: addresses without a prefix, the provider's plain profile. */
export const DEFAULT_LOCALE: LocaleCode = 'en-AU'

export const LOCALES: Readonly<Record<LocaleCode, LocaleInfo>> = {
  'en-AU': {
    code: 'en-AU',
    prefix: 'en',
    name: 'English',
    englishName: 'English',
    atdwMarketVariant: null,
    textSearch: 'english',
    cjk: false,
    dir: 'ltr',
  },
  de: {
    code: 'de',
    prefix: 'de',
    name: 'Deutsch',
    englishName: 'German',
    atdwMarketVariant: 'GERMAN',
    textSearch: 'german',
    cjk: false,
    dir: 'ltr',
  },
  fr: {
    code: 'fr',
    prefix: 'fr',
    name: 'Français',
    englishName: 'French',
    atdwMarketVariant: 'FRENCH',
    textSearch: 'french',
    cjk: false,
    dir: 'ltr',
  },
  it: {
    code: 'it',
    prefix: 'it',
    name: 'Italiano',
    englishName: 'Italian',
    atdwMarketVariant: 'ITALIAN',
    textSearch: 'italian',
    cjk: false,
    dir: 'ltr',
  },
  es: {
    code: 'es',
    prefix: 'es',
    name: 'Español',
    englishName: 'Spanish',
    atdwMarketVariant: 'SPAN-EUR',
    textSearch: 'spanish',
    cjk: false,
    dir: 'ltr',
  },
  pt: {
    code: 'pt',
    prefix: 'pt',
    name: 'Português',
    englishName: 'Portuguese',
    atdwMarketVariant: 'PORT-EUR',
    textSearch: 'portuguese',
    cjk: false,
    dir: 'ltr',
  },
  id: {
    code: 'id',
    prefix: 'id',
    name: 'Bahasa Indonesia',
    englishName: 'Indonesian',
    atdwMarketVariant: 'INDONESIAN',
    textSearch: 'indonesian',
    cjk: false,
    dir: 'ltr',
  },
  ja: {
    code: 'ja',
    prefix: 'ja',
    name: '日本語',
    englishName: 'Japanese',
    atdwMarketVariant: 'JAPANESE',
    textSearch: 'simple',
    cjk: true,
    dir: 'ltr',
  },
  ko: {
    code: 'ko',
    prefix: 'ko',
    name: '한국어',
    englishName: 'Korean',
    atdwMarketVariant: 'KOREAN',
    textSearch: 'simple',
    cjk: true,
    dir: 'ltr',
  },
  'zh-Hans': {
    code: 'zh-Hans',
    prefix: 'zh-hans',
    name: '简体中文',
    englishName: 'Chinese (Simplified)',
    atdwMarketVariant: 'CHINESE-S',
    textSearch: 'simple',
    cjk: true,
    dir: 'ltr',
  },
  'zh-Hant': {
    code: 'zh-Hant',
    prefix: 'zh-hant',
    name: '繁體中文',
    englishName: 'Chinese (Traditional)',
    atdwMarketVariant: 'CHINESE-T',
    textSearch: 'simple',
    cjk: true,
    dir: 'ltr',
  },
}

export const isLocaleCode = (value: unknown): value is LocaleCode =>
  typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)

/** The language whose address prefix this is (`de`, `zh-hans`; any case), or null. */
export function localeOfPrefix(prefix: string): LocaleCode | null {
  const lower = prefix.toLowerCase()
  return LOCALE_CODES.find((code) => LOCALES[code].prefix === lower) ?? null
}

/** The languages one domain offers: its default (no prefix) and the others, in the switcher's order. */
export interface DomainLanguages {
  default: LocaleCode
  others: LocaleCode[]
}

export const ENGLISH_ONLY: DomainLanguages = { default: DEFAULT_LOCALE, others: [] }

/** Every language the domain offers, its default first. */
export const offeredLocales = (languages: DomainLanguages): LocaleCode[] => [
  languages.default,
  ...languages.others.filter((code) => code !== languages.default),
]

/**
 * Splits a visitor address into its language and the address within that language:
 * `/de/about` → de, `/about`; `/about` → the default, `/about`. A prefix the domain does not offer
 * is no prefix (`/fr/about` on a domain without French is the page `fr/about`, usually a 404), and
 * the default language's own prefix is not used (its addresses have none).
 */
export function splitLocalePath(pathname: string, languages: DomainLanguages): { locale: LocaleCode; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{4})?)(?=\/|$)/.exec(pathname)
  if (match) {
    const locale = localeOfPrefix(match[1]!)
    if (locale && locale !== languages.default && languages.others.includes(locale))
      return { locale, path: pathname.slice(match[0].length) || '/' }
  }
  return { locale: languages.default, path: pathname || '/' }
}

/** The visitor address of `path` (an address within a language, starting with '/') in `locale`. */
export function localePath(path: string, locale: LocaleCode, languages: DomainLanguages): string {
  const within = path.startsWith('/') ? path : `/${path}`
  if (locale === languages.default) return within
  return `/${LOCALES[locale].prefix}${within === '/' ? '' : within}`
}

/**
 * The languages whose site texts ship (lib/site-texts/): only these can be offered by a domain,
 * since a visitor must never meet a page whose labels are in another language than its `lang`.
 */
export const SITE_TEXT_LOCALES = ['en-AU', 'de', 'zh-Hans'] as const satisfies readonly LocaleCode[]
export type SiteTextLocale = (typeof SITE_TEXT_LOCALES)[number]

export const hasSiteTexts = (code: LocaleCode): code is SiteTextLocale => (SITE_TEXT_LOCALES as readonly string[]).includes(code)

/** A domain's languages, English only for a domain stored before languages existed. */
export const domainLanguagesOf = (domain: { languages?: DomainLanguages } | null | undefined): DomainLanguages =>
  domain?.languages ?? ENGLISH_ONLY

/**
 * Why a choice of languages cannot be stored, or null when it can: the default and each further
 * language must ship site texts, the default is not repeated, and no language is named twice.
 */
export function languagesProblem(languages: { default: string; others: readonly string[] }): { path: string; message: string } | null {
  const shipped = (code: string) => isLocaleCode(code) && hasSiteTexts(code)
  const offer = SITE_TEXT_LOCALES.join(', ')
  if (!shipped(languages.default)) return { path: 'languages.default', message: `The default language must be one of ${offer}` }
  for (const [i, code] of languages.others.entries()) {
    if (!shipped(code)) return { path: `languages.others.${i}`, message: `A further language must be one of ${offer}` }
    if (code === languages.default) return { path: `languages.others.${i}`, message: 'The default language is not also a further language' }
    if (languages.others.indexOf(code) !== i) return { path: `languages.others.${i}`, message: `${code} is named twice` }
  }
  return null
}

/** The same page in every language the domain offers, for `hreflang` links, the sitemap and the switcher. */
export function localeAlternates(path: string, languages: DomainLanguages): { locale: LocaleCode; path: string }[] {
  return offeredLocales(languages).map((locale) => ({ locale, path: localePath(path, locale, languages) }))
}

/**
 * Addresses on the site that are not pages in a language: files, pictures, the API, built assets
 * and the site's own documents. A link to one of them is never given a language prefix.
 */
const NOT_A_PAGE = /^\/(?:files|img|api|assets|health|sitemap\.xml|robots\.txt|manifest\.webmanifest|favicon)(?:[/?#.]|$)/

/** A file anywhere on the site by its extension (the demo's /demo/the-barossa-story.pdf): pages have none. */
const A_FILE = /\.(?:pdf|docx?|xlsx?|pptx?|odt|rtf|txt|csv|ics|zip|jpe?g|png|gif|webp|avif|svg|mp3|mp4|webm|json|xml)(?:[?#]|$)/i

/** Whether an address of the site is a page (in some language), not a file, picture or API call. */
export const isPageAddress = (path: string) => !NOT_A_PAGE.test(path) && !A_FILE.test(path)

/**
 * Rich text in a further language: its links to pages of the site (`href="/about"`) lead to the
 * same language (`/de/about`), as React Router links do by the page's basename. Links that name a
 * language already (`/zh-hans/…`), files, pictures, the API, anchors and other sites are kept.
 */
export function localiseRichTextLinks(html: string, locale: LocaleCode, languages: DomainLanguages): string {
  if (locale === languages.default || !html.includes('href="/')) return html
  const prefixes = new Set(languages.others.map((code) => LOCALES[code].prefix))
  return html.replace(/(<a\b[^>]*?\bhref=")(\/(?!\/)[^"]*)"/g, (whole, start: string, href: string) => {
    if (!isPageAddress(href)) return whole
    const first = /^\/([^/?#]+)/.exec(href)?.[1]
    if (first && prefixes.has(first.toLowerCase())) return whole
    return `${start}${localePath(href, locale, languages)}"`
  })
}
