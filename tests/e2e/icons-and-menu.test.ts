/**
 * Issue 19 point 5, in real Chromium against the shared e2e server: the site's icons (a favicon
 * where browsers ask for one, a home-screen icon and a web manifest naming the SVG icon, small and
 * cached)
 * and the mobile menu (Escape closes it and gives the focus back to its button; the page behind it
 * does not scroll while it is open).
 */
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowserSession } from '../helpers/browser.ts'
import { getWithHost } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowserSession({ width: 390, height: 844 })

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) })
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))

test('/favicon.ico answers with a small, cached icon (not 404)', async () => {
  const res = await fetch(`${baseUrl}/favicon.ico`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
  expect(res.headers.get('cache-control')).toMatch(/max-age=(\d{5,})/)
  const bytes = Buffer.from(await res.arrayBuffer())
  // An ICO header (reserved 0, type 1) holding at least the 16 and 32 px images.
  expect(bytes.readUInt16LE(0)).toBe(0)
  expect(bytes.readUInt16LE(2)).toBe(1)
  const sizes = Array.from({ length: bytes.readUInt16LE(4) }, (_, i) => bytes.readUInt8(6 + 16 * i))
  expect(sizes).toEqual(expect.arrayContaining([16, 32]))
  expect(bytes.length).toBeLessThan(10_000)
})

test('every page links the favicon, a home-screen icon and a web manifest (no SVG favicon), and each loads', async () => {
  for (const path of ['/', `/no-such-page-${Date.now()}`]) {
    await session.page.goto(baseUrl + path, { waitUntil: 'load' })
    const links = await session.page.$$eval('head link', (els) =>
      els.map((el) => ({ rel: el.getAttribute('rel'), type: el.getAttribute('type'), href: (el as HTMLLinkElement).href })),
    )
    // An SVG favicon is drawn as a document of its own on the page's main thread (issue 16).
    const svg = links.find((l) => l.rel === 'icon' && l.type === 'image/svg+xml')
    const ico = links.find((l) => l.rel === 'icon' && l.href.endsWith('/favicon.ico'))
    const touch = links.find((l) => l.rel === 'apple-touch-icon')
    const manifest = links.find((l) => l.rel === 'manifest')
    expect({ path, svg: !!svg, ico: !!ico, touch: !!touch, manifest: !!manifest }).toEqual({
      path,
      svg: false,
      ico: true,
      touch: true,
      manifest: true,
    })

    const touchRes = await fetch(touch!.href)
    expect(touchRes.status).toBe(200)
    const touchBytes = Buffer.from(await touchRes.arrayBuffer())
    expect(isPng(touchBytes)).toBe(true)
    expect(pngSize(touchBytes)).toEqual({ width: 180, height: 180 })
    expect(touchBytes.length).toBeLessThan(20_000)
  }
})

test("the web manifest names each domain's own site and its icons load", async () => {
  const read = async (host: string) => {
    const res = await getWithHost(baseUrl, '/site.webmanifest', host)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/)
    const home = await getWithHost(baseUrl, '/', host)
    const siteName = /aria-label="([^"]+) home"/.exec(home.body)?.[1]
    return { manifest: JSON.parse(res.body) as { name: string; start_url: string; icons: { src: string; sizes: string }[] }, siteName }
  }
  const barossa = await read('localhost')
  const eden = await read('eden.localhost')
  expect(barossa.manifest.name).toBe(barossa.siteName)
  expect(eden.manifest.name).toBe(eden.siteName)
  expect(eden.manifest.name).not.toBe(barossa.manifest.name)
  expect(barossa.manifest.start_url).toBe('/')
  for (const icon of barossa.manifest.icons.filter((i) => i.sizes !== 'any')) {
    const res = await fetch(new URL(icon.src, baseUrl))
    expect(res.status, icon.src).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(isPng(bytes)).toBe(true)
    const [width, height] = icon.sizes.split('x').map(Number)
    expect(pngSize(bytes)).toEqual({ width, height })
  }
  expect(barossa.manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  // The scalable icon, for installs.
  const scalable = barossa.manifest.icons.find((i) => i.sizes === 'any')
  const svgRes = await fetch(new URL(scalable!.src, baseUrl))
  expect(svgRes.status).toBe(200)
  expect(svgRes.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
  expect(svgRes.headers.get('cache-control')).toMatch(/max-age=\d{5,}/)
  expect(await svgRes.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
})

const menuButton = (page: Page) => page.locator('header summary', { hasText: 'Menu' })
const menuOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDetailsElement>('details.mobile-menu')?.open ?? false)
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
/** Two animation frames: a wheel the page would follow has been applied by then. */
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

test('on a phone the menu closes with Escape, gives the focus back to its button, and the page behind it does not scroll while it is open', async () => {
  const { page } = session
  await page.goto(baseUrl + '/', { waitUntil: 'load' })
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(true)

  // Closed: the wheel scrolls the page (over the header, which stays on screen).
  await page.mouse.move(20, 30)
  await page.mouse.wheel(0, 400)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect.poll(() => scrollY(page)).toBe(0)

  // Opened from the keyboard; the focus moves into the menu.
  await menuButton(page).focus()
  await page.keyboard.press('Enter')
  await page.locator('details.mobile-menu[open] nav a').first().waitFor({ state: 'visible' })
  expect(await menuOpen(page)).toBe(true)
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('details.mobile-menu nav'))).toBe(true)

  // While it is open the page behind it stays put.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
  await page.mouse.move(20, 30)
  await page.mouse.wheel(0, 400)
  await frames(page)
  await page.mouse.wheel(0, 400)
  await frames(page)
  expect(await scrollY(page), 'the page did not scroll behind the open menu').toBe(0)

  // Escape closes it and the focus is back on the button that opened it.
  await page.keyboard.press('Escape')
  expect(await menuOpen(page)).toBe(false)
  expect(await page.locator('details.mobile-menu nav').isVisible()).toBe(false)
  expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(true)
  // And the page scrolls again.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')
  await page.mouse.wheel(0, 400)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0)

  // Opened with a click, Escape closes it too.
  await menuButton(page).click()
  expect(await menuOpen(page)).toBe(true)
  await page.keyboard.press('Escape')
  expect(await menuOpen(page)).toBe(false)
  expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(true)
})
