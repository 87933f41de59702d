/**
 * Issue 35 points 2–5 in real browsers, Chromium and Firefox (puppeteer-core over WebDriver BiDi), on
 * the lane's demo (the fake provider's events, opening times, accessibility attributes and deals):
 * - an event added to a calendar: 'Add to calendar' on its page downloads an .ics, read back with
 *   ical.js (its UID, its occurrences on Adelaide's clock);
 * - a filtered events grid's 'Subscribe' address (webcal:), fetched as http: and parsed: exactly the
 *   grid's filtered events;
 * - 'Open now' at a fixed clock (the browser's: the grid asks for the visitor's minute), against the
 *   listings' known hours computed with listings/opening-hours.ts from their provider data;
 * - the accessibility filter, and a listing page without attributes saying none were supplied;
 * - the deals block placed on a page shows the current deals. Axe on the new screens.
 */
import type { Page as FirefoxPage } from 'puppeteer-core'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { dealIsCurrent, type FetchResponse, type Listing, type ListingCard } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { zonedInstant } from '#lib/team'
import { isOpenAt, regionalDay } from '../../listings/opening-hours.ts'
import { axe, formatViolations, openBrowser } from '../helpers/browser.ts'
import { openFirefox } from '../helpers/firefox.ts'
import { parseCalendar } from '../helpers/icalendar.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { publishPage } from '../helpers/editor-session.ts'
import { patient } from '../helpers/patience.ts'

const baseUrl = laneBaseUrl()
const host = new URL(baseUrl).host
const g = listingTexts.grid
const lp = listingTexts.page
const chromium = openBrowser()
const firefox = openFirefox()
const run = Date.now().toString(36)
const SLUG = `e2e-open-deals-${run}`

let editor: BrowserContext

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res =
    body === undefined
      ? await fetch(`${baseUrl}${path}`)
      : await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}

/** Every listing a grid request matches, in the grid's order. */
async function everyCard(request: Record<string, unknown>): Promise<ListingCard[]> {
  const cards: ListingCard[] = []
  for (let page = 1; ; page++) {
    const r = await api<FetchResponse>('/api/listing/fetch', { hideTours: true, ...request, limit: 100, currentPage: page })
    cards.push(...r.listings)
    if (r.listings.length < 100 || cards.length >= r.totalListings) return cards
  }
}

const fullListing = (id: string) => api<Listing>(`/api/listing/findById?id=${encodeURIComponent(id)}`)

/** Next Monday at least two days ahead, 10:30 on Adelaide's clock: some places are closed on Mondays. */
const fixedInstant = (() => {
  const start = new Date(Date.now() + 2 * 86_400_000)
  const monday = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + ((8 - start.getUTCDay()) % 7)))
  return zonedInstant('Australia/Adelaide', monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), 10, 30)
})()

const hydrated = () => Boolean(document.querySelector('html[data-hydrated]'))

beforeAll(async () => {
  // A page with an unfiltered grid (every kind of listing) and the deals block, published by the editor.
  editor = await chromium.browser.newContext()
  const login = await editor.request.post(`${baseUrl}/api/user/login`, { data: inject('editor') })
  expect(login.status()).toBe(200)
  await publishPage(editor, {
    slug: SLUG,
    template: 'generic',
    title: 'Open and deals',
    header: { title: 'Open and deals' },
    contents: [
      { componentType: 'Deals', title: 'Current deals', categoryFilter: 'none', limit: 24 },
      { componentType: 'Listings', categoryFilter: 'none', showExport: false },
    ],
  })
}, patient(60_000))

afterAll(async () => {
  await editor?.close()
})

/** The first event of What's On with occurrences, and its page. */
async function anEvent(): Promise<ListingCard> {
  const events = await everyCard({ categoryFilterId: 'demo-whats-on' })
  const event = events.find((e) => e.eventFrequency.length > 1) ?? events[0]!
  expect(event.eventFrequency.length).toBeGreaterThan(0)
  return event
}

