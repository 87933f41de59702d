/**
 * The site's own texts in the visitor's language, in real Chromium (issue 33 points 2, 5 and 8):
 * a German visitor goes home → What's On → a listing → the enquiry form and reads the site's
 * words (header, menu, language switcher, grid controls, the listing page's labels, the form's
 * labels and its validation messages) in German; the same path in Simplified Chinese. Each page
 * hydrates without a mismatch, downloads its own language's texts and no other's, and the German
 * and Chinese home pages are axe clean. The pages' own content (the demo's translations, with the
 * site name in the home link) is demo-translations.test.ts's.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import type { SiteTexts } from '#lib/site-texts/index'
import de from '#lib/site-texts/de'
import zhHans from '#lib/site-texts/zh-Hans'
import { DEMO_TRANSLATIONS } from '#server/demo/translations/index'
import { axe, formatViolations, openVisitorBrowser } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()

const visitor = openVisitorBrowser()

/** A text only German's and only Chinese's texts module holds (the pause button of a header video). */
const MARKERS = { de: de.blocks.header.pauseVideo, 'zh-Hans': zhHans.blocks.header.pauseVideo }

interface Visit {
  page: Page
  /** Every script the browser downloaded, with its text. */
  scripts: { url: string; body: string }[]
  /** Console errors and warnings (React reports a hydration mismatch there). */
  problems: string[]
}

async function visit(): Promise<Visit> {
  const page = await visitor.newPage()
  const result: Visit = { page, scripts: [], problems: [] }
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') result.problems.push(message.text())
  })
  page.on('pageerror', (error) => result.problems.push(error.message))
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    void response.text().then(
      (body) => result.scripts.push({ url: response.url(), body }),
      () => {},
    )
  })
  return result
}

async function hydrated(page: Page) {
  await page.waitForSelector('html[data-hydrated="true"]')
}

const hydrationProblems = (problems: string[]) => problems.filter((p) => /hydrat|did not match|server rendered/i.test(p))

const languages: { code: 'de' | 'zh-Hans'; prefix: string; t: SiteTexts; month: string }[] = [
  { code: 'de', prefix: '/de', t: de, month: 'März' },
  { code: 'zh-Hans', prefix: '/zh-hans', t: zhHans, month: '三月' },
]

