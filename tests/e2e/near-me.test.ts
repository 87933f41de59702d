/**
 * "Nearest to me" (issue 35 point 3) in real Chromium, on the lane's demo (the fake provider's
 * listings carry positions) and a page with an unfiltered grid: with the visitor's permission and a
 * fixed position (the context's geolocation), the grid is ordered by distance from it, each card saying how far it is, Load
 * More continuing in that order; the position is asked for only on the button's press, never sent
 * in any request nor kept in the browser's storage. Denied, the grid says so and keeps its order.
 * Axe on the sorted grid.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { FetchResponse } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { formatDistance, nearestFirst, type GridPoint } from '../../blocks/Listings/near-me.ts'
import { axe, formatViolations, openBrowser } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { publishPage } from '../helpers/editor-session.ts'
import { patient } from '../helpers/patience.ts'

const baseUrl = laneBaseUrl()
const g = listingTexts.grid
const chromium = openBrowser()
/** Angaston, at the eastern edge of the valley: the order differs from the grid's own. */
const HERE = { latitude: -34.5003, longitude: 139.0459 }
/** The unfiltered grid's request, without its page. */
const ALL = { hideTours: true, filters: {}, checkedCategories: [] }
const PAGE = 15
/** The machine may be busy: answers can take a while. */
const POLL = { timeout: 30_000 }
const SLUG = `e2e-near-me-${Date.now().toString(36)}`
let editor: BrowserContext

beforeAll(async () => {
  // A page with an unfiltered grid (every kind of listing), published by the editor.
  editor = await chromium.browser.newContext()
  const login = await editor.request.post(`${baseUrl}/api/user/login`, { data: inject('editor') })
  expect(login.status()).toBe(200)
  await publishPage(editor, {
    slug: SLUG,
    template: 'generic',
    title: 'Near me',
    header: { title: 'Near me' },
    contents: [{ componentType: 'Listings', categoryFilter: 'none', showExport: false }],
  })
}, patient(60_000))

afterAll(async () => {
  await editor?.close()
})

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** A visitor's context; the geolocation calls the page makes are counted (asked on load would be one too many). */
async function visitor(options: { allow: boolean }): Promise<BrowserContext> {
  const context = await chromium.browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(options.allow ? { geolocation: HERE, permissions: ['geolocation'] } : {}),
  })
  context.setDefaultTimeout(30_000)
  await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
  await context.addInitScript(() => {
    const geo = navigator.geolocation
    const ask = geo.getCurrentPosition.bind(geo)
    ;(window as unknown as { geoCalls: number }).geoCalls = 0
    geo.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
      ;(window as unknown as { geoCalls: number }).geoCalls++
      ask(...args)
    }
  })
  return context
}

const cardIds = (page: Page) =>
  page.locator('[data-listings-grid] ul > li article[data-listing]').evaluateAll((els) => els.map((el) => el.getAttribute('data-listing')!))
const geoCalls = (page: Page) => page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls)

async function openGrid(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${baseUrl}/${SLUG}`, { waitUntil: 'load' })
  await page.locator('html[data-hydrated="true"]').waitFor()
  await page.locator('[data-listings-grid] article[data-listing]').first().waitFor()
  return page
}

describe('Nearest to me', () => {
  test('with permission and a fixed position: nearest first with distances, Load More in order; the position never leaves the browser', async () => {
    const { points } = await post<{ points: GridPoint[] }>('/api/listing/mapPoints', ALL)
    const expected = nearestFirst(points, { lat: HERE.latitude, lng: HERE.longitude })
    const gridOrder = (await post<FetchResponse>('/api/listing/fetch', { ...ALL, limit: PAGE, currentPage: 1 })).listings.map((l) => l._id)
    expect(expected.length).toBeGreaterThan(PAGE)
    expect(expected.slice(0, PAGE).map((n) => n.id)).not.toEqual(gridOrder)

    const context = await visitor({ allow: true })
    const sent: string[] = []
    context.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`))
    try {
      const page = await openGrid(context)
      // Never asked on page load.
      expect(await geoCalls(page)).toBe(0)
      expect(await cardIds(page)).toEqual(gridOrder)

      const button = page.getByRole('button', { name: g.sortByDistance })
      expect(await button.getAttribute('aria-pressed')).toBe('false')
      await button.click()
      await page.locator('[data-near-status]').getByText(g.sortingByDistance).waitFor()
      expect(await button.getAttribute('aria-pressed')).toBe('true')
      expect(await geoCalls(page)).toBe(1)
      await expect.poll(() => cardIds(page), POLL).toEqual(expected.slice(0, PAGE).map((n) => n.id))
      expect(await page.locator('[data-listings-grid] h2').first().innerText()).toBe(g.results(expected.length))
      // Each card says how far it is, nearest first.
      const distances = await page.locator('[data-listings-grid] [data-distance]').allInnerTexts()
      expect(distances).toEqual(expected.slice(0, PAGE).map((n) => g.distanceAway(formatDistance(n.km, 'en'))))

      // Load More continues in the same order.
      await page.getByRole('button', { name: g.loadMore }).click()
      await expect.poll(() => cardIds(page), POLL).toEqual(expected.slice(0, 2 * PAGE).map((n) => n.id))

      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])

      // The position is in no request (address or body) and in no storage.
      const digits = [String(HERE.latitude), String(HERE.longitude), HERE.latitude.toFixed(2), HERE.longitude.toFixed(2)]
      for (const request of sent) for (const d of digits) expect(request, request).not.toContain(d)
      const stored = await page.evaluate(() => JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]))
      for (const d of digits) expect(stored).not.toContain(d)
      expect(page.url()).toBe(`${baseUrl}/${SLUG}`)

      // Off again: the grid's own order, the distances gone.
      await button.click()
      await expect.poll(() => cardIds(page), POLL).toEqual(gridOrder)
      expect(await page.locator('[data-listings-grid] [data-distance]').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test('denied: the grid says the location was not allowed and keeps its order', async () => {
    const context = await visitor({ allow: false })
    try {
      const page = await openGrid(context)
      const before = await cardIds(page)
      await page.getByRole('button', { name: g.sortByDistance }).click()
      await page.locator('[data-near-status]').getByText(g.locationDenied).waitFor()
      expect(await page.getByRole('button', { name: g.sortByDistance }).getAttribute('aria-pressed')).toBe('false')
      expect(await cardIds(page)).toEqual(before)
      expect(await page.locator('[data-listings-grid] [data-distance]').count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