function expectEventCalendar(text: string, event: ListingCard) {
  const calendar = parseCalendar(text)
  expect(calendar.timezones).toEqual(['Australia/Adelaide'])
  expect(calendar.events).toHaveLength(1)
  const parsed = calendar.events[0]!
  expect(parsed.uid).toBe(`${event._id}@${host}`)
  expect(parsed.summary).toBe(event.name)
  // The first occurrence starts when the provider says, on Adelaide's clock.
  const first = event.eventFrequency[0]!
  const [y, m, d] = first.frequencyStartDate.split('-').map(Number) as [number, number, number]
  if (first.frequencyStartTime) {
    const [h, mi] = first.frequencyStartTime.split(':').map(Number) as [number, number]
    expect(parsed.occurrences[0]!.start).toBe(zonedInstant('Australia/Adelaide', y, m, d, h, mi).toISOString())
  } else expect(parsed.occurrences[0]!.start).toBe(first.frequencyStartDate)
  return parsed
}

/** What the feed of a grid's filters must hold: its filtered events, by UID. */
async function expectedFeed(request: Record<string, unknown>) {
  const cards = await everyCard({ categoryFilterId: 'demo-whats-on', ...request })
  return cards
    .filter((c) => c.eventFrequency.length)
    .map((c) => `${c._id}@${host}`)
    .sort()
}

