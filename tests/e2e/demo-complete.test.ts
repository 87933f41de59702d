/**
 * The complete demo (issue 19 point 4), as a newcomer meets it after `npm start` on a fresh data
 * dir: a story of three chapter pages reached from the navigation; a "Plan your visit" page whose
 * enquiry form sends to the visitor centre (the e-mail arrives); grids with category checkboxes;
 * the consent banner for the demo's analytics id, after which nothing external is requested; cards
 * whose neighbours never share a picture; and the stand-in booking gadgets styled like the site,
 * with DD/MM/YYYY date fields, each in the section it belongs to.
 *
 * Its own server (a fresh demo with a mid-sized fake catalogue, and a real SMTP server on loopback),
 * so what the demo seeds is seen before any other test changes it.
 */
import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { texts } from '#lib/texts'
import { axe, closeContextsAfterEach, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { fetchListings } from '../helpers/site.ts'
import { startSmtpServer } from '../helpers/smtp.ts'
import { patient } from '../helpers/patience.ts'

vi.setConfig({ testTimeout: patient(120_000) })
const shots = '/tmp/shots-g'
const t = texts.concierge
const CONCIERGE = 'visitor-centre@barossa.example'
const busy = { timeout: 30_000 }

let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let browser: Browser
const contexts: BrowserContext[] = []
closeContextsAfterEach(contexts)

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  smtp = await startSmtpServer(0)
  server = await startProductionServer({
    env: { FAKE_ATDW_COUNT: '200', SMTP_URL: smtp.url, RATE_LIMIT_IP: '1000' },
    // A fresh demo is seeded and imported before the server answers; the machine may be busy.
    timeoutMs: 240_000,
  })
  browser = await lendBrowser()
}, patient(300_000))

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

/**
 * A visitor's page that records every request leaving this server. Consent is already answered
 * ('declined') unless `consent` is false, so the banner stays out of the way of other checks.
 */
async function visitor(options: { width?: number; consent?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 } })
  context.setDefaultTimeout(30_000)
  context.setDefaultNavigationTimeout(60_000)
  contexts.push(context)
  if (options.consent !== false) {
    const { hostname } = new URL(server.baseUrl)
    await context.addCookies([{ name: 'consent', value: 'declined', domain: hostname, path: '/' }])
  }
  const external: string[] = []
  context.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(server.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) external.push(url)
  })
  const page = await context.newPage()
  return { page, external }
}

async function clean(page: Page) {
  // axe judges colours: let the fonts load and finite transitions end first (a half-faded element
  // has a contrast it will not keep).
  await page.evaluate(async () => {
    await document.fonts.ready
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
  })
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])
}

const fetchGrid = (body: Record<string, unknown>) => fetchListings(server.baseUrl, body)

