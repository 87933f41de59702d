/**
 * Issue 31, visitors: a search in the header. On wide screens a 'Search' button in the header opens
 * a box (focus goes into it, Escape closes it and gives the focus back); on phones the box heads
 * the menu. Either way Enter leads to /search with the words, by keyboard alone; axe clean with the
 * box open; the header still fits a 375 px phone without horizontal scrolling.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { siteTexts } from '#lib/texts'
import { axe, formatViolations, openBrowser, screenshot } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const t = siteTexts.search
const chromium = openBrowser()
const shots = process.env.SHOTS_DIR || '/tmp/shots-search'

async function visitor(width: number): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height: 900 } })
  context.setDefaultTimeout(30_000)
  // The consent banner answered, so it is not in the way of the keyboard path.
  await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
  const page = await context.newPage()
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return page
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return { tag: el?.tagName.toLowerCase() ?? '', name: el?.getAttribute('name') ?? el?.textContent?.trim() ?? '' }
  })
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('a search in the header', () => {
  test('1440 px, by keyboard: Tab to Search, Enter opens the box with the focus in it, Escape closes it; words + Enter lead to /search', async () => {
    const page = await visitor(1440)
    try {
      const banner = page.getByRole('banner')
      // Tab from the top of the page until the header's Search button has the focus.
      let reached = false
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab')
        reached = await page.evaluate(
          () => !!document.activeElement?.closest('details.header-search') && document.activeElement?.tagName === 'SUMMARY',
        )
      }
      expect(reached).toBe(true)
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(t.open)
      await page.keyboard.press('Enter')
      await expect.poll(() => focused(page)).toEqual({ tag: 'input', name: 'q' })
      const box = banner.getByRole('search', { name: t.label })
      expect(await box.isVisible()).toBe(true)
      await screenshot(page, { path: `${shots}/header-search-1440.png` })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])

      await page.keyboard.press('Escape')
      await expect.poll(() => box.isVisible()).toBe(false)
      expect(await focused(page)).toEqual({ tag: 'summary', name: t.open })

      await page.keyboard.press('Enter')
      await expect.poll(() => focused(page)).toEqual({ tag: 'input', name: 'q' })
      await page.keyboard.type('winery')
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'winery')
      await page.getByText(/results? for “winery”/).waitFor()
      // On the search page the header leaves the search to the page's own box.
      expect(await box.count()).toBe(0)
      expect(await page.getByRole('banner').locator('details.header-search').count()).toBe(0)
      expect(await page.getByRole('main').getByRole('combobox', { name: t.label }).inputValue()).toBe('winery')
      expect(await noSideways(page)).toBe(true)
    } finally {
      await page.context().close()
    }
  })

  for (const width of [1024, 1280]) {
    test(`${width} px: the header's Search button shows and the page does not scroll sideways`, async () => {
      const page = await visitor(width)
      try {
        expect(await page.getByRole('banner').locator('details.header-search > summary').isVisible()).toBe(true)
        expect(await noSideways(page)).toBe(true)
        await screenshot(page, { path: `${shots}/header-${width}.png` })
        const header = await page.getByRole('banner').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
        expect(header.scroll).toBeLessThanOrEqual(header.client)
        // Every item of the main navigation stays on one line (none squeezed by the new button).
        const heights = await page
          .getByRole('navigation', { name: siteTexts.mainNav })
          .locator(':scope > ul > li > .nav-link')
          .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().height)))
        expect(Math.max(...heights)).toBeLessThan(48)
      } finally {
        await page.context().close()
      }
    })
  }

  test('375 px: the box heads the menu; by keyboard, words + Enter lead to /search; no sideways scrolling', async () => {
    const page = await visitor(375)
    try {
      expect(await noSideways(page)).toBe(true)
      // The wide screens' button is not there; the menu's is.
      expect(await page.locator('details.header-search > summary').isVisible()).toBe(false)
      const menuButton = page.getByRole('banner').locator('details.mobile-menu > summary')
      await menuButton.focus()
      await page.keyboard.press('Enter')
      const box = page.getByRole('navigation', { name: siteTexts.mobileNav }).getByRole('search', { name: t.label })
      await box.waitFor()
      expect(await noSideways(page)).toBe(true)
      await screenshot(page, { path: `${shots}/header-search-375.png` })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
      // The box is the first stop in the menu.
      await page.keyboard.press('Tab')
      expect(await focused(page)).toEqual({ tag: 'input', name: 'q' })
      await page.keyboard.type('cellar door')
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'cellar door')
      await page.getByText(/for “cellar door”/).waitFor()
      // The menu closes on the new page.
      expect(await page.locator('details.mobile-menu').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false)
      expect(await noSideways(page)).toBe(true)
    } finally {
      await page.context().close()
    }
  })
})
