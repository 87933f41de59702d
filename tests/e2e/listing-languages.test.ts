/**
 * Listings in the visitor's language, in real Chromium (issue 33 points 4 and 5, decision 030): the
 * demo's provider (the fake Atlas server) translates part of its listings into German and Simplified
 * Chinese; a German visitor reads a translated listing's page in German, and German words find it in
 * the Stay grid and the site search; Chinese words find a Chinese one; an English visitor reads and
 * finds English as before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { ListingCard } from '#lib/listings'
import { lendBrowser, screenshot, screenshotIfFailed } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { fetchListings } from '../helpers/site.ts'

const baseUrl = laneBaseUrl()

let browser: Browser
let context: BrowserContext | undefined
let page: Page | undefined
let english: ListingCard[]

/** The Stay grid's listings, as the grid asks for them in a language. */
const stay = async (locale?: string) =>
  (await fetchListings(baseUrl, { categoryFilterId: 'demo-stay', limit: 100, ...(locale ? { locale } : {}) })).listings

/** A listing the provider translated into the language (its name differs from the English one), preferring one with a translated description. */
async function translatedIn(locale: string): Promise<{ card: ListingCard; english: ListingCard }> {
  const cards = (await stay(locale)).map((card) => ({ card, english: english.find((e) => e._id === card._id)! }))
  const translated = cards.filter(({ card, english }) => card.name !== english.name)
  expect(translated.length).toBeGreaterThan(0)
  return translated.find(({ card, english }) => card.description !== english.description) ?? translated[0]!
}

beforeAll(async () => {
  browser = await lendBrowser()
  english = await stay()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async (test) => {
  await screenshotIfFailed(test, page)
  await context?.close()
})

async function open(path: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(30_000)
  context.setDefaultNavigationTimeout(60_000)
  page = await context.newPage()
  const response = await page.goto(`${baseUrl}${path}`)
  expect(response?.status()).toBe(200)
  return page
}

const main = async (page: Page) => ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ')

describe('a German visitor', () => {
  test('reads a translated listing in German, English where the provider has no translation', async () => {
    const { card, english } = await translatedIn('de')
    const page = await open(`/de/${card.slug}`)
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    expect((await page.locator('h1').first().innerText()).trim()).toBe(card.name)
    const text = await main(page)
    // The description's first sentence, as translated (or English, field by field, when it is not).
    expect(text).toContain(card.description.split('. ')[0]!)
    if (card.description !== english.description) expect(text).not.toContain(english.description.split('. ')[0]!)
    await screenshot(page, { path: '/tmp/listing-languages/listing-de.png', fullPage: true })
    // The English page is unchanged.
    const en = await open(`/${card.slug}`)
    expect((await en.locator('h1').first().innerText()).trim()).toBe(english.name)
  })

  test('finds it by a German word in the Stay grid and in the search', async () => {
    const { card, english } = await translatedIn('de')
    // The German names put the kind first ('Landhaus Seppelt'): that word is German.
    const word = card.name.split(' ')[0]!
    const grid = await open(`/de/stay?name=${encodeURIComponent(word)}`)
    expect(await main(grid)).toContain(card.name)
    const search = await open(`/de/search?q=${encodeURIComponent(card.name)}`)
    expect(await main(search)).toContain(card.name)
    // English visitors search and read as before.
    const en = await open(`/search?q=${encodeURIComponent(english.name)}`)
    const enText = await main(en)
    expect(enText).toContain(english.name)
    expect(enText).not.toContain(card.name)
  })
})

describe("the grid's filter names", () => {
  /** The name beside a kind's checkbox in the grid's filters (in the DOM while the panel is closed). */
  const filterName = (page: Page, key: string) =>
    page
      .locator('main label', { has: page.locator(`input[type=checkbox][value=${key}]`) })
      .textContent()
      .then((text) => (text ?? '').trim())

  test("read in the visitor's language where the demo named them in it, in English for an English visitor", async () => {
    // The Stay grid's kinds: the demo's German and Chinese names, the English ones for an English visitor.
    const german = await open('/de/stay')
    await expect.poll(() => filterName(german, 'COTTAGE')).toBe('Ferienhäuser')
    expect(await filterName(german, 'FARMSTAY')).toBe('Urlaub auf dem Bauernhof')
    const chinese = await open('/zh-hans/stay')
    await expect.poll(() => filterName(chinese, 'COTTAGE')).toBe('乡村小屋')
    const en = await open('/stay')
    await expect.poll(() => filterName(en, 'COTTAGE')).toBe('Cottages')
    expect(await filterName(en, 'FARMSTAY')).toBe('Farm Stays')
  })
})

describe('a Chinese visitor', () => {
  test('finds a Chinese listing by a Chinese term in the Stay grid and in the search, and reads it in Chinese', async () => {
    const { card } = await translatedIn('zh-Hans')
    // The Chinese names end with the kind ('Seppelt 小屋'): a Chinese term.
    const term = card.name.split(' ').at(-1)!
    expect(term).toMatch(/\p{Script=Han}/u)
    const grid = await open(`/zh-hans/stay?name=${encodeURIComponent(term)}`)
    expect(await main(grid)).toContain(card.name)
    const search = await open(`/zh-hans/search?q=${encodeURIComponent(term)}`)
    expect(await main(search)).toContain(card.name)
    const listing = await open(`/zh-hans/${card.slug}`)
    expect((await listing.locator('h1').first().innerText()).trim()).toBe(card.name)
    await screenshot(listing, { path: '/tmp/listing-languages/listing-zh-hans.png', fullPage: true })
  })
})

describe('dates and prices in the language', () => {
  /** A page opened with its workers, console errors and uncaught errors recorded from the start. */
  async function watched(path: string) {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    context.setDefaultTimeout(30_000)
    page = await context.newPage()
    const workers: string[] = []
    const errors: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    page.on('pageerror', (error) => errors.push(error.message))
    const response = await page.goto(`${baseUrl}${path}`)
    expect(response?.status()).toBe(200)
    const served = await response!.text()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return { page, workers, errors, served }
  }

  test("a German grid loads its Intl data in a worker before hydrating; the cards keep the server's dates, with no error", async () => {
    const { page, workers, errors, served } = await watched('/de/whats-on')
    expect(workers.filter((url) => url.includes('warm-intl'))).toHaveLength(1)
    const cardTexts = (await page.locator('main article').allInnerTexts()).join(' ')
    // An event card's dates in German (Intl's '14. März 2026'), as the server wrote them.
    const german = /\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.? \d{4}/.exec(cardTexts)?.[0] ?? ''
    expect(german, 'a German date on a card').not.toBe('')
    expect(served).toContain(german)
    expect(errors).toEqual([])
  })

  test('an English grid formats without Intl and starts no worker', async () => {
    const { workers, errors } = await watched('/whats-on')
    expect(workers).toEqual([])
    expect(errors).toEqual([])
  })
})
