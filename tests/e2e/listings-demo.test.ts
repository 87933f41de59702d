/**
 * `npm start` on a fresh data dir with ATDW_API_URL unset ends up with listings (issue 9): the
 * production server starts the fake Atlas API in its own process and imports its products before it
 * listens (issue 20: the grids are full on the first page view), and the demo's "What's On" and
 * "Stay" pages show real grids with the fake provider's pictures, through the site's image pipeline.
 * Then a restart on the same data dir does not sync again.
 *
 * Its own server (a fresh data dir, a small data set: FAKE_ATDW_COUNT=40) so the shared e2e
 * server is not disturbed.
 */
import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { listingPhotoUrl } from '#lib/image-url'
import { listingTexts } from '#lib/texts'
import { lendBrowser, screenshot } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { fetchListings } from '../helpers/site.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(180_000) })

let server: RunningServer
let browser: Browser
let healthMs = 0
const env = { FAKE_ATDW_COUNT: '40', LOG_LEVEL: 'info', RATE_LIMIT_IP: '1000' }

const fetchGrid = (body: Record<string, unknown>) => fetchListings(server.baseUrl, body)

beforeAll(async () => {
  const started = Date.now()
  // A real first start: what this file tests (the other files' servers start from a prepared copy).
  server = await startProductionServer({ env, firstStart: true })
  healthMs = Date.now() - started
  browser = await lendBrowser()
}, patient(300_000))
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  // The restarted server was handed the data dir, so it is not its to remove.
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
})

test("a fresh start imports the fake provider's listings before it listens: the first answer has full grids", async () => {
  console.log(`fresh data dir: /health answered after ${healthMs} ms (seed and first import included)`)
  // No waiting: the import was logged before the server answered anything.
  const line = server
    .output()
    .split('\n')
    .find((l) => l.includes("first listing sync of barossa from the demo's fake provider"))
  expect(line).toBeDefined()
  const report = (JSON.parse(line!) as { report: { created: number; services: number; durationMs: number } }).report
  console.log(`first sync: ${report.created} listings, ${report.services} services in ${report.durationMs} ms`)
  expect(report.created).toBeGreaterThan(30)

  const all = await fetchGrid({ hideTours: false })
  expect(all.totalListings).toBe(report.created + report.services)
  const events = await fetchGrid({ categoryFilterId: 'demo-whats-on' })
  expect(events.totalListings).toBeGreaterThan(0)
  expect(events.hasDates).toBe(true)
  expect(events.listings.every((l) => l.productCategoryId === 'EVENT')).toBe(true)
  const stay = await fetchGrid({ categoryFilterId: 'demo-stay' })
  expect(stay.listings.every((l) => l.productCategoryId === 'ACCOMM')).toBe(true)
  // Each grid offers its kinds as category checkboxes, under the published friendly names.
  expect(stay.listingCategories).toEqual(
    expect.arrayContaining([
      { key: 'COTTAGE', name: 'Cottages' },
      { key: 'HOTEL', name: 'Hotels' },
    ]),
  )
  expect(stay.listingCategories.length).toBeGreaterThan(4)
  expect(events.listingCategories).toEqual(expect.arrayContaining([{ key: 'FESTIVAL', name: 'Festivals' }]))
  expect(events.listingCategories.length).toBeGreaterThan(4)
})

test("the demo's What's On page shows the events grid with the provider's pictures through the image pipeline, linked from the navigation", async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    await expect.poll(() => page.locator('header a', { hasText: "What's On" }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.locator('header a', { hasText: 'Stay' }).count()).toBeGreaterThan(0)

    const total = (await fetchGrid({ categoryFilterId: 'demo-whats-on' })).totalListings
    await page.goto(`${server.baseUrl}/whats-on`, { waitUntil: 'load' })
    await expect
      .poll(() => page.locator('[data-listings-grid] [role=status]:not([data-near-status])').textContent())
      .toBe(listingTexts.grid.results(total))
    const cards = page.locator('[data-listings-grid] article[data-listing]')
    expect(await cards.count()).toBe(Math.min(15, total))
    // The provider's pictures come through the site's image pipeline (issue 16 point 4): resized,
    // WebP/AVIF, several widths, a reserved box; the first card (the likely LCP) loads first.
    const image = cards.first().locator('img').first()
    expect(await image.getAttribute('src')).toMatch(/^\/img\/listing\/[^/]+\/[0-9a-z]+\?w=700&h=700$/)
    expect(await image.getAttribute('srcset')).toMatch(/ 350w, .* 700w/)
    expect(await image.getAttribute('sizes')).toBeTruthy()
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['700', '700'])
    expect([await image.getAttribute('loading'), await image.getAttribute('fetchpriority')]).toEqual(['eager', 'high'])
    expect(await cards.nth(1).locator('img').first().getAttribute('loading')).toBe('lazy')
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0)
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => name.includes('/img/listing/')),
    )
    expect(loaded.length).toBeGreaterThan(0)
    const res = await fetch(loaded[0]!, { headers: { accept: 'image/avif,image/webp,*/*' } })
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await screenshot(page, { path: '/tmp/shots-ha/e2e-whats-on-1440.png' })

    // A card opens its listing page.
    const name = (await cards.first().locator('h3, h2').first().textContent())?.trim() ?? ''
    await Promise.all([page.waitForURL(/\/listing\//), cards.first().locator('a').first().click()])
    // The URL changes before a client-side navigation has rendered the listing page.
    await expect.poll(async () => (await page.locator('h1').first().textContent())?.trim()).toBe(name)
  } finally {
    await context.close()
  }
})