describe('the complete demo', () => {
  test('a story of three chapter pages, each reached from the navigation', async () => {
    const { page } = await visitor()
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    const header = page.locator('header').first()
    const chapterLinks = header.locator('a[href^="/chapters/barossa-story/"]')
    const hrefs = [...new Set(await chapterLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))]
    expect(hrefs).toEqual([
      '/chapters/barossa-story/the-first-vines',
      '/chapters/barossa-story/old-vines-new-hands',
      '/chapters/barossa-story/a-table-for-everyone',
    ])
    const titles = ['The first vines', 'Old vines, new hands', 'A table for everyone']
    for (const [i, href] of hrefs.entries()) {
      const response = await page.goto(`${server.baseUrl}${href}`, { waitUntil: 'load' })
      expect(response?.status()).toBe(200)
      expect((await page.locator('main h1').innerText()).trim()).toBe(titles[i])
      await page
        .getByText(texts.chapters.chapterOf(i + 1, 3))
        .first()
        .waitFor()
    }
    // From chapter one, the story reads on to chapter two.
    await page.goto(`${server.baseUrl}${hrefs[0]}`, { waitUntil: 'load' })
    await clean(page)
    await screenshot(page, { path: `${shots}/chapter-1440.png`, fullPage: true })
    await Promise.all([
      page.waitForURL(`${server.baseUrl}${hrefs[1]}`),
      page.locator('#chapter-up-next').locator('..').getByRole('link', { name: titles[1] }).click(),
    ])
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, { path: `${shots}/chapter-375.png`, fullPage: true })
    await clean(page)
  })

  test('Plan your visit holds the enquiry form, and an enquiry reaches the visitor centre by e-mail', async () => {
    const { page } = await visitor()
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    await Promise.all([
      page.waitForURL(`${server.baseUrl}/plan-your-visit`),
      page.locator('header nav').first().getByRole('link', { name: 'Plan your visit', exact: true }).first().click(),
    ])
    const form = page.locator('[data-concierge-form]')
    const send = form.getByRole('button', { name: t.send })
    await expect.poll(() => send.isEnabled(), busy).toBe(true)
    await clean(page)
    await screenshot(page, { path: `${shots}/plan-your-visit-1440.png`, fullPage: true })

    const field = (name: string) => form.locator(`[name="${name}"]`)
    await field('firstName').fill('Greta')
    await field('surname').fill('Hoffmann')
    await field('email').fill('greta.hoffmann@example.com')
    await field('phone').fill('0400 111 222')
    await form.getByRole('radio', { name: 'Email' }).check()
    await form.getByRole('region', { name: t.steps.contact }).getByRole('button', { name: t.nextStep }).click()
    await field('numOfPeople').waitFor({ state: 'visible' })
    await field('numOfPeople').fill('2')
    await send.click()
    await form.getByText(t.success).waitFor()
    const mail = await smtp.waitFor(CONCIERGE, 15_000)
    expect(mail.text).toContain('Greta')
    expect(mail.text).toContain('greta.hoffmann@example.com')

    await page.setViewportSize({ width: 375, height: 812 })
    await page.reload({ waitUntil: 'load' })
    await form.waitFor()
    await screenshot(page, { path: `${shots}/plan-your-visit-375.png`, fullPage: true })
  })

  test('the grids show their categories as checkboxes', async () => {
    const { page } = await visitor()
    for (const slug of ['whats-on', 'stay']) {
      await page.goto(`${server.baseUrl}/${slug}`, { waitUntil: 'load' })
      const boxes = page.locator('[data-listings-grid] input[type="checkbox"]')
      await expect.poll(() => boxes.count(), busy).toBeGreaterThan(4)
    }
    // Checking one narrows the grid to that kind.
    await page.goto(`${server.baseUrl}/stay`, { waitUntil: 'load' })
    const all = (await fetchGrid({ categoryFilterId: 'demo-stay' })).totalListings
    const cottages = (await fetchGrid({ categoryFilterId: 'demo-stay', checkedCategories: ['COTTAGE'] })).totalListings
    expect(cottages).toBeGreaterThan(0)
    expect(cottages).toBeLessThan(all)
  })

  test('the consent banner shows for the demo analytics id, and accepting requests nothing outside the site', async () => {
    const { page, external } = await visitor({ consent: false })
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    const banner = page.getByRole('region', { name: texts.consent.title })
    await banner.waitFor()
    await clean(page)
    await screenshot(page, { path: `${shots}/consent-1440.png` })
    const standIn = page.waitForResponse((r) => r.url() === `${server.baseUrl}/demo-analytics.js`)
    await banner.getByRole('button', { name: texts.consent.accept }).click()
    await banner.waitFor({ state: 'detached' })
    expect((await standIn).status()).toBe(200)
    await page.waitForFunction(() => (window as unknown as { demoAnalytics?: { loaded: boolean } }).demoAnalytics?.loaded === true)
    await page.reload({ waitUntil: 'networkidle' })
    expect(await banner.count()).toBe(0)
    expect(external).toEqual([])
  })

  test('neighbouring cards never share a picture, on the home page and on /whats-on', async () => {
    const { page } = await visitor()
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
    // Every group of cards on the home page (grids, carousels, tiles): each picture differs from the next.
    const groups = await page.evaluate(() =>
      [...document.querySelectorAll('main ul, main ol, main [data-block]')]
        .map((list) =>
          [...list.children]
            .map((child) => child.querySelector('img')?.getAttribute('src')?.split('?')[0] ?? null)
            .filter((src): src is string => !!src),
        )
        .filter((srcs) => srcs.length > 1),
    )
    expect(groups.length).toBeGreaterThan(1)
    for (const srcs of groups) for (let i = 1; i < srcs.length; i++) expect(srcs[i], srcs.join(' ')).not.toBe(srcs[i - 1])

    // /whats-on: the cards' provider pictures (their scene is in the provider's address), in the grid's order.
    const grid = await fetchGrid({ categoryFilterId: 'demo-whats-on' })
    const scenes = grid.listings.map((l) => /\/images\/([^/]+)\//.exec(l.image?.url ?? '')?.[1] ?? '')
    expect(scenes.length).toBe(15)
    for (let i = 1; i < scenes.length; i++) expect(scenes[i], scenes.join(' ')).not.toBe(scenes[i - 1])
    // One row apart (up to four columns) differs too.
    for (let i = 4; i < scenes.length; i++) expect(scenes[i]).not.toBe(scenes[i - 4])
    await page.goto(`${server.baseUrl}/whats-on`, { waitUntil: 'load' })
    await expect.poll(() => page.locator('[data-listings-grid] article[data-listing]').count(), busy).toBe(15)
    const shown = await page
      .locator('[data-listings-grid] article[data-listing] h3, [data-listings-grid] article[data-listing] h2')
      .allInnerTexts()
    expect(shown.map((s) => s.trim())).toEqual(grid.listings.map((l) => l.name))
    await screenshot(page, { path: `${shots}/whats-on-1440.png` })
  })

  test('/book-online: the stand-in gadgets are styled like the site, with DD/MM/YYYY date fields, each in its own section', async () => {
    for (const width of [1440, 375]) {
      const { page, external } = await visitor({ width })
      await page.goto(`${server.baseUrl}/book-online`, { waitUntil: 'load' })
      await expect.poll(() => page.locator('[data-be-gadget]').count(), busy).toBe(3)
      // The accommodation search sits in 'Find a place to stay', the tours in 'Tours and experiences'.
      const search = page.locator('[data-bookeasy-search]')
      expect(await search.locator('h2').innerText()).toBe('Find a place to stay')
      expect(await search.locator('[data-be-gadget="search"] h3').innerText()).toBe('Search accommodation')
      const tours = page.locator('[data-bookeasy]')
      expect(await tours.locator('h2').innerText()).toBe('Tours and experiences')
      const toursTitle = await tours.locator('[data-be-gadget] h3').innerText()
      expect(toursTitle).toMatch(/tour/i)
      expect(toursTitle).not.toMatch(/stay/i)

      // No browser date input anywhere: the dates are text fields in DD/MM/YYYY.
      expect(await page.locator('input[type="date"]').count()).toBe(0)
      const dates = page.locator('[data-be-gadget] input[placeholder="DD/MM/YYYY"]')
      expect(await dates.count()).toBe(2)
      for (const value of await dates.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
        expect(value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
      // Styled: the site's font, rounded bordered fields at least 48 px high, the site's red buttons.
      const input = dates.first()
      const style = await input.evaluate((el) => {
        const s = getComputedStyle(el)
        return { height: el.getBoundingClientRect().height, radius: parseFloat(s.borderTopLeftRadius), font: s.fontFamily }
      })
      expect(style.height).toBeGreaterThanOrEqual(48)
      expect(style.radius).toBeGreaterThan(0)
      expect(style.font).toContain('Inter')
      const searchButton = search.getByRole('button', { name: 'Search' })
      expect(await searchButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(152, 26, 49)')
      await clean(page)
      await screenshot(page, { path: `${shots}/book-online-${width}.png`, fullPage: true })

      if (width === 1440) {
        // A wrong date is refused with a message; a right one lists what is free, and a result books into the cart.
        await input.fill('31/02/2027')
        await searchButton.click()
        await search.getByText('Please enter a real date as DD/MM/YYYY.').waitFor()
        expect(await input.getAttribute('aria-invalid')).toBe('true')
        await input.fill('14/03/2027')
        await searchButton.click()
        await search.getByText('3 available from 14/03/2027').waitFor()
        await search.getByRole('button', { name: 'Add to cart' }).first().click()
        await page.locator('[data-cart-count="1"]').waitFor()
        await clean(page)
        await screenshot(page, { path: `${shots}/book-online-results-1440.png`, fullPage: true })
        await page.goto(`${server.baseUrl}/booking`, { waitUntil: 'load' })
        await page.locator('[data-cart-item]').first().waitFor()
        await page.locator('[data-booking-gadget="book"][data-state="shown"]').waitFor()
        expect(await page.locator('input[type="date"]').count()).toBe(0)
        await clean(page)
        await screenshot(page, { path: `${shots}/booking-1440.png`, fullPage: true })
      }
      expect(external).toEqual([])
    }
  })
})
