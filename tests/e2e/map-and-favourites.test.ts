/**
 * Issue 19 points 2 and 3 in real Chromium, on the demo (its fake provider's listings carry
 * positions): the listing grid's map view shows exactly the grid's results (the same filtered set;
 * cluster counts plus the listings without a position add up to the grid's total, before and after
 * a filter), loads its code only when chosen, keeps the choice in the address, and works by
 * keyboard; a listing page shows its location. The visitor's list: saving from cards and pages,
 * the list page, a share link opened in a fresh browser, and the enquiry prefilled with the list.
 * Axe on the map view and the list page; screenshots at 375 and 1440 px in /tmp/shots-f.
 */
import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FetchResponse } from '#lib/listings'
import { favouriteTexts, mapTexts } from '#lib/texts'
import { axe, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(180_000) })

const shots = '/tmp/shots-f'
/** The machine may be busy: hydration and the map's chunk can take a while. */
const POLL = { timeout: 30_000 }
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  server = await startProductionServer({ env: { FAKE_ATDW_COUNT: '200', RATE_LIMIT_IP: '1000' }, timeoutMs: 280_000 })
  browser = await lendBrowser()
}, patient(300_000))
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function gridIds(body: Record<string, unknown>): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.baseUrl}/api/listing/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hideTours: true, ...body, limit: 100, currentPage: page }),
    })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as FetchResponse
    ids.push(...answer.listings.map((l) => l._id))
    if (!answer.listings.length || ids.length >= answer.totalListings) return { ids, total: answer.totalListings }
  }
}

/** What the map shows now: its total, the sum of its cluster and marker counts, and those without a position. */
async function mapState(page: Page) {
  return page.evaluate(() => {
    const map = document.querySelector<HTMLElement>('[data-listings-map]')
    if (!map) return { total: -1, unlocated: -1, drawn: '', markers: 0, sum: 0 }
    const counts = [...map.querySelectorAll<HTMLElement>('.leaflet-marker-pane [data-count]')].map((el) => Number(el.dataset.count))
    return {
      total: Number(map.dataset.total ?? -1),
      unlocated: Number(map.dataset.unlocated ?? -1),
      drawn: map.dataset.drawn ?? '',
      markers: counts.length,
      sum: counts.reduce((a, b) => a + b, 0),
    }
  })
}

/** The consent banner covers the bottom of the screen: declined before screenshots. */
async function declineConsent(page: Page) {
  const decline = page.getByRole('button', { name: 'Decline' })
  if (await decline.isVisible()) await decline.click()
}

const heading = (page: Page) => page.locator('[data-listings-grid] [role="status"] h2').innerText()

