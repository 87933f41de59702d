/**
 * Issue 31, visitors: a listing's 'Book Now' leads to /booking?operatorId=N, which shows that
 * operator's booking (its name, its availability from the provider's details gadget) instead of
 * 'Your cart is empty.'; what is added shows in the cart under the operator's name with its date as
 * DD/MM/YYYY; the checkout's 'Book now' with empty fields says which are missing; the demo's
 * booking search forms have a real submit button. Against the shared demo server, whose booking
 * provider is the local fake (server/demo/bookeasy.ts), in real Chromium.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { listingTexts, texts } from '#lib/texts'
import { fakeTradingName } from '../../fakes/bookeasy/operators.ts'
import { axe, formatViolations, openBrowser } from '../helpers/browser.ts'
import { fetchListings } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const chromium = openBrowser()

async function visitor(width = 1440): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height: 900 } })
  context.setDefaultTimeout(30_000)
  await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
  return context.newPage()
}

/** A published stay with a booking operator id, from the grid's own query. */
async function bookableStay() {
  const { listings } = await fetchListings(baseUrl, { categoryFilterId: 'demo-stay', limit: 100 })
  const found = listings.find((l) => l.bookingOperatorId && /^\d+$/.test(l.bookingOperatorId))
  if (!found) throw new Error('the demo has no stay with a booking operator id')
  return found
}

describe("a listing's Book Now", () => {
  test("leads to /booking?operatorId=N showing that operator's availability, not an empty cart; added items show by name, dates DD/MM/YYYY", async () => {
    const stay = await bookableStay()
    const page = await visitor()
    try {
      await page.goto(`${baseUrl}/${stay.slug}`, { waitUntil: 'load' })
      const booking = page.locator('section#booking')
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/booking' && url.searchParams.get('operatorId') === stay.bookingOperatorId),
        booking.getByRole('link', { name: listingTexts.page.bookNow }).click(),
      ])
      await page.getByRole('heading', { level: 1, name: texts.booking.operatorTitle(stay.name) }).waitFor()
      expect(await page.title()).toMatch(
        new RegExp(`^${texts.booking.operatorTitle(stay.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – .+`),
      )
      // The operator's availability, from the details gadget (it starts 2 s after it shows).
      const details = page.getByRole('region', { name: texts.booking.operatorAvailability(stay.name) })
      await details.and(page.locator('[data-state="shown"]')).waitFor()
      await details.getByText(`Availability for product ${stay.bookingOperatorId}`).waitFor()
      expect(await page.getByText(texts.cart.empty, { exact: true }).count()).toBe(0)
      await page.getByText(texts.cart.emptyChoose).waitFor()
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])

      // Booked for 14/03/2027: the cart names the operator and shows the date as typed.
      await details.getByLabel(/Check in/).fill('14/03/2027')
      await details.getByRole('button', { name: 'Add to cart' }).click()
      const item = page.locator('[data-cart-item]').first()
      await item.waitFor()
      const name = `${fakeTradingName(Number(stay.bookingOperatorId))} – Room 1`
      expect(await item.locator('p').first().textContent()).toBe(name)
      expect(await item.textContent()).toContain('from 14/03/2027')
      expect(await item.textContent()).not.toMatch(/Accom \d+|2027-03-14/)
    } finally {
      await page.context().close()
    }
  })

  test("an operator id that matches no listing says so and still offers the cart; the checkout's Book now names the empty fields", async () => {
    const page = await visitor(375)
    try {
      await page.goto(`${baseUrl}/booking?operatorId=99999999`, { waitUntil: 'load' })
      await page.getByRole('heading', { level: 1, name: texts.booking.title }).waitFor()
      await page.getByText(texts.booking.operatorUnknown).waitFor()
      const checkout = page.locator('[data-booking-gadget="book"][data-state="shown"]')
      await checkout.waitFor()
      await checkout.getByLabel('Email').fill('visitor@example.com')
      await checkout.getByRole('button', { name: 'Book now' }).click()
      await checkout.getByText('Please fill in: Name on booking, Phone.').waitFor()
      expect(await checkout.getByLabel('Name on booking').getAttribute('aria-invalid')).toBe('true')
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute('autocomplete'))).toBe('name')
      // Bad input never breaks the page: a malformed id is treated as unknown.
      const odd = await fetch(`${baseUrl}/booking?operatorId=${encodeURIComponent('<script>')}`)
      expect(odd.status).toBe(200)
    } finally {
      await page.context().close()
    }
  })

  test('the demo booking search forms have a submit button (Enter in the date field searches)', async () => {
    const page = await visitor()
    try {
      await page.goto(`${baseUrl}/book-online`, { waitUntil: 'load' })
      const form = page
        .locator(
          '[data-booking-gadget="region"][data-state="shown"] form[data-be-form], [data-booking-gadget="search"][data-state="shown"] form[data-be-form]',
        )
        .first()
      await form.waitFor()
      expect(await form.locator('button[type="submit"]').count()).toBe(1)
      const date = form.getByPlaceholder('DD/MM/YYYY')
      await date.fill('14/03/2027')
      await date.press('Enter')
      await page
        .getByText(/\d+ available from 14\/03\/2027/)
        .first()
        .waitFor()
    } finally {
      await page.context().close()
    }
  })
})