describe.each(languages)('a visitor in $code', ({ code, prefix, t, month }) => {
  test('reads the site texts in the language from home to What’s On, a listing and the enquiry form', async () => {
    const { page, scripts, problems } = await visit()

    // Home: the header, its menu and the language switcher.
    const response = await page.goto(`${baseUrl}${prefix}/`)
    expect(response?.status()).toBe(200)
    await hydrated(page)
    expect(await page.getAttribute('html', 'lang')).toBe(code)
    await expect.poll(() => page.locator('.skip-link').textContent()).toBe(t.site.skipToContent)
    expect(await page.locator(`nav[aria-label="${t.site.mainNav}"]`).count()).toBe(1)
    expect(await page.locator(`[aria-label="${t.site.language.label}"]`).count()).toBeGreaterThan(0)
    expect(await page.locator('summary', { hasText: t.site.menu }).count()).toBe(1)
    expect(await page.getByRole('link', { name: t.site.home(DEMO_TRANSLATIONS[code]?.nav.siteName ?? 'Barossa') }).count()).toBe(1)
    // The consent banner, if the demo asks for consent.
    const banner = page.getByRole('button', { name: t.consent.accept })
    if (await banner.count()) expect(await page.getByRole('button', { name: t.consent.decline }).count()).toBe(1)

    // What's On: the grid's controls, its count and its cards.
    await page.goto(`${baseUrl}${prefix}/whats-on`)
    await hydrated(page)
    const grid = page.locator('[data-listings-grid]')
    expect(await grid.getAttribute('aria-label')).toBe(t.listings.grid.label)
    expect(await page.getByLabel(t.listings.grid.keywords).count()).toBe(1)
    expect(await page.getByPlaceholder(t.listings.grid.keywordsPlaceholder).count()).toBe(1)
    await expect.poll(() => grid.innerText()).toMatch(new RegExp(t.listings.grid.results(0).replace('0', '\\d+')))
    const viewToggle = page.getByRole('group', { name: t.map.view })
    expect(await viewToggle.getByRole('button', { name: t.map.list }).count()).toBe(1)
    expect(await viewToggle.getByRole('button', { name: t.map.map }).count()).toBe(1)
    expect(await page.locator('summary', { hasText: t.listings.grid.filters }).count()).toBe(1)

    // A listing: the page's labels.
    const card = page.locator(`[data-listings-grid] a[href^="${prefix}/listing/"]`).first()
    const listingPath = await card.getAttribute('href')
    await card.click()
    await page.waitForURL((url) => url.pathname === listingPath)
    // (textContent: the labels are upper case on the screen by CSS only.)
    const main = page.locator('main')
    await expect.poll(() => main.textContent()).toContain(t.listings.page.facilities)
    expect(await main.textContent()).toContain(t.listings.page.cancellation)
    expect(await main.textContent()).toContain(t.map.openInMaps)
    for (const english of ['Facilities', 'Cancellation Policy', 'Book Your Experience', '(opens in a new tab)'])
      expect(await main.textContent()).not.toContain(english)

    // The enquiry: the header's call to action leads to the visitor centre's form.
    await page.locator(`header a[href^="${prefix}/plan-your-visit"]`).first().click()
    await page.waitForURL((url) => url.pathname === `${prefix}/plan-your-visit`)
    const form = page.locator('[data-concierge-form]')
    await form.waitFor()
    expect(await form.getByRole('heading', { name: t.concierge.heading }).count()).toBe(1)
    expect(await form.getByRole('button', { name: t.concierge.steps.contact }).count()).toBe(1)
    expect(await form.getByRole('textbox', { name: t.concierge.labels.firstName, exact: true }).count()).toBe(1)
    const email = form.getByRole('textbox', { name: t.concierge.labels.email, exact: true })
    expect(await email.count()).toBe(1)
    // Validation messages: nothing filled in, then a malformed address.
    await form.getByRole('button', { name: t.concierge.nextStep }).first().click()
    await expect.poll(() => form.innerText()).toContain(t.concierge.required)
    await email.fill('not-an-address')
    await expect.poll(() => form.innerText()).toContain(t.concierge.wrongEmail)
    // The month choices are in the language (their values stay the spec's English).
    const monthOption = form.locator(`select[name="monthToVisit"] option[value="March"]`)
    expect(await monthOption.textContent()).toBe(month)
    expect(await form.getByRole('button', { name: t.concierge.send }).count()).toBe(1)

    // Hydrated as rendered, every page of the way.
    expect(hydrationProblems(problems)).toEqual([])
    // Its own language's texts were downloaded, the other's never.
    const other = code === 'de' ? 'zh-Hans' : 'de'
    expect(
      scripts.some((s) => s.body.includes(MARKERS[code])),
      `${code} texts downloaded`,
    ).toBe(true)
    expect(
      scripts.filter((s) => s.body.includes(MARKERS[other])).map((s) => s.url),
      `${other} texts not downloaded`,
    ).toEqual([])
  })

  test('the 404 page and the search page speak the language too', async () => {
    const { page, problems } = await visit()
    const missing = await page.goto(`${baseUrl}${prefix}/no-such-page-${Date.now()}`)
    expect(missing?.status()).toBe(404)
    await hydrated(page)
    expect(await page.locator('h1').innerText()).toBe(t.errors.notFoundTitle)
    expect(await page.locator('main').textContent()).toContain(t.errors.notFoundMessage)
    expect(await page.getByRole('link', { name: t.errors.backHome }).count()).toBe(1)
    expect(await page.locator('main').getByRole('search', { name: t.errors.searchLabel }).count()).toBe(1)

    await page.goto(`${baseUrl}${prefix}/search?q=wine`)
    await hydrated(page)
    expect(await page.locator('main h1').innerText()).toBe(t.searchPage.heading)
    expect(await page.title()).toContain(t.searchPage.resultsTitle('wine'))
    expect(
      await page.getByRole('navigation', { name: t.searchPage.filterByKind }).getByRole('link', { name: t.searchPage.all }).count(),
    ).toBe(1)
    expect(await page.locator('main').textContent()).toMatch(new RegExp(t.searchPage.results(0, 'wine').replace('0', '\\d+')))
    expect(hydrationProblems(problems)).toEqual([])
  })

  test('home page is axe clean', async () => {
    const { page } = await visit()
    await page.goto(`${baseUrl}${prefix}/`, { waitUntil: 'load' })
    await hydrated(page)
    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])
  })
})

test('an English visitor downloads neither the German nor the Chinese texts, and reads the English ones', async () => {
  const { page, scripts, problems } = await visit()
  await page.goto(`${baseUrl}/whats-on`)
  await hydrated(page)
  expect(await page.getAttribute('html', 'lang')).toBe('en-AU')
  expect(await page.getByLabel('Keywords').count()).toBe(1)
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((s) => s.body.includes(MARKERS.de) || s.body.includes(MARKERS['zh-Hans'])).map((s) => s.url)).toEqual([])
  expect(hydrationProblems(problems)).toEqual([])
})
