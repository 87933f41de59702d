/**
 * `npm start` on a fresh data dir with ATDW_API_URL unset ends up with listings (issue 9): the
 * production server starts the fake Atlas API in its own process, answers /health before the first
 * sync is done, syncs in the background, and the demo's "What's On" and "Stay" pages show real
 * grids with the fake provider's pictures served on the site's own port. Then a restart on the same
 * data dir does not sync again.
 *
 * Its own server (a fresh data dir, a small data set: FAKE_ATDW_COUNT=40) so the shared e2e
 * server is not disturbed.
 */
import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FetchResponse } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { launchBrowser } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'

let server: RunningServer
let browser: Browser
let healthMs = 0
const env = { FAKE_ATDW_COUNT: '40', LOG_LEVEL: 'info', RATE_LIMIT_IP: '1000' }

const fetchGrid = async (body: Record<string, unknown>) => {
  const res = await fetch(`${server.baseUrl}/api/listing/fetch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as FetchResponse
}

beforeAll(async () => {
  const started = Date.now()
  server = await startProductionServer({ env })
  healthMs = Date.now() - started
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  // The restarted server was handed the data dir, so it is not its to remove.
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
})

test('a fresh start answers /health, then the first sync from the fake provider fills the listings in the background', async () => {
  console.log(`fresh data dir: /health answered after ${healthMs} ms (seed included)`)
  await expect
    .poll(() => server.output(), { timeout: 120_000, interval: 500 })
    .toMatch(/first listing sync of barossa from the demo's fake provider/)
  const line = server
    .output()
    .split('\n')
    .find((l) => l.includes('first listing sync of barossa'))!
  const report = (JSON.parse(line) as { report: { created: number; services: number; durationMs: number } }).report
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
  // Category names are the published friendly names.
  expect(stay.listingCategories).toEqual([{ key: 'ACCOMM', name: 'Accommodation' }])
})

test("the demo's What's On page shows the events grid with pictures from the site's own port, linked from the navigation", async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    await expect.poll(() => page.locator('header a', { hasText: "What's On" }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.locator('header a', { hasText: 'Stay' }).count()).toBeGreaterThan(0)

    const total = (await fetchGrid({ categoryFilterId: 'demo-whats-on' })).totalListings
    await page.goto(`${server.baseUrl}/whats-on`, { waitUntil: 'load' })
    await expect.poll(() => page.locator('[data-listings-grid] [role=status]').textContent()).toBe(listingTexts.grid.results(total))
    const cards = page.locator('[data-listings-grid] article[data-listing]')
    expect(await cards.count()).toBe(Math.min(15, total))
    const image = cards.first().locator('img').first()
    expect(await image.getAttribute('src')).toMatch(/^\/atdw-demo\/images\//)
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0)
    await page.screenshot({ path: '/tmp/shots-ha/e2e-whats-on-1440.png' })

    // A card opens its listing page.
    const name = (await cards.first().locator('h3, h2').first().textContent())?.trim() ?? ''
    await Promise.all([page.waitForURL(/\/listing\//), cards.first().locator('a').first().click()])
    expect((await page.locator('h1').first().textContent())?.trim()).toBe(name)
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
  await new Promise((r) => setTimeout(r, 2000))
  expect(server.output()).not.toMatch(/first listing sync/)
  const card = (await fetchGrid({ categoryFilterId: 'demo-stay' })).listings[0]!
  const res = await fetch(`${server.baseUrl}${card.image!.url!}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/jpeg')
  // Only the pictures are public: the fake's API is not on the site's port.
  expect((await fetch(`${server.baseUrl}/atdw-demo/api/atlas/products?key=x`)).status).toBe(404)
}, 180_000)
