/**
 * The demo books through the local fake of the booking provider when no BOOKEASY_* setting is
 * given (server/demo/bookeasy.ts): the shared e2e server is such a demo, so its /book-online page
 * shows the provider's (stand-in) gadgets, not the failure message, and stays accessible.
 */
import { describe, expect, test } from 'vitest'
import { texts } from '#lib/texts'
import { axe, formatViolations, openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowserSession()

describe('the demo booking page', () => {
  test('loads the gadgets from the demo provider: search, tour details and gift vouchers render, no failure message', async () => {
    const script = await fetch(`${baseUrl}/bookeasy-demo/gadgets.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)

    const page = session.page
    const response = await page.goto(`${baseUrl}/book-online`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    // The details gadget waits 2 s by design (spec 02 §2.7); three widgets in all.
    await expect.poll(() => page.locator('[data-be-gadget]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3)
    expect(await page.getByText(texts.booking.failure).count()).toBe(0)
    expect(await page.getByText(texts.booking.giftCardError, { exact: true }).count()).toBe(0)
    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])
  })
})
