import { describe, expect, it } from 'vitest'
import {
  LOCALE_CODES,
  LOCALES,
  languagesProblem,
  localeAlternates,
  localeOfPrefix,
  localiseRichTextLinks,
  localePath,
  offeredLocales,
  splitLocalePath,
  type DomainLanguages,
} from './locales.ts'

const barossa: DomainLanguages = { default: 'en-AU', others: ['zh-Hans', 'de'] }

describe('locales', () => {
  it('gives every language a distinct lower-case prefix and a valid BCP 47 tag Intl accepts', () => {
    const prefixes = LOCALE_CODES.map((code) => LOCALES[code].prefix)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    for (const code of LOCALE_CODES) {
      expect(LOCALES[code].prefix).toBe(LOCALES[code].prefix.toLowerCase())
      expect(Intl.getCanonicalLocales(code)).toEqual([code])
    }
  })

  it('names the provider market variants of its documentation, one per language but English', () => {
    const variants = LOCALE_CODES.map((code) => LOCALES[code].atdwMarketVariant).filter(Boolean)
    expect(variants.sort()).toEqual(
      ['CHINESE-S', 'CHINESE-T', 'FRENCH', 'GERMAN', 'INDONESIAN', 'ITALIAN', 'JAPANESE', 'KOREAN', 'PORT-EUR', 'SPAN-EUR'].sort(),
    )
    expect(LOCALES['en-AU'].atdwMarketVariant).toBeNull()
  })

  it('finds a language by its prefix in any case', () => {
    expect(localeOfPrefix('zh-hans')).toBe('zh-Hans')
    expect(localeOfPrefix('ZH-Hans')).toBe('zh-Hans')
    expect(localeOfPrefix('de')).toBe('de')
    expect(localeOfPrefix('xx')).toBeNull()
  })

  it('splits an address into the language the domain offers and the address within it', () => {
    expect(splitLocalePath('/de/about', barossa)).toEqual({ locale: 'de', path: '/about' })
    expect(splitLocalePath('/zh-hans/whats-on', barossa)).toEqual({ locale: 'zh-Hans', path: '/whats-on' })
    expect(splitLocalePath('/de', barossa)).toEqual({ locale: 'de', path: '/' })
    expect(splitLocalePath('/de/', barossa)).toEqual({ locale: 'de', path: '/' })
    expect(splitLocalePath('/about', barossa)).toEqual({ locale: 'en-AU', path: '/about' })
    expect(splitLocalePath('/', barossa)).toEqual({ locale: 'en-AU', path: '/' })
    // A language the domain does not offer, and the default's own prefix, are ordinary addresses.
    expect(splitLocalePath('/fr/about', barossa)).toEqual({ locale: 'en-AU', path: '/fr/about' })
    expect(splitLocalePath('/en/about', barossa)).toEqual({ locale: 'en-AU', path: '/en/about' })
    // A page whose slug merely starts with a prefix's letters is not a language.
    expect(splitLocalePath('/denmark', barossa)).toEqual({ locale: 'en-AU', path: '/denmark' })
  })

  it('builds the address of a page in each offered language, the default without a prefix', () => {
    expect(offeredLocales(barossa).map((code) => localePath('/about', code, barossa))).toEqual(['/about', '/zh-hans/about', '/de/about'])
    expect(localePath('/', 'de', barossa)).toBe('/de')
    expect(localePath('/', 'en-AU', barossa)).toBe('/')
    const germanFirst: DomainLanguages = { default: 'de', others: ['en-AU'] }
    expect(localePath('/about', 'en-AU', germanFirst)).toBe('/en/about')
    expect(splitLocalePath('/en/about', germanFirst)).toEqual({ locale: 'en-AU', path: '/about' })
  })

  it('accepts only languages whose site texts ship, each once, the default not repeated', () => {
    expect(languagesProblem({ default: 'en-AU', others: ['zh-Hans', 'de'] })).toBeNull()
    expect(languagesProblem({ default: 'xx', others: [] })?.path).toBe('languages.default')
    expect(languagesProblem({ default: 'en-AU', others: ['fr'] })).toEqual({
      path: 'languages.others.0',
      message: expect.stringContaining('en-AU, de, zh-Hans'),
    })
    expect(languagesProblem({ default: 'en-AU', others: ['de', 'en-AU'] })?.path).toBe('languages.others.1')
    expect(languagesProblem({ default: 'en-AU', others: ['de', 'de'] })?.path).toBe('languages.others.1')
  })

  it('lists a page in every offered language, the default first', () => {
    expect(localeAlternates('/whats-on', barossa)).toEqual([
      { locale: 'en-AU', path: '/whats-on' },
      { locale: 'zh-Hans', path: '/zh-hans/whats-on' },
      { locale: 'de', path: '/de/whats-on' },
    ])
    expect(localeAlternates('/', barossa).map((a) => a.path)).toEqual(['/', '/zh-hans', '/de'])
  })

  it("leads rich text's page links to the page's language, and keeps every other link as written", () => {
    const html =
      '<p>Start at the <a href="/plan-your-visit#visitor-centre">Visitor Centre</a>, read <a href="/zh-hans/about">关于</a>, ' +
      '<a href="/">home</a>, <a class="x" href="/whats-on?when=weekend">events</a>, <a href="/files/map.pdf">map</a>, ' +
      '<a href="/img/abc">picture</a>, <a href="#top">top</a>, <a href="https://example.com/a">them</a>, <a href="//cdn.example/x">cdn</a>, ' +
      '<a href="/de/about">schon deutsch</a>, <a href="/design">design</a>, <a href="/demo/the-barossa-story.pdf">story</a></p>'
    expect(localiseRichTextLinks(html, 'de', barossa)).toBe(
      '<p>Start at the <a href="/de/plan-your-visit#visitor-centre">Visitor Centre</a>, read <a href="/zh-hans/about">关于</a>, ' +
        '<a href="/de">home</a>, <a class="x" href="/de/whats-on?when=weekend">events</a>, <a href="/files/map.pdf">map</a>, ' +
        '<a href="/img/abc">picture</a>, <a href="#top">top</a>, <a href="https://example.com/a">them</a>, <a href="//cdn.example/x">cdn</a>, ' +
        '<a href="/de/about">schon deutsch</a>, <a href="/de/design">design</a>, <a href="/demo/the-barossa-story.pdf">story</a></p>',
    )
    // In the default language every address is kept as written.
    expect(localiseRichTextLinks(html, 'en-AU', barossa)).toBe(html)
  })
})
