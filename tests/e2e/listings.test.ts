/**
 * Tourism listings in real Chromium (spec 02 §2.1–2.5, §4, §8; issue 9): the public grid (keyword
 * from the address and typed, location, dates, categories, Load More, the address following the
 * filters, without JavaScript too), a listing page (details panel, services, related), the PDF
 * export, and an editor's override that survives a sync. Axe on the grid and a listing page.
 *
 * This file runs its own production server (tests/helpers/synced-site.ts): the fake Atlas server is started here,
 * a fresh data dir is migrated, seeded and synced from it in this process (PGlite allows one
 * process at a time), then the server starts on that data dir with ATDW_API_URL pointing at the
 * fake, so 'Sync with ATDW' reaches it.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FetchResponse, Listing } from '#lib/listings'
import { listingTexts, texts } from '#lib/texts'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { axe, formatViolations, lendBrowser, screenshot, transitionsDone } from '../helpers/browser.ts'
import { startSyncedSite, type SyncedSite } from '../helpers/synced-site.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

const g = listingTexts.grid
const lp = listingTexts.page
const le = listingTexts.editor
const shots = '/tmp/shots-hc'
const editor = { username: 'listings-editor', email: 'listings-editor@example.com', password: 'listings-editor-password' }
const GRID_SLUG = 'e2e-whats-on'
const EVENTS_SLUG = 'e2e-events'
const STAY_SLUG = 'e2e-stay'

let fake: RunningFakeAtlas
let site: SyncedSite
let baseUrl: string
let browser: Browser
let editorContext: BrowserContext

async function api<T>(method: 'GET' | 'POST', pathAndQuery: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET'
      ? await editorContext.request.get(baseUrl + pathAndQuery)
      : await editorContext.request.post(baseUrl + pathAndQuery, { data })
  expect(response.status(), `${method} ${pathAndQuery}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

async function publishListingsPage(slug: string, categoryFilter: string, title: string) {
  await api('POST', '/api/page/publishPage', {
    page: {
      slug,
      template: 'generic',
      header: { title },
      contents: [{ componentType: 'Listings', categoryFilter, showExport: true }],
    },
    collection: 'pages',
  })
}

const visitorFetch = (body: Record<string, unknown>) =>
  fetch(`${baseUrl}/api/listing/fetch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hideTours: true, ...body }),
  }).then((r) => r.json() as Promise<FetchResponse>)

let eventsCategoryId: string

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  fake = await startFakeAtlas({ count: 400, seed: 11 })
  site = await startSyncedSite({ fake, editor, name: 'listings' })
  baseUrl = site.baseUrl
  browser = await lendBrowser()
  editorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  editorContext.setDefaultTimeout(15_000)
  const login = await editorContext.request.post(`${baseUrl}/api/user/login`, {
    data: { username: editor.username, password: editor.password },
  })
  expect(login.status()).toBe(200)
  // An events category with dates, and two pages with the grid: everything, and events only.
  const saved = await api<{ category: { _id: string } }>('POST', '/api/listing/publishCategory', {
    category: { name: 'Events', filters: [['EVENT']], excludedTags: '', attributes: [], hideServices: false, hasDates: true },
  })
  eventsCategoryId = saved.category._id
  await publishListingsPage(GRID_SLUG, 'none', 'Explore the Barossa')
  await publishListingsPage(EVENTS_SLUG, eventsCategoryId, "What's On")
  const stay = await api<{ category: { _id: string } }>('POST', '/api/listing/publishCategory', {
    category: { name: 'Stay', filters: [['ACCOMM']], excludedTags: '', attributes: [], hideServices: false, hasDates: false },
  })
  await publishListingsPage(STAY_SLUG, stay.category._id, 'Where to Stay')
}, patient(300_000))

afterAll(async () => {
  await editorContext?.close()
  await browser?.close()
  await site?.stop()
  await fake?.close()
})

const resultCount = (p: Page) => p.locator('[data-listings-grid] [role=status]:not([data-near-status])')
const filtersToggle = (p: Page) => p.locator('[data-listings-grid] summary')
const cards = (p: Page) => p.locator('[data-listings-grid] article[data-listing]')
const expectCount = async (p: Page, total: number) =>
  expect.poll(() => resultCount(p).textContent(), { timeout: 10_000 }).toBe(total ? g.results(total) : g.none)
/** The address the visitor's page shows (location itself: the grid replaces it with history.replaceState). */
const query = async (p: Page) => new URLSearchParams(await p.evaluate(() => window.location.search))

async function expectToast(p: Page, text: string) {
  await p.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 10_000 })
}

