/**
 * The block library in a real browser: the all-blocks demo page (every block type) on a phone and
 * a desktop screen, with axe-core, screenshots (in /tmp/shots-h2/), the privacy-friendly videos,
 * the carousel by keyboard, the newsletter form against a stand-in form service, and the page's
 * JavaScript weight.
 */
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { blockTexts } from '#lib/texts'
import { axe, formatViolations, openBrowser, screenshot, screenshotsWanted } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { DEMO_NEWSLETTER_PATH } from '#server/demo/newsletter'

const baseUrl = laneBaseUrl()
const session = openBrowser()
const shots = '/tmp/shots-h2'
const url = `${baseUrl}/all-blocks`

/** Third parties the page names (players, maps, the form service): nothing leaves the machine. */
const thirdParty = /youtube-nocookie\.com|player\.vimeo\.com|barossa\.example/

let context: BrowserContext | undefined
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function open(width: number, height: number): Promise<Page> {
  context = await session.browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  await page.route(thirdParty, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stand-in</title><p>stand-in</p>' }),
  )
  const response = await page.goto(url, { waitUntil: 'load' })
  expect(response?.status()).toBe(200)
  // The page's block views load before hydration; interact only once React has attached handlers.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return page
}

/** Scrolls to the bottom step by step so lazy pictures load, then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight * 0.8) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 150))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  // Give the pictures in view time to arrive so the screenshots are whole. Best effort only: a
  // carousel's off-screen cards stay lazy for good, and this wait is for looking, not asserting, so
  // only when screenshots are taken (it mostly ran into its 5 s).
  if (!screenshotsWanted) return
  await page
    .waitForFunction(() => [...document.images].every((img) => img.offsetParent === null || (img.complete && img.naturalWidth > 0)), null, {
      timeout: 5_000,
    })
    .catch(() => undefined)
}

describe('the all-blocks page', () => {
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    test(`at ${width} px: every block renders, axe finds no violations, screenshots saved`, async () => {
      const page = await open(width, height)
      await scrollThrough(page)
      const types = await page.locator('main [data-block]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-block')))])
      for (const type of [
        'Carousel',
        'ImageNavigation',
        'CustomLinkRight',
        'FeatureBlock',
        'Vimeo',
        'Youtube',
        'Logo',
        'CustomMosaic',
        'NewsletterForm',
        'RegionMap',
        'SplitContent',
        'CustomContentSplit',
        'FormattedText',
      ]) {
        expect(types, `${type} is on the page`).toContain(type)
      }
      // Nothing wider than the screen (no sideways scrolling on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      fs.mkdirSync(shots, { recursive: true })
      await screenshot(page, { path: `${shots}/all-blocks-${width}-full.png`, fullPage: true })
      // The long page in screen-sized pieces too, for looking at closely.
      const total = await page.evaluate(() => document.documentElement.scrollHeight)
      const piece = width < 640 ? 1400 : 1100
      for (let y = 0, n = 1; y < total; y += piece, n++) {
        await screenshot(page, {
          path: `${shots}/all-blocks-${width}-${String(n).padStart(2, '0')}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(piece, total - y) },
        })
      }

      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
    })
  }

  test('videos: the player frame loads only after the play button is pressed, from the privacy-friendly hosts', async () => {
    const page = await open(1440, 900)
    const requested: string[] = []
    page.on('request', (r) => {
      if (/youtube|vimeo/.test(r.url())) requested.push(r.url())
    })
    await page.waitForLoadState('networkidle')
    expect(await page.locator('iframe[src*="youtube"], iframe[src*="vimeo"]').count()).toBe(0)
    expect(requested).toEqual([])

    await page.getByRole('link', { name: blockTexts.video.play('A morning above the Barossa') }).click()
    const youtube = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"]')
    await youtube.waitFor()
    expect(await youtube.getAttribute('title')).toBe('A morning above the Barossa')
    expect(await page.locator('iframe[src*="vimeo"]').count()).toBe(0)

    // Keyboard works too: focus the Vimeo play button and press Enter.
    await page.getByRole('link', { name: blockTexts.video.play('Vintage in the valley') }).focus()
    await page.keyboard.press('Enter')
    const vimeo = page.locator('iframe[src^="https://player.vimeo.com/video/76979871"]')
    await vimeo.waitFor()
    expect(await vimeo.getAttribute('src')).toContain('dnt=1')
    expect(requested.every((u) => u.startsWith('https://www.youtube-nocookie.com/') || u.startsWith('https://player.vimeo.com/'))).toBe(
      true,
    )
  })

  test('carousel: numbered buttons switch items, by keyboard too', async () => {
    const page = await open(1440, 900)
    const carousel = page.locator('section[aria-roledescription="carousel"]').filter({ hasText: 'Seasons in the Barossa' })
    const tabs = carousel.getByRole('tab')
    // Numbered 01, 02, 03 on screen; a screen reader hears the item's title too.
    expect((await tabs.allInnerTexts()).map((text) => text.slice(0, 2))).toEqual(['01', '02', '03'])
    expect(await carousel.getByRole('tab', { name: /^02\W*Autumn colour$/ }).count()).toBe(1)
    const visibleTitle = () => carousel.locator('[role="tabpanel"]:not([hidden]) h3').innerText()
    expect(await visibleTitle()).toBe('Vintage')

    await tabs.nth(0).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^02/)
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true')
    expect(await visibleTitle()).toBe('Autumn colour')

    await page.keyboard.press('End')
    expect(await visibleTitle()).toBe('Winter fires')
    await page.keyboard.press('ArrowRight')
    expect(await visibleTitle()).toBe('Vintage')
    await page.keyboard.press('ArrowLeft')
    expect(await visibleTitle()).toBe('Winter fires')
    await page.keyboard.press('Home')
    expect(await visibleTitle()).toBe('Vintage')
    // Only the chosen item is shown; only the chosen button is in the Tab order.
    expect(await carousel.locator('[role="tabpanel"]:not([hidden])').count()).toBe(1)
    expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('tabindex')))).toEqual(['0', '-1', '-1'])

    // A pointer works as well.
    await tabs.nth(2).click()
    expect(await visibleTitle()).toBe('Winter fires')
  })

  test('without JavaScript the first carousel item and the video posters show', async () => {
    context = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url)
    const carousel = page.locator('section[aria-roledescription="carousel"]').filter({ hasText: 'Seasons in the Barossa' })
    expect(await carousel.locator('[role="tabpanel"]:not([hidden]) h3').innerText()).toBe('Vintage')
    // Without script the play button is a plain link to the player.
    expect(await page.getByRole('link', { name: blockTexts.video.play('A morning above the Barossa') }).getAttribute('href')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    )
  })

  test('newsletter: the form posts to the form service and says whether it worked', async () => {
    const page = await open(1440, 900)
    const received: string[] = []
    let answer = 200
    await page.route(`**${DEMO_NEWSLETTER_PATH}`, async (route) => {
      received.push(route.request().postData() ?? '')
      await route.fulfill({ status: answer, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: '{}' })
    })
    const form = page.locator(`form[action="${DEMO_NEWSLETTER_PATH}"]`)
    await form.getByLabel(blockTexts.newsletter.firstName).fill('Maria')
    await form.getByLabel(blockTexts.newsletter.email).fill('maria@example.com')
    await form.getByRole('button', { name: blockTexts.newsletter.submit }).click()
    await expect.poll(() => form.getByRole('status').innerText()).toBe(blockTexts.newsletter.success)
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('maria@example.com')
    expect(received[0]).toContain('name="email"')

    answer = 500
    await form.getByLabel(blockTexts.newsletter.email).fill('again@example.com')
    await form.getByRole('button', { name: blockTexts.newsletter.submit }).click()
    await expect.poll(() => form.getByRole('status').innerText()).toBe(blockTexts.newsletter.failure)
  })

  test('the page loads little JavaScript (measured from the network log)', async () => {
    context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await page.route(thirdParty, (route) => route.abort())
    const scripts = new Map<string, Promise<Buffer>>()
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? ''
      const isScript = response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type)
      if (isScript && response.ok() && !scripts.has(response.url())) scripts.set(response.url(), response.body())
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    let raw = 0
    let gzip = 0
    const rows: string[] = []
    for (const [address, body] of scripts) {
      const bytes = await body
      const gz = gzipSync(bytes, { level: 6 }).length
      raw += bytes.length
      gzip += gz
      rows.push(`${new URL(address).pathname}: ${bytes.length} B raw, ${gz} B gzip`)
    }
    console.log(`all-blocks page scripts: ${scripts.size} files, ${raw} B raw, ${gzip} B gzip\n  ${rows.join('\n  ')}`)
    // The home page's budget (tests/e2e/performance.test.ts) is 150 KiB; this page holds all 34
    // block types, each view its own small chunk, so it may take 25 KiB more. No editor code.
    expect(gzip, rows.join('\n')).toBeLessThan(175 * 1024)
    expect(rows.join('\n')).not.toMatch(/tiptap|dnd-kit|radix|react-easy-crop/i)
  })
})