describe('Chromium', () => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await chromium.browser.newContext({ acceptDownloads: true })
    await context.addCookies([{ name: 'consent', value: 'declined', url: baseUrl }])
  })
  afterAll(async () => {
    await context?.close()
  })

  test("adds an event to a calendar: 'Add to calendar' downloads an .ics a calendar reads (UID, Adelaide's clock)", async () => {
    const event = await anEvent()
    page = await context.newPage()
    await page.goto(`${baseUrl}/${event.slug}`, { waitUntil: 'load' })
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: lp.addToCalendar }).click()])
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')
    const parsed = expectEventCalendar(text, event)
    expect(parsed.occurrences.length).toBeGreaterThanOrEqual(event.eventFrequency.length)
    // The page says what it knows about access, never implying it.
    const access = page.locator('[data-accessibility]')
    await expect.poll(() => access.count()).toBe(1)
    expect(formatViolations(await axe(page))).toBe('')
    await page.close()
  })

  test("subscribes to a filtered events grid: the webcal: feed holds exactly the grid's events", async () => {
    const events = await everyCard({ categoryFilterId: 'demo-whats-on' })
    const town = events.map((e) => e.location).find(Boolean)!
    page = await context.newPage()
    await page.goto(`${baseUrl}/whats-on?location=${encodeURIComponent(town)}`, { waitUntil: 'load' })
    await page.waitForFunction(hydrated)
    const link = page.getByRole('link', { name: g.subscribe })
    const href = (await link.getAttribute('href'))!
    expect(href.startsWith('webcal://')).toBe(true)
    const res = await context.request.get(href.replace(/^webcal:/, new URL(baseUrl).protocol))
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    const feed = parseCalendar(await res.text())
    expect(feed.events.map((e) => e.uid).sort()).toEqual(await expectedFeed({ location: town }))
    expect(feed.events.length).toBeGreaterThan(0)
    expect(formatViolations(await axe(page))).toBe('')
    await page.close()
  })

  test("'Open now' at a fixed clock shows exactly the listings open then, from their known hours; then the accessibility filter", async () => {
    // The attractions: most have opening times, some closed on Mondays.
    const inTown = await everyCard({ checkedCategories: ['ATTRACTION'] })
    const full = await Promise.all(inTown.map((c) => fullListing(c._id)))
    const openThen = inTown.filter((_, i) => isOpenAt(full[i]!.atdw?.openingTime, fixedInstant))
    const withHours = full.filter((l) => l.atdw?.openingTime?.seasonalPeriods.length)
    expect(
      openThen.length,
      JSON.stringify({
        at: fixedInstant,
        inTown: inTown.length,
        withHours: withHours.length,
        sample: withHours[0]?.atdw?.openingTime,
      }),
    ).toBeGreaterThan(0)
    expect(openThen.length).toBeLessThan(inTown.length)

    page = await context.newPage()
    await page.clock.setFixedTime(fixedInstant)
    await page.goto(`${baseUrl}/${SLUG}?category=ATTRACTION`, { waitUntil: 'load' })
    await page.waitForFunction(hydrated)
    await page.locator('summary', { hasText: g.filters }).click()
    await page.getByRole('checkbox', { name: g.openNow }).check()
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).toBe('now')
    await page.getByRole('heading', { name: g.results(openThen.length) }).waitFor()
    const firstNames = await page.locator('main [data-block="Listings"] li h3').allTextContents()
    expect(firstNames.slice(0, 3)).toEqual(openThen.slice(0, 3).map((c) => c.name))
    expect(formatViolations(await axe(page))).toBe('')

    // Accessibility: every listing offered welcomes people using mobility aids, as the provider says.
    await page.getByRole('checkbox', { name: g.openNow }).uncheck()
    await page.getByRole('checkbox', { name: g.accessFilters.AMBULANT }).check()
    const ambulant = inTown.filter((_, i) => full[i]!.atdw?.accessibility.some((a) => a.id === 'AMBULANT'))
    await page.getByRole('heading', { name: ambulant.length ? g.results(ambulant.length) : g.none }).waitFor()
    expect(new URL(page.url()).searchParams.getAll('access')).toEqual(['AMBULANT'])
    await page.close()
  })

  test('a listing without accessibility attributes says none were supplied; the deals block shows the current deals', async () => {
    const cards = await everyCard({ hideTours: true, checkedCategories: ['ATTRACTION'] })
    const full = await Promise.all(cards.slice(0, 40).map((c) => fullListing(c._id)))
    const without = full.find((l) => !l.atdw?.accessibility.length)!
    page = await context.newPage()
    await page.goto(`${baseUrl}/${without.slug}`, { waitUntil: 'load' })
    await page.getByText(lp.noAccessibility).waitFor()

    const withDeals = await everyCard({ hideTours: false, checkedCategories: ['HAS_DEAL'] })
    const today = regionalDay(new Date())
    const current = (await Promise.all(withDeals.map((c) => fullListing(c._id)))).flatMap((l) =>
      (l.atdw?.deals ?? []).filter((d) => dealIsCurrent(d, today)).map((d) => d.dealId),
    )
    expect(current.length).toBeGreaterThan(0)
    await page.goto(`${baseUrl}/${SLUG}`, { waitUntil: 'load' })
    const shown = await page.locator('[data-deals-block] [data-deal]').evaluateAll((els) => els.map((el) => el.getAttribute('data-deal')))
    expect(shown.length).toBe(Math.min(24, current.length))
    for (const id of shown) expect(current).toContain(id)
    expect(formatViolations(await axe(page))).toBe('')
    await page.close()
  })
})