async function withVisitor<T>(
  fn: (page: Page) => Promise<T>,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<T> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    acceptDownloads: true,
  })
  context.setDefaultTimeout(15_000)
  try {
    return await fn(await context.newPage())
  } finally {
    await context.close()
  }
}

/** A word of a listing's name that finds a handful of listings (not all, not none). */
async function usefulKeyword(): Promise<{ word: string; total: number }> {
  const first = await visitorFetch({ currentPage: 1 })
  for (const card of first.listings) {
    for (const word of card.name.split(/\s+/).filter((w) => w.length > 4 && w !== 'Barossa')) {
      const answer = await visitorFetch({ search: word })
      if (answer.totalListings > 1 && answer.totalListings < first.totalListings / 2) return { word, total: answer.totalListings }
    }
  }
  throw new Error('no keyword found that narrows the grid')
}

describe('a visitor on the grid', () => {
  test('keywords from the address and typed (300 ms debounce), location, category, Load More; the address follows', async () => {
    const all = await visitorFetch({})
    const { word, total } = await usefulKeyword()
    await withVisitor(async (page) => {
      // The initial keyword comes from the address's `name`.
      const response = await page.goto(`${baseUrl}/${GRID_SLUG}?name=${encodeURIComponent(word)}`)
      expect(response?.status()).toBe(200)
      await expect.poll(() => page.getByRole('searchbox', { name: g.keywords }).inputValue()).toBe(word)
      await expectCount(page, total)
      expect(await cards(page).count()).toBe(Math.min(total, 15))

      // Typing re-queries 300 ms after the last key (the debounce itself: the next test).
      const searchBox = page.getByRole('searchbox', { name: g.keywords })
      await searchBox.fill('zzqx')
      await expectCount(page, 0)
      expect((await query(page)).get('name')).toBe('zzqx')
      await searchBox.fill('')
      await expectCount(page, all.totalListings)
      expect((await query(page)).has('name')).toBe(false)

      // Location.
      await filtersToggle(page).click()
      const location = all.locations[1] ?? all.locations[0]!
      await page.getByLabel(g.location).selectOption(location)
      const byLocation = await visitorFetch({ location })
      await expectCount(page, byLocation.totalListings)
      expect((await query(page)).get('location')).toBe(location)
      const firstCard = (await cards(page).first().textContent()) ?? ''
      expect(firstCard).toContain(location)

      // A category (checkboxes show only with more than one category; friendly names as labels).
      const categories = byLocation.listingCategories
      expect(categories.length).toBeGreaterThan(1)
      const category = categories.find((c) => c.key === 'ACCOMM') ?? categories[0]!
      await page.getByRole('checkbox', { name: category.name, exact: true }).check()
      const byCategory = await visitorFetch({ location, checkedCategories: [category.key] })
      await expectCount(page, byCategory.totalListings)
      expect((await query(page)).getAll('category')).toEqual([category.key])

      // Load More: 15 more, with a spinner while they load; keyboard focus moves to the first new card.
      await page.getByRole('checkbox', { name: category.name, exact: true }).uncheck()
      await expectCount(page, byLocation.totalListings)
      expect(byLocation.totalListings).toBeGreaterThan(15)
      await expect.poll(() => cards(page).count()).toBe(15)
      const more = page.getByRole('button', { name: g.loadMore })
      // The next page answers slowly, so the spinner can be seen.
      await page.route('**/api/listing/fetch', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200))
        await route.continue()
      })
      await more.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => more.getAttribute('aria-busy')).toBe('true')
      expect(await more.locator('svg.motion-safe\\:animate-spin').count(), 'a spinner in the button').toBe(1)
      // The route above holds the answer 1.2 s on purpose: wait longer than expect.poll's default 1 s.
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(Math.min(30, byLocation.totalListings))
      expect((await query(page)).get('page')).toBe('2')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.parentElement?.children.length ?? 0), { timeout: 15_000 })
        .toBe(Math.min(30, byLocation.totalListings))
      await screenshot(page, { path: `${shots}/grid-filtered-1440.png`, fullPage: false })

      // The address is shareable: opened fresh it shows the same filtered view, both pages.
      const shared = page.url()
      await withVisitor(async (other) => {
        await other.goto(shared)
        await expectCount(other, byLocation.totalListings)
        expect(await cards(other).count()).toBe(Math.min(30, byLocation.totalListings))
      })
    })
  })

  test('keywords are debounced: one query 300 ms after the last key, none before', async () => {
    await withVisitor(async (page) => {
      await page.clock.install()
      await page.goto(`${baseUrl}/${GRID_SLUG}`)
      await expect.poll(() => cards(page).count()).toBe(15)
      // The debounce is the hydrated grid's: its scripts start after the first screen's pictures.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      // From here the page's time moves only when the test says so.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
      const requests: string[] = []
      page.on('request', (r) => {
        if (r.url().endsWith('/api/listing/fetch')) requests.push(r.postData() ?? '')
      })
      const searchBox = page.getByRole('searchbox', { name: g.keywords })
      for (const key of 'zzqx') {
        await searchBox.press(key)
        await page.clock.runFor(100)
      }
      expect(requests).toEqual([])
      await page.clock.runFor(150)
      expect(requests, 'nothing yet 250 ms after the last key').toEqual([])
      await page.clock.runFor(100)
      await expect.poll(() => requests.length).toBe(1)
      expect(JSON.parse(requests[0]!)).toMatchObject({ search: 'zzqx', currentPage: 1, limit: 15 })
      await page.clock.runFor(1000)
      await expectCount(page, 0)
    })
  })

  test('dates show only where the listings have dates, typed as DD/MM/YYYY; a From after To or a To before From is refused with a message', async () => {
    await withVisitor(async (page) => {
      await page.goto(`${baseUrl}/${STAY_SLUG}`)
      await filtersToggle(page).click()
      await page.getByLabel(g.location).waitFor()
      expect(await page.getByLabel(g.from).count(), "no dates where the category says 'Show Dates Filters?' No").toBe(0)

      await page.goto(`${baseUrl}/${EVENTS_SLUG}`)
      const events = await visitorFetch({ categoryFilterId: eventsCategoryId })
      expect(events.hasDates).toBe(true)
      await expectCount(page, events.totalListings)
      // Typed once the page runs, as the other typing tests here do: in one loaded CI run a From typed
      // while the page was starting never reached the address (typed before it starts, it is taken up).
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await filtersToggle(page).click()
      const from = page.getByRole('textbox', { name: new RegExp(`^${g.from}`) })
      const to = page.getByRole('textbox', { name: new RegExp(`^${g.to}`) })
      expect(await from.getAttribute('placeholder')).toBe('DD/MM/YYYY')
      // A window inside the events' span: the first event's start date to a fortnight later.
      const first = events.listings.find((l) => l.startDate)!
      const start = new Date(`${first.startDate}T00:00:00Z`)
      const end = new Date(start.getTime() + 14 * 86_400_000)
      const dmy = (d: Date) =>
        `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`
      const iso = (d: Date) => d.toISOString().slice(0, 10)
      await from.fill(dmy(start))
      await to.fill(dmy(end))
      const dated = await visitorFetch({ categoryFilterId: eventsCategoryId, filters: { from: iso(start), to: iso(end) } })
      expect(dated.totalListings).toBeGreaterThan(0)
      expect(dated.totalListings).toBeLessThan(events.totalListings)
      await expectCount(page, dated.totalListings)
      // The address follows the filters (replaced after the results, so it may come a moment later).
      await expect.poll(async () => (await query(page)).get('from')).toBe(iso(start))
      await expect.poll(async () => (await query(page)).get('to')).toBe(iso(end))
      // Spec 02 §2.2: To may not precede From. A To before From is refused with the reason, not
      // rewritten: From, the address and the results stay as they were.
      const earlier = new Date(start.getTime() - 7 * 86_400_000)
      await to.fill(dmy(earlier))
      const toMessage = page.getByText(g.toBeforeFrom, { exact: true })
      await toMessage.waitFor()
      expect(await to.getAttribute('aria-invalid')).toBe('true')
      expect(await to.inputValue(), 'what was typed stays, to be corrected').toBe(dmy(earlier))
      expect(await from.inputValue()).toBe(dmy(start))
      expect((await query(page)).get('from')).toBe(iso(start))
      expect((await query(page)).get('to')).toBe(iso(end))
      await expectCount(page, dated.totalListings)
      // The message is announced with the field.
      const describedBy = (await to.getAttribute('aria-describedby'))!.split(' ')
      expect(
        await page.evaluate((ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy),
      ).toContain(g.toBeforeFrom)
      await screenshot(page, { path: `${shots}/grid-dates-1440.png` })
      // Typing a good To again clears the message.
      await to.fill(dmy(end))
      await expect.poll(() => toMessage.count()).toBe(0)
      expect(await to.getAttribute('aria-invalid')).toBeNull()

      // From may not pass To, likewise.
      const later = new Date(end.getTime() + 7 * 86_400_000)
      await from.fill(dmy(later))
      await page.getByText(g.fromAfterTo, { exact: true }).waitFor()
      expect(await from.getAttribute('aria-invalid')).toBe('true')
      expect(await to.inputValue()).toBe(dmy(end))
      expect((await query(page)).get('from')).toBe(iso(start))
      await expectCount(page, dated.totalListings)
    })
  })

  test('without JavaScript the filtered first page is rendered by the server and the filter form works', async () => {
    const all = await visitorFetch({})
    const location = all.locations[0]!
    const byLocation = await visitorFetch({ location })
    // What is asserted is the server's HTML, so each page is read once its document is parsed. Not
    // at 'load': without JavaScript the browser loads lazy images at once (every card's picture,
    // each resized on first request), which on a busy machine took longer than the timeout.
    const parsed = { waitUntil: 'domcontentloaded' } as const
    await withVisitor(
      async (page) => {
        await page.goto(`${baseUrl}/${GRID_SLUG}?location=${encodeURIComponent(location)}`, parsed)
        expect(await resultCount(page).textContent()).toBe(g.results(byLocation.totalListings))
        expect(await cards(page).count()).toBe(Math.min(15, byLocation.totalListings))
        // Load More is a link to the next page count: the next document, not the one the click left.
        await page.getByRole('link', { name: g.loadMore }).click()
        await page.waitForURL(/[?&]page=2\b/, parsed)
        expect(await cards(page).count()).toBe(Math.min(30, byLocation.totalListings))
        // The filter form is a GET form.
        await page.goto(`${baseUrl}/${GRID_SLUG}`, parsed)
        await filtersToggle(page).click()
        await page.getByRole('searchbox', { name: g.keywords }).fill('zzqx')
        await page.getByRole('button', { name: g.apply }).click()
        await page.waitForURL(/name=zzqx/, parsed)
        expect(await resultCount(page).textContent()).toBe(g.none)
      },
      { javaScriptEnabled: false },
    )
  })

  test('on a phone the filters open as a full-screen overlay that locks the page scroll; Close closes it', async () => {
    await withVisitor(
      async (page) => {
        await page.goto(`${baseUrl}/${GRID_SLUG}`)
        await expect.poll(() => cards(page).count()).toBe(15)
        await screenshot(page, { path: `${shots}/grid-375.png`, fullPage: false })
        await filtersToggle(page).click()
        const overlay = page.locator('[data-listings-grid] details > div')
        const box = await overlay.boundingBox()
        expect(box).toMatchObject({ x: 0, y: 0, width: 375 })
        expect(box!.height).toBeGreaterThanOrEqual(700)
        await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
        await screenshot(page, { path: `${shots}/grid-overlay-375.png` })
        await page.getByRole('button', { name: g.close }).click()
        await expect.poll(() => overlay.isVisible()).toBe(false)
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')
      },
      { viewport: { width: 375, height: 740 } },
    )
  })

  test('opens a listing: name, gallery, description, the details panel on the right, related listings', async () => {
    await withVisitor(async (page) => {
      await page.goto(`${baseUrl}/${GRID_SLUG}`)
      const all = await visitorFetch({ checkedCategories: ['ACCOMM'] })
      const target = all.listings[0]!
      await page.goto(`${baseUrl}/${GRID_SLUG}?category=ACCOMM`)
      await page.getByRole('link', { name: target.name, exact: true }).first().click()
      await page.waitForURL(`${baseUrl}/${target.slug}`)
      // The URL changes before a client-side navigation has rendered the listing page.
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(target.name)
      const details = page.getByRole('complementary', { name: lp.details })
      const about = page.getByRole('region', { name: lp.about })
      const detailsBox = (await details.boundingBox())!
      const aboutBox = (await about.boundingBox())!
      expect(detailsBox.x, 'the details panel is right of the description').toBeGreaterThan(aboutBox.x + aboutBox.width - 1)
      expect(await details.getByText(lp.facilities).count()).toBe(1)
      expect(await page.getByRole('heading', { name: lp.related }).count()).toBe(1)
      const related = page.getByRole('list', { name: lp.related }).getByRole('listitem')
      expect(await related.count()).toBeGreaterThan(0)
      expect(await related.count()).toBeLessThanOrEqual(6)
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<
        string,
        unknown
      >
      expect(ld['@type']).toBe('LodgingBusiness')
      expect(ld.name).toBe(target.name)
      await screenshot(page, { path: `${shots}/listing-1440.png`, fullPage: true })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
    })
  })

  test('axe finds no WCAG 2.1 A/AA violations on the grid, with the filters open, at 1440 and 375', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 375, height: 740 },
    ]) {
      await withVisitor(
        async (page) => {
          await page.goto(`${baseUrl}/${EVENTS_SLUG}`)
          await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
          let violations = await axe(page)
          expect(violations, formatViolations(violations)).toEqual([])
          await filtersToggle(page).click()
          // The pointer leaves the toggle and its colour transition ends before axe measures contrast.
          await page.mouse.move(0, 0)
          await transitionsDone(page)
          violations = await axe(page)
          expect(violations, formatViolations(violations)).toEqual([])
        },
        { viewport },
      )
    }
  })
})

