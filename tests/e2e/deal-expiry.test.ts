/**
 * A deal that expires (issue 35 point 5) in real Chromium: the demo's "Plan your visit" page holds
 * the Deals block (server/demo/content.ts), and a listing page shows its own deals. The fake
 * provider (its own, for this file) supplies one product's deals with dates relative to today (the
 * region's day): one whose last day was yesterday (the provider has not yet dropped it), one ending
 * today, one ending next week; every other product has none. Yesterday's is shown nowhere, today's
 * and next week's are. Then a day passes for the deal ending today (the provider's copy now ends
 * yesterday), the listing is synced, and it is gone from the block and the listing page. Firefox
 * (firefox-esr over WebDriver BiDi) is shown the same deals before and after. (The block's axe check
 * is tests/e2e/events-open-access.test.ts's.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Listing } from '#lib/listings'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { regionalDay } from '../../listings/opening-hours.ts'
import { lendBrowser } from '../helpers/browser.ts'
import { openFirefox } from '../helpers/firefox.ts'
import type { RunningServer } from '../helpers/server.ts'
import { startSyncedSite, type SyncedSite } from '../helpers/synced-site.ts'
import { patient } from '../helpers/patience.ts'

const editor = { username: 'deals-editor', email: 'deals-editor@example.com', password: 'deals-editor-password' }
const today = regionalDay(new Date())
const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)

let fake: RunningFakeAtlas
let site: SyncedSite
let server: RunningServer
let browser: Browser
let editorContext: BrowserContext
let productId = ''
let slug = ''

const deal = (id: string, name: string, endDate: string) => ({
  dealId: id,
  dealTypeId: 'DISCOUNT',
  dealTypeDescription: 'Discount',
  dealName: name,
  dealDescription: `${name}: the second tasting half price.`,
  dealPrice: '25',
  dealPriceComment: '',
  dealStartDate: day(-20),
  dealEndDate: endDate,
  dealRedeemStartDate: day(-20),
  dealRedeemEndDate: day(40),
  dealTerms: 'Subject to availability.',
  dealInclusions: '',
})

beforeAll(async () => {
  fake = await startFakeAtlas({ count: 120, seed: 23 })
  // One active attraction holds the deals; no other product has any.
  const products = fake.state.feed()
  const holder = products.find((p) => p.status === 'ACTIVE' && p.productCategoryId === 'ATTRACTION') ?? products[0]!
  productId = holder.productId
  for (const p of products) if (p.productId !== productId) fake.state.update(p.productId, { deals: [], dealFlag: false })
  fake.state.update(productId, {
    dealFlag: true,
    deals: [
      deal('deal-yesterday', 'Ended yesterday', day(-1)),
      deal('deal-today', 'Last day today', today),
      deal('deal-week', 'Ends next week', day(7)),
    ],
  })
  site = await startSyncedSite({ fake, editor, name: 'deals' })
  server = site.server
  browser = await lendBrowser()
  editorContext = await browser.newContext()
  const login = await editorContext.request.post(`${server.baseUrl}/api/user/login`, {
    data: { username: editor.username, password: editor.password },
  })
  expect(login.status()).toBe(200)
  const found = await fetch(`${server.baseUrl}/api/listing/findById?id=${encodeURIComponent(productId)}`)
  expect(found.status).toBe(200)
  slug = ((await found.json()) as Listing).slug
}, patient(300_000))

afterAll(async () => {
  await editorContext?.close()
  await browser?.close()
  await site?.stop()
  await fake?.close()
})

const firefox = openFirefox()

/** The deals a Firefox visitor is shown at an address, in the order shown. */
async function shownDealsInFirefox(address: string, selector: string): Promise<string[]> {
  const context = await firefox.browser.createBrowserContext()
  try {
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}${address}`, { waitUntil: 'load' })
    await page.waitForSelector('main')
    return await page.$$eval(`${selector} [data-deal]`, (els) => els.map((el) => el.getAttribute('data-deal')!))
  } finally {
    await context.close()
  }
}

async function shownDeals(page: Page, address: string, selector: string): Promise<string[]> {
  await page.goto(`${server.baseUrl}${address}`, { waitUntil: 'load' })
  await page.locator('main').waitFor()
  return page.locator(`${selector} [data-deal]`).evaluateAll((els) => els.map((el) => el.getAttribute('data-deal')!))
}

test('a deal is shown through its last day and is gone once it has ended, in the Deals block and on the listing page, in Chromium and Firefox', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(30_000)
  await context.addCookies([{ name: 'consent', value: 'declined', domain: '127.0.0.1', path: '/' }])
  try {
    const page = await context.newPage()
    // Soonest ending first; yesterday's is not shown although the provider still supplies it.
    expect(await shownDeals(page, '/plan-your-visit', '[data-deals-block]')).toEqual(['deal-today', 'deal-week'])
    await page.locator('[data-deals-block]').getByRole('heading', { name: 'Last day today' }).waitFor()
    expect(await shownDeals(page, `/${slug}`, '[data-deals]')).toEqual(['deal-today', 'deal-week'])
    expect(await shownDealsInFirefox('/plan-your-visit', '[data-deals-block]')).toEqual(['deal-today', 'deal-week'])
    expect(await shownDealsInFirefox(`/${slug}`, '[data-deals]')).toEqual(['deal-today', 'deal-week'])

    // A day on: the deal that ended today has now ended yesterday; the listing is synced.
    fake.state.update(productId, {
      deals: [
        deal('deal-yesterday', 'Ended yesterday', day(-2)),
        deal('deal-today', 'Last day today', day(-1)),
        deal('deal-week', 'Ends next week', day(7)),
      ],
    })
    const synced = await editorContext.request.post(`${server.baseUrl}/api/listing/syncListing`, { data: { listingId: productId } })
    expect(synced.status(), await synced.text()).toBe(200)
    await expect.poll(() => shownDeals(page, '/plan-your-visit', '[data-deals-block]'), { timeout: 30_000 }).toEqual(['deal-week'])
    expect(await shownDeals(page, `/${slug}`, '[data-deals]')).toEqual(['deal-week'])
    expect(await shownDealsInFirefox('/plan-your-visit', '[data-deals-block]')).toEqual(['deal-week'])
    expect(await shownDealsInFirefox(`/${slug}`, '[data-deals]')).toEqual(['deal-week'])
  } finally {
    await context.close()
  }
})
