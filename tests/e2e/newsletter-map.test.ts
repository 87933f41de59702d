/**
 * The NewsletterForm and RegionMap blocks on the demo's block library page (spec 02 §2.8, §3.5),
 * in real Chromium against the shared e2e server: the form posts to the form service configured on
 * the block (its answer shown in place, or, when the service does not answer scripts, the plain
 * form post the service answers itself), and the region map is the maps service's page in a lazy,
 * titled frame. The form and maps services are intercepted with context.route, so nothing leaves
 * the machine.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { blockTexts } from '#lib/texts'
import { DEMO_NEWSLETTER_PATH } from '#server/demo/newsletter'
import { lendBrowser, screenshot } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { patient } from '../helpers/patience.ts'

const baseUrl = laneBaseUrl()
// The block library is the heaviest page of the demo; the machine running the suite may be busy.
vi.setConfig({ testTimeout: patient(180_000) })
/** The demo's form posts to its own stand-in (issue 31); here a service is played on that address. */
const ACTION = DEMO_NEWSLETTER_PATH
const FORM = `${baseUrl}${DEMO_NEWSLETTER_PATH}`
const MAP = 'https://maps.barossa.example/embed/region'
const t = blockTexts.newsletter

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await lendBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  context.setDefaultTimeout(60_000)
  // Nothing but this server and the intercepted services.
  await context.route(/^https:\/\/(?!forms\.barossa\.example|maps\.barossa\.example)/, (route) => route.abort())
  page = await context.newPage()
  return async () => {
    await context.close()
  }
})

/** The form service: records what it receives and answers with `status`. */
async function formService(answer: { status: number; cors: boolean }) {
  const posts: { body: string; contentType: string }[] = []
  await context.route(FORM, async (route: Route) => {
    const request = route.request()
    posts.push({ body: request.postData() ?? '', contentType: (await request.allHeaders())['content-type'] ?? '' })
    const fromScript = request.headers().accept?.includes('application/json')
    // A service that does not answer scripts (no CORS) fails the script's request. (Playwright adds
    // CORS headers to fulfilled answers itself, so that case is an aborted request here.)
    if (fromScript && !answer.cors) await route.abort('failed')
    else if (fromScript) await route.fulfill({ status: answer.status, contentType: 'application/json', body: '{"result":"ok"}' })
    else
      await route.fulfill({
        status: answer.status,
        contentType: 'text/html',
        body: '<!doctype html><title>Subscribed</title><h1>Thanks from the form service</h1>',
      })
  })
  return posts
}

/** The block library page, with the newsletter form hydrated (React's handlers attached). */
async function openLibrary() {
  await page.goto(`${baseUrl}/all-blocks`, { waitUntil: 'domcontentloaded' })
  await page.waitForFunction((action) => {
    const form = document.querySelector(`form[action="${action}"]`)
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  }, ACTION)
}

async function fillNewsletter(email: string) {
  const form = page.locator(`form[action="${ACTION}"]`)
  await form.scrollIntoViewIfNeeded()
  await form.getByLabel(t.firstName).fill('Maria')
  await form.getByLabel(t.email).fill(email)
  return form
}

describe('NewsletterForm', () => {
  test('posts the name and address to the configured form service and says thanks in place', async () => {
    const posts = await formService({ status: 200, cors: true })
    await openLibrary()
    const form = await fillNewsletter('maria@example.com')
    await form.getByRole('button', { name: t.submit }).click()
    await form.getByRole('status').filter({ hasText: t.success }).waitFor()
    expect(posts).toHaveLength(1)
    expect(posts[0]!.contentType).toContain('multipart/form-data')
    expect(posts[0]!.body).toContain('name="email"')
    expect(posts[0]!.body).toContain('maria@example.com')
    expect(posts[0]!.body).toContain('Maria')
    expect(await form.getByLabel(t.email).inputValue()).toBe('') // reset for the next person
    expect(page.url()).toBe(`${baseUrl}/all-blocks`)
  })

  test('an error answer shows the failure message and the form can be sent again', async () => {
    const posts = await formService({ status: 500, cors: true })
    await openLibrary()
    const form = await fillNewsletter('again@example.com')
    await form.getByRole('button', { name: t.submit }).click()
    await form.getByRole('status').filter({ hasText: t.failure }).waitFor()
    expect(await form.getByLabel(t.email).inputValue()).toBe('again@example.com')
    await form.getByRole('button', { name: t.submit }).click()
    await expect.poll(() => posts.length).toBe(2)
  })

  test('a service that does not answer scripts gets the plain form post and shows its own thanks', async () => {
    const posts = await formService({ status: 200, cors: false })
    await openLibrary()
    const form = await fillNewsletter('plain@example.com')
    await form.getByRole('button', { name: t.submit }).click()
    await page.waitForURL(FORM)
    await page.getByRole('heading', { name: 'Thanks from the form service' }).waitFor()
    const plain = posts.find((p) => p.contentType.includes('application/x-www-form-urlencoded'))
    expect(plain?.body).toContain('email=plain%40example.com')
  })
})

describe('RegionMap', () => {
  test("shows the maps service's page in a lazy, titled frame, with its link", async () => {
    let mapRequests = 0
    await context.route(`${MAP}*`, async (route) => {
      mapRequests += 1
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Region map</title><p>The map of the Barossa</p>',
      })
    })
    await page.goto(`${baseUrl}/all-blocks`, { waitUntil: 'domcontentloaded' })
    const frame = page.locator(`iframe[src="${MAP}"]`)
    expect(await frame.getAttribute('loading')).toBe('lazy')
    expect(await frame.getAttribute('title')).toBe('Find your way around')
    await frame.scrollIntoViewIfNeeded()
    await page.frameLocator(`iframe[src="${MAP}"]`).getByText('The map of the Barossa').waitFor()
    expect(mapRequests).toBeGreaterThan(0)
    const cta = page.getByRole('link', { name: /Open the full map/ })
    expect(await cta.getAttribute('href')).toBe('https://maps.barossa.example/')
    expect(await cta.getAttribute('target')).toBe('_blank')
    await page.setViewportSize({ width: 375, height: 812 })
    await frame.scrollIntoViewIfNeeded()
    await screenshot(page, { path: '/tmp/shots-he/region-map-375.png' })
  })
})