describe('the PDF export', () => {
  test("'Export to PDF' shows 'Generating Your PDF' and downloads a PDF whose first page renders", async () => {
    await withVisitor(async (page) => {
      await page.goto(`${baseUrl}/${EVENTS_SLUG}`)
      await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
      const downloading = page.waitForEvent('download', { timeout: 120_000 })
      await page.getByRole('button', { name: g.exportPdf }).click()
      const modal = page.getByRole('dialog', { name: g.generatingTitle })
      await modal.waitFor()
      expect(await modal.textContent()).toContain(g.generatingText)
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^Event Calendar.*\.pdf$/)
      const file = path.join(shots, 'event-calendar.pdf')
      await download.saveAs(file)
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')
      await expect.poll(() => modal.isVisible()).toBe(false)
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(shots, 'event-calendar')])
      const rendered = fs.readdirSync(shots).filter((f) => f.startsWith('event-calendar') && f.endsWith('.png'))
      expect(rendered.length).toBe(1)
      expect(fs.statSync(path.join(shots, rendered[0]!)).size).toBeGreaterThan(5_000)
    })
  })
})

describe('an editor', () => {
  async function editorPage(pathname: string): Promise<Page> {
    const page = await editorContext.newPage()
    await page.goto(baseUrl + pathname, { waitUntil: 'load' })
    return page
  }

  /** A listing page with Select Component on: its edit controls show only while an editing menu item is active. */
  async function listingEditorPage(pathname: string): Promise<Page> {
    const page = await editorPage(pathname)
    await selectComponent(page)
    return page
  }

  async function selectComponent(page: Page) {
    const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
    await menu.getByRole('button', { name: editorTexts.menu.select, exact: true }).click()
    await page.getByRole('button', { name: le.open }).waitFor()
  }

  test("shows 'Edit Listing' only while an editing menu item is active; the synced notice always", async () => {
    const product = fake.state.feed().find((p) => p.productCategoryId === 'ATTRACTION' && p.status === 'ACTIVE')!
    const listing = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
    const page = await editorContext.newPage()
    try {
      await page.goto(`${baseUrl}/${listing.slug}`, { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.getByRole('navigation', { name: editorTexts.menu.label }).waitFor()
      await page.getByText(lp.syncedNotice).waitFor()
      expect(await page.getByRole('button', { name: le.open }).count()).toBe(0)
      expect(await page.getByRole('button', { name: le.newListing }).count()).toBe(0)
      await selectComponent(page)
      expect(await page.getByRole('button', { name: le.newListing }).count()).toBe(1)
    } finally {
      await page.close()
    }
  })

  test('unlinks a field of a synced listing, syncs with ATDW, and the override stays while linked fields follow the provider', async () => {
    const product = fake.state.feed().find((p) => p.productCategoryId === 'ATTRACTION' && p.status === 'ACTIVE')!
    const before = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
    const page = await listingEditorPage(`/${before.slug}`)
    try {
      await page.getByText(lp.syncedNotice).waitFor()
      await page.getByRole('button', { name: le.open }).click()
      const sidebar = page.getByRole('dialog', { name: le.title })
      const name = sidebar.getByRole('textbox', { name: le.fields.name, exact: true })
      await expect.poll(() => name.getAttribute('readonly')).not.toBeNull()
      await sidebar.getByRole('button', { name: `${le.unlink} ${le.fields.name}` }).click()
      const override = `${before.name.value} (our pick)`
      await name.fill(override)
      await sidebar.getByRole('button', { name: le.save, exact: true }).click()
      await expectToast(page, listingTexts.toasts.listingSaved)
      await screenshot(page, { path: `${shots}/listing-editor-1440.png` })

      // The provider changes both the name and the description; the sync takes only the linked one.
      const description = `Freshly described by the operator ${Date.now()}.`
      fake.state.update(product.productId, { productName: 'Renamed by the operator', productDescription: description })
      await sidebar.getByRole('button', { name: le.syncAtdw }).click()
      await expectToast(page, listingTexts.toasts.listingSynced)
      await expect.poll(() => sidebar.getByRole('textbox', { name: le.fields.description, exact: true }).inputValue()).toBe(description)
      expect(await name.inputValue()).toBe(override)
      const after = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
      expect(after.name).toMatchObject({ value: override, provider: '' })
      expect(after.description).toMatchObject({ value: description, provider: 'atdw' })

      // Visitors see the override.
      await withVisitor(async (visitor) => {
        await visitor.goto(`${baseUrl}/${after.slug}`)
        expect(await visitor.locator('h1').textContent()).toBe(override)
        expect(await visitor.getByText(description).count()).toBeGreaterThan(0)
      })

      // The reconnect modal links the name again and takes the provider's value.
      await sidebar.getByRole('button', { name: le.reconnect }).click()
      const modal = page.getByRole('dialog', { name: le.reconnectTitle })
      await modal.getByRole('button', { name: `${le.link} ${le.fields.name}` }).click()
      // (The first save's toast may still be showing: the stored listing says when the link is made.)
      await expect
        .poll(async () => (await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)).name)
        .toMatchObject({ value: 'Renamed by the operator', provider: 'atdw' })
    } finally {
      await page.close()
    }
  })

  test("creates a custom listing: its page opens, 'Sync with BookEasy' instead of 'Sync with ATDW', no linking, markdown description", async () => {
    const any = (await visitorFetch({})).listings[0]!
    const page = await listingEditorPage(`/${any.slug}`)
    try {
      await page.getByRole('button', { name: le.newListing }).click()
      const name = `Hand Made Picnic ${Date.now().toString(36)}`
      await page.getByLabel(le.newListingName).fill(name)
      await page.getByRole('button', { name: le.create, exact: true }).click()
      await page.waitForURL(/\/listing\/hand-made-picnic-/)
      await page.getByText(lp.customNotice).waitFor()
      await page.getByRole('button', { name: le.open }).click()
      const sidebar = page.getByRole('dialog', { name: le.title })
      await sidebar.getByRole('button', { name: le.syncBookEasy }).waitFor()
      expect(await sidebar.getByRole('button', { name: le.syncAtdw }).count()).toBe(0)
      expect(await sidebar.getByRole('button', { name: /^(Link|Unlink) / }).count()).toBe(0)
      await sidebar.getByRole('textbox', { name: le.fields.description, exact: true }).fill('A **lovely** spot under the gums.')
      await sidebar.getByRole('button', { name: le.save, exact: true }).click()
      await expectToast(page, listingTexts.toasts.listingSaved)
      await expect.poll(() => page.locator('.prose-rich strong').textContent(), { timeout: 10_000 }).toBe('lovely')
    } finally {
      await page.close()
    }
  })

  test('custom categories are upper-cased when added', async () => {
    const product = fake.state.feed().find((p) => p.productCategoryId === 'RESTAURANT' && p.status === 'ACTIVE')!
    const listing = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
    const page = await listingEditorPage(`/${listing.slug}`)
    try {
      await page.getByRole('button', { name: le.open }).click()
      const sidebar = page.getByRole('dialog', { name: le.title })
      await sidebar.getByRole('textbox', { name: le.addCategory }).fill('long lunch')
      await sidebar.getByRole('button', { name: le.addCategory }).click()
      await sidebar.getByRole('button', { name: le.removeCategory('LONG LUNCH') }).waitFor()
      await sidebar.getByRole('button', { name: le.save, exact: true }).click()
      await expectToast(page, listingTexts.toasts.listingSaved)
      const saved = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
      expect(saved.customCategories.value).toContain('LONG LUNCH')
      expect(saved.taggedCategories.value).toContain('LONG LUNCH')
    } finally {
      await page.close()
    }
  })

  test('manages listing categories and tags in the ATDW panel with the spec rules, toasts and delete warnings', async () => {
    const a = listingTexts.atdw
    const toasts = listingTexts.toasts
    const page = await editorPage(`/${GRID_SLUG}`)
    try {
      await page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Open Site Settings', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Site Settings', exact: true })
      await dialog.getByRole('tab', { name: a.tab }).click()
      const list = dialog.getByRole('list', { name: a.categoriesTab })
      await list.waitFor()
      const count = await list.getByRole('listitem').count()
      await dialog.getByRole('button', { name: a.addCategory }).click()
      await expectToast(page, toasts.categoryAdded)
      const name = `New Category ${count + 1}`
      await list.getByRole('button', { name, exact: true }).click()
      const renamed = `Wineries ${Date.now().toString(36)}`
      await dialog.getByRole('form', { name }).getByLabel(a.name, { exact: true }).fill(renamed)
      const detail = dialog.getByRole('form', { name: renamed })
      await detail.getByRole('textbox', { name: a.filterGroup(1), exact: true }).fill('winery, cellar door')
      await detail.getByRole('button', { name: a.addFilter }).click()
      await detail.getByRole('textbox', { name: a.filterGroup(2), exact: true }).fill('attraction')
      await detail.getByLabel(a.excludedTags).fill('TOUR')
      await detail.getByLabel(a.hideServices).check()
      await detail.getByLabel('Barossa(G)[SA]').check()
      await detail.getByLabel(a.hasDates).selectOption('yes')
      await screenshot(page, { path: `${shots}/atdw-category-1440.png` })
      await detail.getByRole('button', { name: a.save, exact: true }).click()
      await expectToast(page, toasts.categorySaved)
      const saved = (
        await api<
          {
            _id: string
            name: string
            filters: string[][]
            hasDates: boolean
            hideServices: boolean
            attributes: string[]
            excludedTags: string
          }[]
        >('GET', '/api/listing/loadCategories')
      ).find((c) => c.name === renamed)!
      expect(saved).toMatchObject({
        filters: [['WINERY', 'CELLAR DOOR'], ['ATTRACTION']],
        hasDates: true,
        hideServices: true,
        attributes: ['Barossa(G)[SA]'],
        excludedTags: 'TOUR',
      })
      await dialog.getByRole('button', { name: a.back }).click()

      // Unpublishing an unpublished category is refused; publish; delete is refused while published.
      await list.getByRole('button', { name: `${a.unpublish} ${renamed}`, exact: true }).click()
      await expectToast(page, toasts.categoryNotPublished)
      await list.getByRole('button', { name: `${a.publish} ${renamed}`, exact: true }).click()
      await expectToast(page, toasts.categoryPublished)
      await list.getByRole('button', { name: `${a.delete} ${renamed}`, exact: true }).click()
      await expectToast(page, toasts.categoryMustUnpublish)
      await list.getByRole('button', { name: `${a.unpublish} ${renamed}`, exact: true }).click()
      await expectToast(page, toasts.categoryUnpublished)
      await list.getByRole('button', { name: `${a.delete} ${renamed}`, exact: true }).click()
      await dialog.getByText(a.deleteConfirm).waitFor()
      await dialog.getByRole('button', { name: a.deleteYes, exact: true }).click()
      await expect.poll(() => list.getByRole('button', { name: renamed, exact: true }).count()).toBe(0)

      // A category in use on a page: the warning lists the page and offers Close only.
      await api('POST', '/api/listing/unpublishCategory', { _id: eventsCategoryId })
      await page.reload()
      await page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Open Site Settings', exact: true }).click()
      await dialog.getByRole('tab', { name: a.tab }).click()
      await list.getByRole('button', { name: `${a.delete} Events`, exact: true }).click()
      await dialog.getByText(a.deleteInUse(1)).waitFor()
      expect(await dialog.getByText(a.deleteInUseHelp).count()).toBe(1)
      expect(await dialog.getByRole('link', { name: "What's On" }).count()).toBe(1)
      await dialog.getByRole('alertdialog').getByRole('button', { name: a.close, exact: true }).click()
      await api('POST', '/api/listing/publishCategory', {
        category: {
          _id: eventsCategoryId,
          name: 'Events',
          filters: [['EVENT']],
          excludedTags: '',
          attributes: [],
          hideServices: false,
          hasDates: true,
        },
      })

      // Listing Tags: a friendly name, published, becomes the visitors' checkbox label.
      await dialog.getByRole('tab', { name: a.tagsTab }).click()
      const friendly = dialog.getByLabel(`${a.friendlyName} ACCOMM`)
      await friendly.fill('Places to Stay')
      await dialog.getByRole('button', { name: a.save, exact: true }).click()
      await expectToast(page, toasts.tagsSaved)
      await dialog.getByRole('button', { name: a.publish, exact: true }).click()
      await expectToast(page, toasts.tagsPublished)
      await screenshot(page, { path: `${shots}/atdw-tags-1440.png` })
    } finally {
      await page.close()
    }
    await withVisitor(async (visitor) => {
      await visitor.goto(`${baseUrl}/${GRID_SLUG}`)
      await filtersToggle(visitor).click()
      expect(await visitor.getByRole('checkbox', { name: 'Places to Stay', exact: true }).count()).toBe(1)
    })
  })

  test("sets the Listings block's category filter and 'Show \"Export to PDF\" Button' in its sidebar editor; the grid follows", async () => {
    const slug = `e2e-block-${Date.now().toString(36)}`
    await api('POST', '/api/page/save', {
      page: {
        slug,
        template: 'generic',
        header: { title: 'Block editor' },
        contents: [{ componentType: 'Listings', categoryFilter: 'none', showExport: false }],
      },
      collection: 'pages',
    })
    const events = await visitorFetch({ categoryFilterId: eventsCategoryId })
    const all = await visitorFetch({})
    const page = await editorPage(`/${slug}`)
    try {
      await expectCount(page, all.totalListings)
      expect(await page.getByRole('button', { name: g.exportPdf }).count()).toBe(0)
      const menu = page.getByRole('navigation', { name: 'Editor menu' })
      await menu.getByRole('button', { name: 'Select Component', exact: true }).click()
      const frame = page.getByRole('group', { name: 'Listings component' })
      await frame.click({ position: { x: 5, y: 5 } })
      await page
        .locator('[data-editor-frame][data-selected] > .editor-frame-toolbar')
        .getByRole('button', { name: 'Settings', exact: true })
        .click()
      const select = page.getByLabel(listingTexts.block.categoryFilter)
      await expect.poll(() => select.locator('option').allTextContents()).toContain('Events')
      expect((await select.locator('option').allTextContents()).at(-1)).toBe('None')
      await select.selectOption({ label: 'Events' })
      await expectCount(page, events.totalListings)
      await page.getByLabel(listingTexts.block.showExport).check()
      await page.getByRole('button', { name: g.exportPdf }).waitFor()
      await screenshot(page, { path: `${shots}/block-editor-1440.png` })
      await menu.getByRole('button', { name: editorTexts.menu.savePage, exact: true }).click()
      await page
        .getByRole('dialog', { name: editorTexts.panels.savePage })
        .getByRole('button', { name: editorTexts.pagePanel.savePage, exact: true })
        .click()
      await expectToast(page, texts.toasts.pageSaved)
      const draft = await api<{ contents: { componentType: string; categoryFilter: string; showExport: boolean }[] }>(
        'GET',
        `/api/page/load?slug=${slug}`,
      )
      expect(draft.contents[0]).toMatchObject({ componentType: 'Listings', categoryFilter: eventsCategoryId, showExport: true })
    } finally {
      await page.close()
    }
  })

  test("a product gone from the feed turns inactive: editors see 'Inactive Listing.', visitors no longer find it", async () => {
    const product = fake.state.feed().find((p) => p.productCategoryId === 'HIRE' && p.status === 'ACTIVE')!
    const listing = await api<Listing>('GET', `/api/listing/findById?id=${product.productId}`)
    fake.state.remove(product.productId)
    try {
      await api('POST', '/api/listing/syncListing', { listingId: product.productId })
      const page = await listingEditorPage(`/${listing.slug}`)
      try {
        await page.getByText(lp.inactive, { exact: true }).waitFor()
      } finally {
        await page.close()
      }
      const visitor = await fetch(`${baseUrl}/${listing.slug}`)
      expect(visitor.status).toBe(404)
      const found = await visitorFetch({ search: listing.name.value })
      expect(found.listings.map((l) => l._id)).not.toContain(product.productId)
    } finally {
      fake.state.restore(product.productId)
    }
  })
})

describe('by keyboard', () => {
  test('Filters open with Enter, a category toggles with Space, Escape closes; Load More keeps focus on the new cards', async () => {
    await withVisitor(async (page) => {
      await page.goto(`${baseUrl}/${GRID_SLUG}`)
      await expect.poll(() => cards(page).count()).toBe(15)
      await page.getByRole('searchbox', { name: g.keywords }).focus()
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY')
      await page.keyboard.press('Enter')
      await page.getByLabel(g.location).waitFor()
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('location')
      // Tab on to the first category checkbox (dates, when shown, come first).
      for (let i = 0; i < 4; i++) {
        if ((await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)) === 'checkbox') break
        await page.keyboard.press('Tab')
      }
      const key = await page.evaluate(() => (document.activeElement as HTMLInputElement).value)
      await page.keyboard.press('Space')
      const checked = await visitorFetch({ checkedCategories: [key] })
      await expectCount(page, checked.totalListings)
      expect((await query(page)).getAll('category')).toEqual([key])
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('[data-listings-grid] details').getAttribute('open')).toBeNull()
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY')
    })
  })
})
