/**
 * The demo's own content in German and Simplified Chinese, in real Chromium (issue 33 point 7): a
 * visitor at /de/ or /zh-hans/ reads the home page's header and blocks, the navigation and the
 * footer in the language (the translations seeded and published with the demo), What's On's title
 * too, and a visitor at / still reads English. The site's own texts are site-texts.test.ts's.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import de from '#lib/site-texts/de'
import { en } from '#lib/site-texts/en'
import zhHans from '#lib/site-texts/zh-Hans'
import { DEMO_TRANSLATIONS } from '#server/demo/translations/index'
import { openVisitorBrowser } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()

const visitor = openVisitorBrowser({ viewport: { width: 1440, height: 900 } })

async function open(path: string): Promise<Page> {
  const page = await visitor.newPage()
  const response = await page.goto(`${baseUrl}${path}`)
  expect(response?.status()).toBe(200)
  return page
}

/** What a visitor reads: the header's title, the first section heading, the main navigation's and the footer's words. */
async function read(page: Page, mainNav: string) {
  const navLinks = page.locator(`nav[aria-label="${mainNav}"] .nav-link`)
  const footer = page.locator('[data-site-footer]')
  return {
    h1: (await page.locator('h1').first().innerText()).trim(),
    // Text content, not innerText: the flag and some labels are set in capitals by the style.
    main: (await page.locator('main').textContent()) ?? '',
    nav: (await navLinks.allTextContents()).map((text) => text.trim()),
    footer: (await footer.textContent()) ?? '',
  }
}

/** Every link to a page of the site, in the main navigation and the page, stays in the language. */
async function expectLinksInLanguage(page: Page, prefix: string, mainNav: string) {
  const hrefs = await page
    .locator(`main a[href^="/"], nav[aria-label="${mainNav}"] a[href^="/"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
  expect(hrefs.length).toBeGreaterThan(5)
  expect(hrefs.filter((href) => !href.startsWith(`${prefix}/`) && href !== prefix && !/^\/(files|img)\//.test(href))).toEqual([])
}

const languages = [
  { code: 'de', prefix: '/de', t: de, lang: 'de', texts: DEMO_TRANSLATIONS.de! },
  { code: 'zh-Hans', prefix: '/zh-hans', t: zhHans, lang: 'zh-Hans', texts: DEMO_TRANSLATIONS['zh-Hans']! },
] as const

describe.each(languages)('a visitor in $code', ({ prefix, t, lang, texts }) => {
  const home = texts.pages['']!

  test('reads the home page, its navigation and its footer in the language', async () => {
    const page = await open(`${prefix}/`)
    expect(await page.locator('html').getAttribute('lang')).toBe(lang)
    const seen = await read(page, t.site.mainNav)
    expect(seen.h1).toBe(home['header.title'])
    expect(seen.main).toContain(home['header.flagText'])
    expect(seen.main).toContain(home['home-intro/title'])
    expect(seen.main).toContain(home['home-where-to-begin/items.0.title'])
    expect(seen.main).not.toContain('A valley that takes its time')
    // Every item of the main navigation, in the language and in order.
    expect(seen.nav).toEqual([0, 1, 2, 3, 4, 5].map((i) => texts.nav[`items.${i}.text`]))
    for (const id of ['copy', 'linkGroups.0.title', 'linkGroups.1.links.0.text', 'privacy.text'])
      expect(seen.footer).toContain(texts.footer[id])
    expect(seen.footer).not.toContain('Getting here')
    expect(await page.getByRole('link', { name: t.site.home(texts.nav.siteName!) }).count()).toBe(1)
    await expectLinksInLanguage(page, prefix, t.site.mainNav)
    // The longer words still fit the header's row: its last item (the Visitor Centre button) ends
    // inside the header's margin, not at the window's edge or beyond.
    const header = await page.evaluate(() => {
      const row = document.querySelector('header .container-site')!
      const contentRight = row.getBoundingClientRect().right - parseFloat(getComputedStyle(row).paddingRight)
      return {
        lastRight: row.lastElementChild!.getBoundingClientRect().right,
        contentRight,
        pageWidth: document.documentElement.scrollWidth,
      }
    })
    expect(header.lastRight).toBeLessThanOrEqual(header.contentRight + 1)
    expect(header.pageWidth).toBe(1440)
  })

  test('reads What’s On’s, About’s and a chapter’s titles in the language', async () => {
    const chapter = 'chapters/barossa-story/the-first-vines'
    const titles: [string, string | undefined][] = [
      ['whats-on', texts.pages['whats-on']?.['header.title']],
      ['about', texts.pages.about?.['header.title']],
      [chapter, texts.chapters[chapter]?.['header.title']],
    ]
    for (const [slug, title] of titles) {
      const page = await open(`${prefix}/${slug}`)
      expect((await page.locator('h1').first().innerText()).trim()).toBe(title)
    }
  })

  test('follows rich text links in the language, also where the text itself is not translated yet', async () => {
    // Things to do's rich text is English in the demo; its link to Plan your visit leads to the language's page.
    const page = await open(`${prefix}/things-to-do`)
    await expectLinksInLanguage(page, prefix, t.site.mainNav)
    const link = page.locator(`main .prose-rich a[href="${prefix}/plan-your-visit"]`)
    await expect.poll(() => link.count()).toBe(1)
    await link.click()
    await page.waitForURL(`${baseUrl}${prefix}/plan-your-visit`)
    expect(await page.locator('html').getAttribute('lang')).toBe(lang)
  })
})

test('a visitor at / still reads English', async () => {
  const page = await open('/')
  expect(await page.locator('html').getAttribute('lang')).toBe('en-AU')
  const seen = await read(page, en.site.mainNav)
  expect(seen.h1).toBe('Barossa')
  expect(seen.main).toContain('A valley that takes its time')
  expect(seen.nav).toEqual(['Things to do', "What's On", 'Stay', 'Eat and drink', 'Plan your visit', 'About'])
  expect(seen.footer).toContain('© Barossa Visitor Centre. Demo content.')
  expect(seen.footer).toContain('Getting here')
})