describe('Firefox', () => {
  async function visitorPage(): Promise<FirefoxPage> {
    const context = await firefox.browser.createBrowserContext()
    await context.setCookie({ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' })
    return context.newPage()
  }

  test("adds an event to a calendar and subscribes to a filtered grid's feed", async () => {
    const event = await anEvent()
    const p = await visitorPage()
    try {
      await p.goto(`${baseUrl}/${event.slug}`, { waitUntil: 'load' })
      const href = await p.$eval('a[data-add-to-calendar]', (a) => (a as HTMLAnchorElement).href)
      // What the link downloads, fetched by the page itself.
      const text = await p.evaluate(async (url) => (await fetch(url)).text(), href)
      expectEventCalendar(text, event)

      const events = await everyCard({ categoryFilterId: 'demo-whats-on' })
      const town = events.map((e) => e.location).find(Boolean)!
      await p.goto(`${baseUrl}/whats-on?location=${encodeURIComponent(town)}`, { waitUntil: 'load' })
      await p.waitForFunction(hydrated)
      const feedHref = await p.$eval('a[data-calendar-feed]', (a) => a.getAttribute('href') ?? '')
      expect(feedHref.startsWith('webcal://')).toBe(true)
      const feed = parseCalendar(await (await fetch(feedHref.replace(/^webcal:/, new URL(baseUrl).protocol))).text())
      expect(feed.events.map((e) => e.uid).sort()).toEqual(await expectedFeed({ location: town }))
    } finally {
      await p.browserContext().close()
    }
  })

  test('the accessibility filter offers what the provider says; the deals block shows the current deals', async () => {
    const inTown = await everyCard({ checkedCategories: ['ATTRACTION'] })
    const full = await Promise.all(inTown.map((c) => fullListing(c._id)))
    const ambulant = inTown.filter((_, i) => full[i]!.atdw?.accessibility.some((a) => a.id === 'AMBULANT'))
    const withDeals = await everyCard({ hideTours: false, checkedCategories: ['HAS_DEAL'] })
    const today = regionalDay(new Date())
    const current = (await Promise.all(withDeals.map((c) => fullListing(c._id)))).flatMap((l) =>
      (l.atdw?.deals ?? []).filter((d) => dealIsCurrent(d, today)).map((d) => d.dealId),
    )
    const p = await visitorPage()
    try {
      await p.goto(`${baseUrl}/${SLUG}?category=ATTRACTION`, { waitUntil: 'load' })
      await p.waitForFunction(hydrated)
      await (await p.$('form[role="search"] summary'))!.click()
      await (await p.$('[data-access-filters] input[value="AMBULANT"]'))!.click()
      await p.waitForFunction(
        (want: string) => document.querySelector('[role="status"] h2')?.textContent === want,
        { timeout: 30_000 },
        ambulant.length ? g.results(ambulant.length) : g.none,
      )
      expect(await p.evaluate(() => new URL(location.href).searchParams.getAll('access'))).toEqual(['AMBULANT'])

      // The Deals block on the same page: exactly the deals current today, none expired.
      const shown = await p.$$eval('[data-deals-block] [data-deal]', (els) => els.map((el) => el.getAttribute('data-deal')))
      expect(shown.length).toBe(Math.min(24, current.length))
      for (const id of shown) expect(current).toContain(id)
    } finally {
      await p.browserContext().close()
    }
  })

  test("'Open now' at a fixed clock (the page's clock fixed before it loads)", async () => {
    // The attractions: most have opening times, some closed on Mondays.
    const inTown = await everyCard({ checkedCategories: ['ATTRACTION'] })
    const full = await Promise.all(inTown.map((c) => fullListing(c._id)))
    const openThen = inTown.filter((_, i) => isOpenAt(full[i]!.atdw?.openingTime, fixedInstant))
    const p = await visitorPage()
    try {
      await p.evaluateOnNewDocument((fixed: number) => {
        Date.now = () => fixed
      }, fixedInstant.getTime())
      await p.goto(`${baseUrl}/${SLUG}?category=ATTRACTION`, { waitUntil: 'load' })
      await p.waitForFunction(hydrated)
      await (await p.$('form[role="search"] summary'))!.click()
      await (await p.$('input[name="open"][value="now"]'))!.click()
      await p.waitForFunction(
        (want: string) => document.querySelector('[role="status"] h2')?.textContent === want,
        {},
        openThen.length ? g.results(openThen.length) : g.none,
      )
      expect(await p.evaluate(() => new URL(location.href).searchParams.get('open'))).toBe('now')
    } finally {
      await p.browserContext().close()
    }
  })
})
