import { expect, test } from 'vitest'
import { axe, formatViolations, openBrowserSession } from '../helpers/browser.ts'
import { crawledApart, crawlTimeoutMs, expectAxeCleanPages, sitemapAddresses } from '../helpers/axe-crawl.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowserSession()

test('axe-core finds no WCAG 2.1 A/AA violations on the home page', async () => {
  const response = await session.page.goto(baseUrl + '/', { waitUntil: 'load' })
  expect(response?.status()).toBe(200)
  const violations = await axe(session.page)
  expect(violations, formatViolations(violations)).toEqual([])
})

test('axe-core finds no WCAG 2.1 A/AA violations on the 404 page', async () => {
  const response = await session.page.goto(`${baseUrl}/no-such-page-${Date.now()}`, { waitUntil: 'load' })
  expect(response?.status()).toBe(404)
  const violations = await axe(session.page)
  expect(violations, formatViolations(violations)).toEqual([])
})

test('on a phone-sized screen the home page has no violations either', async () => {
  await session.page.setViewportSize({ width: 375, height: 740 })
  const response = await session.page.goto(baseUrl + '/', { waitUntil: 'load' })
  expect(response?.status()).toBe(200)
  const violations = await axe(session.page)
  expect(violations, formatViolations(violations)).toEqual([])
})

test('keyboard: the first Tab focuses a visible skip link that moves to the main content', async () => {
  await session.page.goto(baseUrl + '/', { waitUntil: 'load' })
  await session.page.keyboard.press('Tab')
  // A skip link usually slides in on focus (a CSS transition): wait for it to be on screen.
  const onScreenSoon = await session.page
    .waitForFunction(
      () => {
        const el = document.activeElement
        if (!el || el === document.body) return false
        const rect = el.getBoundingClientRect()
        return rect.width > 1 && rect.height > 1 && rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight
      },
      undefined,
      { timeout: 3000 },
    )
    .then(
      () => true,
      () => false,
    )
  const focused = await session.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el) return null
    const rect = el.getBoundingClientRect()
    return {
      tag: el.tagName,
      text: el.textContent?.trim() ?? '',
      href: el.getAttribute('href'),
      onScreen: rect.width > 1 && rect.height > 1 && rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight,
    }
  })
  expect(focused?.tag).toBe('A')
  expect(focused?.text).toMatch(/skip/i)
  expect(onScreenSoon && focused?.onScreen, 'the focused skip link is visible on screen').toBe(true)
  const target = focused!.href!
  expect(target).toMatch(/^#./)
  expect(await session.page.locator(target).count(), `the skip link's target ${target} exists`).toBe(1)

  await session.page.keyboard.press('Enter')
  // The address the page itself shows (a same-document navigation reaches page.url() a moment later).
  await expect.poll(() => session.page.evaluate(() => window.location.hash)).toBe(target)
  // The next Tab continues from the main content, not from the header.
  await session.page.keyboard.press('Tab')
  const inMain = await session.page.evaluate((sel) => {
    const main = document.querySelector(sel)
    const active = document.activeElement
    if (!main || !active || active === document.body) return false
    return main.contains(active) || Boolean(main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)
  }, target)
  expect(inMain, 'after the skip link, Tab moves on from the main content').toBe(true)
})

test(
  'axe-core finds no violations on any English page of either domain, the search results or the sign-in page',
  async () => {
    // German and Chinese pages: accessibility-de.test.ts and accessibility-zh.test.ts (other lanes).
    const addresses = await sitemapAddresses(baseUrl, (language) => !crawledApart.includes(language))
    addresses.push(`${baseUrl}/search?q=wine`, `${baseUrl}/login`)
    await expectAxeCleanPages(session.page, addresses)
  },
  crawlTimeoutMs,
)

test('keyboard: on a phone-sized screen the menu opens with Enter and its links can be reached and followed', async () => {
  await session.page.setViewportSize({ width: 390, height: 844 })
  await session.page.goto(baseUrl + '/', { waitUntil: 'load' })
  // Once the page runs: the consent banner (before the header in the tab order) is then in place,
  // not arriving between the Tabs.
  await session.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const summary = session.page.locator('summary', { hasText: 'Menu' })
  // Tab until the menu button has focus (the skip link, the logo, the language menu, then the menu;
  // the consent banner's choices too when it has appeared by then).
  for (let i = 0; i < 12 && !(await summary.evaluate((el) => el === document.activeElement)); i++) await session.page.keyboard.press('Tab')
  expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true)
  await session.page.keyboard.press('Enter')
  const firstLink = session.page.locator('details.mobile-menu[open] a').first()
  await firstLink.waitFor({ state: 'visible' })
  await session.page.keyboard.press('Tab')
  const focusedInMenu = await session.page.evaluate(() => !!document.activeElement?.closest('details.mobile-menu'))
  expect(focusedInMenu).toBe(true)
  const href = await session.page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href') ?? '')
  if (href.startsWith('/')) {
    await Promise.all([session.page.waitForURL((url) => url.pathname === href.split('#')[0]), session.page.keyboard.press('Enter')])
    expect(await session.page.locator('h1').first().isVisible()).toBe(true)
  }
})

test('on /whats-on the headings never skip a level: the listing cards sit under the results heading', async () => {
  await session.page.setViewportSize({ width: 1280, height: 800 })
  const response = await session.page.goto(baseUrl + '/whats-on', { waitUntil: 'load' })
  expect(response?.status()).toBe(200)
  await session.page.locator('[data-listings-grid] li h3').first().waitFor()
  const levels = await session.page.$$eval('main h1, main h2, main h3, main h4, main h5, main h6', (headings) =>
    headings.map((h) => Number(h.tagName.slice(1))),
  )
  const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)
  expect(skips, `heading levels in order: ${levels.join(' ')}`).toEqual([])
})