describe('the map view of a listing grid', () => {
  test('shows the same filtered set as the grid, clustered, loaded only when chosen, and by keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
    try {
      const page = await context.newPage()
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url())
      })
      await page.goto(`${server.baseUrl}/stay`, { waitUntil: 'load' })
      const toggle = page.locator('[data-view-toggle]')
      await toggle.waitFor({ timeout: 30_000 })
      // The grid alone never loads the map's code.
      expect(scripts.some((url) => /ListingsMap|leaflet/i.test(url))).toBe(false)

      const all = await gridIds({ categoryFilterId: 'demo-stay' })
      expect(all.total).toBeGreaterThan(20)
      expect(await heading(page)).toContain(String(all.total))

      const answer = page.waitForResponse((r) => r.url().endsWith('/listing/mapPoints'))
      await toggle.getByRole('button', { name: mapTexts.map }).click()
      const points = (await (await answer).json()) as { points: [string, string, string, number, number][]; total: number }
      expect(scripts.some((url) => /ListingsMap/.test(url))).toBe(true)
      await expect.poll(async () => (await mapState(page)).markers, POLL).toBeGreaterThan(0)
      expect(await toggle.getByRole('button', { name: mapTexts.map }).getAttribute('aria-pressed')).toBe('true')
      expect(await page.locator('[data-listings-grid] ul').first().isHidden()).toBe(true)
      expect(new URL(page.url()).searchParams.get('view')).toBe('map')

      // The same set as the grid (the grid's order, those with a position), and every one counted on the map.
      const located = new Set(points.points.map((p) => p[0]))
      expect(points.total).toBe(all.total)
      expect(all.ids.filter((id) => located.has(id))).toEqual(points.points.map((p) => p[0]))
      let state = await mapState(page)
      expect(state.total).toBe(all.total)
      expect(state.sum + state.unlocated).toBe(all.total)
      expect(state.markers).toBeLessThan(all.total) // clustered
      console.log(`map of /stay: ${all.total} listings, ${state.markers} markers and clusters, ${state.unlocated} without a position`)

      await declineConsent(page)
      await page.locator('[data-listings-map]').scrollIntoViewIfNeeded()
      await screenshot(page, { path: `${shots}/map-1440.png` })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])

      // A filter: the map follows the grid.
      await page.locator('[data-listings-grid] summary').click()
      const select = page.locator('[data-listings-grid] select')
      const town = (await select.locator('option').nth(1).getAttribute('value'))!
      const drawnBefore = state.drawn
      await select.selectOption(town)
      const filtered = await gridIds({ categoryFilterId: 'demo-stay', location: town })
      await expect.poll(async () => (await mapState(page)).total, POLL).toBe(filtered.total)
      await expect.poll(async () => (await mapState(page)).drawn, POLL).not.toBe(drawnBefore)
      state = await mapState(page)
      expect(state.sum + state.unlocated).toBe(filtered.total)
      await expect.poll(() => heading(page), POLL).toContain(String(filtered.total))
      expect(new URL(page.url()).searchParams.get('location')).toBe(town)

      // Keyboard: a cluster is a button; Enter zooms into it, until single places show, whose popup links to the listing.
      const cluster = page.locator('.leaflet-marker-pane [data-count]:not([data-listing-point])').first()
      if (await cluster.count()) {
        expect(await cluster.getAttribute('role')).toBe('button')
        expect(await cluster.getAttribute('aria-label')).toMatch(/listings here/)
      }
      for (let i = 0; i < 8 && !(await page.locator('[data-listing-point]').count()); i++) {
        const before = (await mapState(page)).drawn
        await page.locator('.leaflet-marker-pane [data-count]').first().focus()
        await page.keyboard.press('Enter')
        await expect.poll(async () => (await mapState(page)).drawn, POLL).not.toBe(before)
      }
      const marker = page.locator('[data-listing-point]').first()
      await marker.waitFor()
      const id = (await marker.getAttribute('data-listing-point'))!
      const point = points.points.find((p) => p[0] === id)!
      await marker.focus()
      await page.keyboard.press('Enter')
      const link = page.locator('.leaflet-popup a[href]').first()
      await link.waitFor()
      expect(await link.getAttribute('href')).toBe(`/${point[1]}`)
      expect(await link.innerText()).toBe(point[2])

      // The address keeps the map: reloading opens it again.
      await page.reload({ waitUntil: 'load' })
      await expect.poll(async () => (await mapState(page)).total, POLL).toBe(filtered.total)

      // Back to the list.
      await toggle.getByRole('button', { name: mapTexts.list }).click()
      expect(await page.locator('[data-listings-map]').count()).toBe(0)
      expect(new URL(page.url()).searchParams.get('view')).toBeNull()

      // The listing page shows its location.
      await page.goto(`${server.baseUrl}/${point[1]}`, { waitUntil: 'load' })
      const location = page.locator('[data-location-map]')
      await location.waitFor()
      expect(await location.locator('svg[role="img"]').getAttribute('aria-label')).toContain(point[2])
      await location.scrollIntoViewIfNeeded()
      await declineConsent(page)
      await screenshot(page, { path: `${shots}/listing-location-1440.png` })
    } finally {
      await context.close()
    }
  })

  test('at 375 px the map view fits the screen and is axe-clean', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    try {
      const page = await context.newPage()
      await page.goto(`${server.baseUrl}/stay?view=map`, { waitUntil: 'load' })
      await expect.poll(async () => (await mapState(page)).markers, POLL).toBeGreaterThan(0)
      const state = await mapState(page)
      const all = await gridIds({ categoryFilterId: 'demo-stay' })
      expect(state.sum + state.unlocated).toBe(all.total)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(375)
      await declineConsent(page)
      await page.locator('[data-listings-map]').scrollIntoViewIfNeeded()
      await screenshot(page, { path: `${shots}/map-375.png` })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe("the visitor's list", () => {
  test('saves from cards and pages, lists, shares as a link a fresh browser opens, and prefills the enquiry', async () => {
    const mine = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
    const friend = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
    try {
      const page = await mine.newPage()
      await page.goto(`${server.baseUrl}/stay`, { waitUntil: 'load' })
      const saves = page.locator('[data-listings-grid] article button[data-save]')
      await saves.first().waitFor({ timeout: 30_000 })
      const saved: { path: string; title: string }[] = []
      for (const i of [0, 1]) {
        const button = saves.nth(i)
        expect(await button.getAttribute('aria-pressed')).toBe('false')
        const title = (await button.locator('xpath=ancestor::article').locator('h3 a').innerText()).trim()
        expect(await button.getAttribute('aria-label')).toBe(favouriteTexts.saveLabel(title))
        await button.click()
        expect(await button.getAttribute('aria-pressed')).toBe('true')
        saved.push({ path: (await button.getAttribute('data-save'))!, title })
      }
      // A content page, saved from its own button.
      await page.goto(`${server.baseUrl}/about`, { waitUntil: 'load' })
      const pageSave = page.locator('[data-save-bar] button[data-save]')
      await pageSave.waitFor({ timeout: 30_000 })
      await pageSave.click()
      expect(await pageSave.getAttribute('aria-pressed')).toBe('true')
      saved.push({ path: '/about', title: (await page.locator('h1').first().innerText()).trim() })
      await page.locator('[data-save-bar] a', { hasText: favouriteTexts.myListCount(3) }).click()
      await page.waitForURL(/\/favourites$/)

      // The list page.
      const items = page.locator('[data-favourite]')
      await expect.poll(() => items.count(), POLL).toBe(3)
      expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-favourite')))).toEqual(saved.map((s) => s.path))
      for (const item of saved) expect(await page.locator(`[data-favourite="${item.path}"] a`).innerText()).toBe(item.title)
      await declineConsent(page)
      await screenshot(page, { path: `${shots}/favourites-1440.png`, fullPage: true })
      let violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])

      // Share: a link a fresh browser (no saved list) opens to the same items.
      await page.getByRole('button', { name: favouriteTexts.share }).click()
      const link = await page.locator('[data-share-link]').inputValue()
      expect(link.startsWith(`${server.baseUrl}/favourites?item=`)).toBe(true)
      const other = await friend.newPage()
      await other.goto(link, { waitUntil: 'load' })
      const shared = other.locator('[data-favourite]')
      expect(await shared.evaluateAll((els) => els.map((el) => el.getAttribute('data-favourite')))).toEqual(saved.map((s) => s.path))
      for (const item of saved) expect(await other.locator(`[data-favourite="${item.path}"] a`).innerText()).toBe(item.title)
      violations = await axe(other)
      expect(violations, formatViolations(violations)).toEqual([])
      await other.getByRole('button', { name: favouriteTexts.saveAll }).click()
      await other.locator('[role="status"]', { hasText: favouriteTexts.savedAll }).waitFor()
      await other.goto(`${server.baseUrl}/favourites`, { waitUntil: 'load' })
      await expect.poll(() => other.locator('[data-favourite]').count(), POLL).toBe(3)

      // A forged link: paths that are not published pages are left out, titles come from the site.
      await other.goto(`${server.baseUrl}/favourites?item=/no-such-page&item=//evil.example&item=/about`, { waitUntil: 'load' })
      expect(await other.locator('[data-favourite]').evaluateAll((els) => els.map((el) => el.getAttribute('data-favourite')))).toEqual([
        '/about',
      ])

      // The list at 375 px.
      await page.setViewportSize({ width: 375, height: 812 })
      await screenshot(page, { path: `${shots}/favourites-375.png`, fullPage: true })
      violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
      await page.setViewportSize({ width: 1440, height: 1000 })

      // Send with an enquiry: the enquiry page's message starts with the list.
      await page.getByRole('link', { name: favouriteTexts.enquire }).click()
      await page.waitForURL(/\?list=1$/)
      await page.locator('[data-enquiry-list]').waitFor()
      expect(await page.locator('[data-enquiry-list]').innerText()).toBe(favouriteTexts.enquiryNotice(3))
      const message = await page.locator('textarea[name="comments"]').inputValue()
      expect(message.startsWith('My list:')).toBe(true)
      for (const item of saved) expect(message).toContain(`- ${item.title}: ${server.baseUrl}${item.path}`)

      // Removing from the list page.
      await page.goto(`${server.baseUrl}/favourites`, { waitUntil: 'load' })
      await page.getByRole('button', { name: favouriteTexts.remove(saved[0]!.title) }).click()
      await expect.poll(() => page.locator('[data-favourite]').count(), POLL).toBe(2)
    } finally {
      await mine.close()
      await friend.close()
    }
  })
})