/**
 * What a phone downloads for the listing photos of /whats-on and a listing page, against what the
 * same pictures cost as the provider's originals (what the pages sent before issue 16 point 4): each
 * photo the page loaded is asked for again as its original (f=orig, the provider's bytes untouched).
 */
test("a phone downloads the listing photos resized: the grid's and a listing page's bytes against the originals", async () => {
  // Lighthouse's mobile device: 412 px wide at 2.625 device pixels per CSS pixel.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const measure = async (path: string) => {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' })
      // Scroll through the page so every lazy picture that would show is loaded.
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      for (let y = 0; y <= height; y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await page.waitForLoadState('networkidle')
      }
      const pending = page.locator('img[src^="/img/listing/"]')
      const count = await pending.count()
      for (let i = 0; i < count; i++) {
        const img = pending.nth(i)
        if ((await img.getAttribute('loading')) === 'eager') {
          await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
        }
      }
      const entries = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.name.includes('/img/listing/'))
          .map((e) => ({ name: e.name, bytes: e.encodedBodySize })),
      )
      expect(entries.length, path).toBeGreaterThan(0)
      let after = 0
      let before = 0
      for (const entry of entries) {
        after += entry.bytes
        const url = new URL(entry.name)
        const original = await fetch(`${server.baseUrl}${url.pathname}?f=orig`)
        expect(original.status).toBe(200)
        before += (await original.arrayBuffer()).byteLength
      }
      console.log(
        `${path}: ${entries.length} listing photos at 412 px, 2.625x: ${Math.round(before / 1024)} KB as the provider's originals, ${Math.round(after / 1024)} KB through the pipeline`,
      )
      expect(after, path).toBeLessThan(before)
      return entries.length
    }
    await measure('/whats-on')
    const first = (await fetchGrid({ categoryFilterId: 'demo-whats-on' })).listings[0]!
    await measure(`/${first.slug}`)
    // The gallery's first picture is eager: the listing page's LCP.
    const gallery = page.locator(`section[aria-label="${listingTexts.page.gallery}"] img`).first()
    expect(await gallery.getAttribute('fetchpriority')).toBe('high')
    expect(await gallery.getAttribute('alt')).toBeTruthy()
  } finally {
    await context.close()
  }
})

test('a listing page whose photos the provider cannot give still renders: alt text and a tinted box of the same size', async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  try {
    const page = await context.newPage()
    // Every listing photo answers as the server does when the provider is down (server/api/img-listing.test.ts).
    await page.route('**/img/listing/**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'provider_unavailable', message: 'The tourism provider could not be reached for this photo' },
        }),
      }),
    )
    const first = (await fetchGrid({ categoryFilterId: 'demo-whats-on' })).listings[0]!
    const res = await page.goto(`${server.baseUrl}/${first.slug}`, { waitUntil: 'load' })
    expect(res?.status()).toBe(200)
    expect((await page.locator('h1').first().textContent())?.trim()).toBe(first.name)
    const photo = page.locator(`section[aria-label="${listingTexts.page.gallery}"] img`).first()
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true)
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(0)
    expect(await photo.getAttribute('alt')).toBeTruthy()
    // The box keeps the gallery's 1000x760 shape: nothing below it moves.
    const box = (await photo.boundingBox())!
    expect(box.width).toBeGreaterThan(200)
    expect(Math.abs(box.height - (box.width * 760) / 1000)).toBeLessThan(2)
  } finally {
    await context.close()
  }
})

test('a restart on the same data dir does not sync again and keeps the pictures', async () => {
  const dataDir = server.dataDir
  await server.stop({ keepDataDir: true })
  const started = Date.now()
  server = await startProductionServer({ env, dataDir })
  console.log(`restart: /health answered after ${Date.now() - started} ms`)
  const before = (await fetchGrid({ hideTours: false })).totalListings
  expect(before).toBeGreaterThan(0)
  // The demo's first sync runs before the server listens; after it listens only the booking
  // operators' refresh follows (logged at info): once that is logged, no sync can still come.
  await expect.poll(() => server.output(), { timeout: 60_000 }).toMatch(/booking operator information/)
  expect(server.output()).not.toMatch(/first listing sync/)
  const card = (await fetchGrid({ categoryFilterId: 'demo-stay' })).listings[0]!
  const res = await fetch(`${server.baseUrl}${card.image!.url!}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/jpeg')
  // Through the pipeline too: the fake provider listens on a new port now, the stored relative address still resolves.
  const other = (await fetchGrid({ categoryFilterId: 'demo-stay' })).listings[1]!
  const piped = await fetch(`${server.baseUrl}${listingPhotoUrl(other._id, other.image!.url!, { w: 320, h: 320 })}`, {
    headers: { accept: 'image/webp' },
  })
  expect(piped.status).toBe(200)
  expect(piped.headers.get('content-type')).toBe('image/webp')
  // Only the pictures are public: the fake's API is not on the site's port.
  expect((await fetch(`${server.baseUrl}/atdw-demo/api/atlas/products?key=x`)).status).toBe(404)
})
