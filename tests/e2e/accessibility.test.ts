import { expect, inject, test } from 'vitest'
import { axe, formatViolations, openBrowserSession } from '../helpers/browser.ts'

const baseUrl = inject('baseUrl')
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

test('on a phone-sized screen the home session.page has no violations either', async () => {
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
  expect(new URL(session.page.url()).hash).toBe(target)
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
