/**
 * The trip planner's core flow in real Firefox (issue 35 point 1; puppeteer-core over WebDriver
 * BiDi, as tests/e2e/events-open-access.test.ts drives Firefox), on the lane's demo server: four
 * listings saved from their pages' heart buttons, the list turned into a two-day trip (two stops
 * moved to day 2 by their "Move to" menus), a stop moved by keyboard (its "Move up" button by
 * Enter) and one by mouse (its handle dragged onto the next stop), the closed-on-Mondays warning on a dated day, and the share link opened in a fresh
 * context, shown read-only and saved there as its own trip; then printed (Firefox's print to PDF)
 * and sent with an enquiry, the visitor centre's mail listing its stops. tests/e2e/trip.test.ts
 * runs the whole flow in Chromium (the print layout, the server's PDF, 375 px, axe too).
 */
import type { BrowserContext, Page } from 'puppeteer-core'
import { afterAll, describe, expect, test, vi } from 'vitest'
import type { TripStopInfo } from '#lib/trip/model'
import { tripTextsEn as t } from '#lib/trip/texts/index'
import { favouriteTexts, texts } from '#lib/texts'
import { DEMO_CONCIERGE_EMAIL } from '#server/demo/content'
import { openFirefox } from '../helpers/firefox.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'
import { closedOn } from '../../listings/trip/closed.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(300_000) })

const baseUrl = laneBaseUrl()
const firefox = openFirefox()
/** The machine may be busy: hydration and chunks can take a while. */
const TIMEOUT = 30_000

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

const stopInfo = async (paths: string[]) => (await post<{ stops: TripStopInfo[] }>('/api/trip/stops', { paths })).stops
const cards = async (body: Record<string, unknown>) =>
  (
    await post<{ listings: { slug: string }[] }>('/api/listing/fetch', { hideTours: true, limit: 50, currentPage: 1, ...body })
  ).listings.map((l) => `/${l.slug}`)

/** Two events, a located place closed every Monday (and the next Monday it is closed) and a stay. */
async function pickListings() {
  const events = (await stopInfo(await cards({ categoryFilterId: 'demo-whats-on' }))).filter((s) => s.lat !== null).slice(0, 2)
  const stays = (await stopInfo(await cards({ categoryFilterId: 'demo-stay' }))).filter((s) => s.lat !== null)
  const today = new Date()
  const mondays = Array.from({ length: 8 }, (_, i) => {
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1 + i * 7))
    at.setUTCDate(at.getUTCDate() + ((8 - at.getUTCDay()) % 7))
    return at.toISOString().slice(0, 10)
  })
  let closed: { path: string; monday: string } | undefined
  for (let page = 1; page <= 10 && !closed; page++) {
    for (const info of await stopInfo(await cards({ currentPage: page }))) {
      const monday = mondays.find((day) => closedOn(info.openingTime, day)?.weekly)
      if (monday && info.lat !== null && !info.event) {
        closed = { path: info.path, monday }
        break
      }
    }
  }
  expect(events).toHaveLength(2)
  expect(closed, 'a place closed on Mondays in the demo').toBeDefined()
  const stay = stays.find((s) => s.path !== closed!.path)!
  return { e1: events[0]!.path, e2: events[1]!.path, s1: closed!.path, s2: stay.path, monday: closed!.monday }
}

const dayOrder = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-day]')].map((day) =>
      [...day.querySelectorAll('[data-stop]')].map((s) => s.getAttribute('data-stop')),
    ),
  )

/** Waits until the page's days hold these stops in this order. */
async function waitForOrder(page: Page, want: string[][]) {
  await page.waitForFunction(
    (expected: string) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-day]')].map((day) =>
          [...day.querySelectorAll('[data-stop]')].map((s) => s.getAttribute('data-stop')),
        ),
      ) === expected,
    { timeout: TIMEOUT },
    JSON.stringify(want),
  )
}

const hydrated = () => Boolean(document.querySelector('html[data-hydrated]'))

describe('the trip planner in Firefox', () => {
  const contexts: BrowserContext[] = []
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })

  async function visitor(): Promise<Page> {
    const context = await firefox.browser.createBrowserContext()
    contexts.push(context)
    await context.setCookie({ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' })
    const page = await context.newPage()
    await page.setViewport({ width: 1280, height: 1400 })
    page.setDefaultTimeout(TIMEOUT)
    return page
  }

  test('four saved listings become a two-day trip: moved by menu, keyboard and mouse, warned of a closed day, shared and saved in a fresh context, printed, sent with an enquiry', async () => {
    const { e1, e2, s1, s2, monday } = await pickListings()
    const page = await visitor()

    // Save the four listings from their own pages' heart buttons.
    for (const path of [e1, e2, s1, s2]) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
      await page.waitForFunction(hydrated)
      await page.waitForSelector('[data-save-bar] button[data-save]:not([disabled])')
      await page.click('[data-save-bar] button[data-save]')
      await page.waitForSelector('[data-save-bar] button[data-save][aria-pressed="true"]')
    }
    await page.goto(`${baseUrl}/favourites`, { waitUntil: 'load' })
    await page.waitForFunction(() => document.querySelectorAll('[data-favourite]').length === 4, { timeout: TIMEOUT })
    await page.locator(`::-p-aria([name="${favouriteTexts.planTrip}"][role="link"])`).click()
    await page.waitForFunction(() => location.pathname === '/trip', { timeout: TIMEOUT })
    await page.waitForFunction(hydrated)

    // One day; a second added, the two stays moved there by their "Move to" menus.
    await waitForOrder(page, [[e1, e2, s1, s2]])
    await page.locator(`::-p-aria([name="${t.addDay}"][role="button"])`).click()
    await waitForOrder(page, [[e1, e2, s1, s2], []])
    const titleOf = (path: string) => page.$eval(`[data-stop="${path}"] [data-stop-title]`, (el) => (el.textContent ?? '').trim())
    for (const stay of [s1, s2]) {
      const select = await page.$(`[data-stop="${stay}"] select`)
      expect(await select!.evaluate((el) => el.getAttribute('aria-label'))).toBe(t.moveToDay(await titleOf(stay)))
      const value = await select!.evaluate(
        (el, label) => [...(el as HTMLSelectElement).options].find((o) => o.label === label)!.value,
        t.day(2),
      )
      await select!.select(value)
    }
    await waitForOrder(page, [
      [e1, e2],
      [s1, s2],
    ])

    // Keyboard: "Move up" of the second stay of day 2, pressed by Enter.
    const s2Title = await titleOf(s2)
    await page
      .locator(`::-p-aria([name="${t.moveUp(s2Title)}"][role="button"])`)
      .setTimeout(TIMEOUT)
      .wait()
    await page.$eval(`[data-stop="${s2}"] button[aria-label="${t.moveUp(s2Title)}"]`, (b) => (b as HTMLButtonElement).focus())
    await page.keyboard.press('Enter')
    await waitForOrder(page, [
      [e1, e2],
      [s2, s1],
    ])
    await page.waitForFunction(
      (want: string) => document.querySelector('[data-trip-announcement]')?.textContent === want,
      { timeout: TIMEOUT },
      t.moved(s2Title, t.day(2), 1, 2),
    )

    // Mouse: the first event's handle dragged onto the second, let go once the list shows the drop.
    const handle = (await page.$(`[data-stop="${e1}"] [data-control="handle"]`))!
    await handle.scrollIntoView()
    const from = (await handle.boundingBox())!
    const to = (await (await page.$(`[data-stop="${e2}"]`))!.boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 4, from.y + from.height / 2 + 8, { steps: 4 })
    await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.6, { steps: 12 })
    const shiftedUp = (path: string) => page.$eval(`[data-stop="${path}"]`, (el) => new DOMMatrix(getComputedStyle(el).transform).m42 < 0)
    for (let nudge = 0; !(await shiftedUp(e2)); nudge++) {
      if (nudge > 50) throw new Error('the list never showed the drop')
      await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.6 + (nudge % 2), { steps: 2 })
    }
    await page.mouse.up()
    await waitForOrder(page, [
      [e2, e1],
      [s2, s1],
    ])
    await page.waitForFunction(
      (want: string) => document.querySelector('[data-trip-announcement]')?.textContent === want,
      { timeout: TIMEOUT },
      t.moved(await titleOf(e1), t.day(1), 2, 2),
    )
    // The drag library swallows clicks for a moment after a drop: carry on once a click reaches the page.
    await page.waitForFunction(
      () => {
        const probe = document.body.appendChild(document.createElement('span'))
        let reached = false
        probe.addEventListener('click', () => (reached = true))
        probe.click()
        probe.remove()
        return reached
      },
      { timeout: TIMEOUT },
    )

    // Day 2 on a Monday: the place closed on Mondays says so.
    await page.$eval(
      '[data-day="1"] input[data-day-date]',
      (input, value) => {
        // The controlled date input takes the value as a visitor's typing would set it.
        const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        set.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      },
      monday,
    )
    await page.waitForFunction(
      (path: string, want: string) => document.querySelector(`[data-stop="${path}"] [data-warnings]`)?.textContent?.includes(want) === true,
      { timeout: TIMEOUT },
      s1,
      t.closedOn(1),
    )

    // Share: a fresh context opens the link read-only and saves it as its own trip.
    await page.locator(`::-p-aria([name="${t.share}"][role="button"])`).click()
    await page.waitForSelector('[data-share-link]')
    const link = await page.$eval('[data-share-link]', (input) => (input as HTMLInputElement).value)
    expect(link.startsWith(`${baseUrl}/trip?share=`)).toBe(true)
    const other = await visitor()
    await other.goto(link, { waitUntil: 'load' })
    expect(await other.$eval('h1', (h) => h.textContent)).toBe(t.sharedTitle)
    expect(await dayOrder(other)).toEqual([
      [e2, e1],
      [s2, s1],
    ])
    expect(await other.$$eval('[data-control="handle"]', (els) => els.length)).toBe(0)
    await other.waitForFunction(hydrated)
    await other.locator(`::-p-aria([name="${t.saveShared}"][role="button"])`).click()
    await other.waitForFunction(
      (want: string) => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(want)),
      { timeout: TIMEOUT },
      t.savedShared,
    )
    await other.goto(`${baseUrl}/trip`, { waitUntil: 'load' })
    await waitForOrder(other, [
      [e2, e1],
      [s2, s1],
    ])
    expect(await other.$eval('[data-day="1"] input[data-day-date]', (input) => (input as HTMLInputElement).value)).toBe(monday)

    // Printed (Firefox's own print to PDF): a real PDF document of the trip.
    const printed = Buffer.from(await page.pdf({ format: 'A4' }))
    expect(printed.subarray(0, 5).toString()).toBe('%PDF-')

    // Sent with an enquiry: the form holds the trip, and the visitor centre's mail lists its stops.
    const sentAfter = Date.now()
    await page.locator(`::-p-aria([name="${t.enquire}"][role="link"])`).click()
    await page.waitForSelector('[data-enquiry-trip]', { timeout: TIMEOUT })
    const message = await page.$eval('textarea[name="comments"]', (area) => (area as HTMLTextAreaElement).value)
    for (const path of [e1, e2, s1, s2]) expect(message).toContain(`${baseUrl}${path}`)
    await page.waitForFunction(
      () => !(document.querySelector('[data-concierge-form] button[type="submit"]') as HTMLButtonElement)?.disabled,
      {
        timeout: TIMEOUT,
      },
    )
    for (const [name, value] of Object.entries({ firstName: 'Fiona', surname: 'Fox', email: 'fiona@example.com', phone: '0400 000 001' }))
      await page.type(`[data-concierge-form] [name="${name}"]`, value)
    await page.click('[data-concierge-form] button[type="submit"]')
    await page.waitForFunction(
      (want: string) => document.querySelector('[data-concierge-form] [role="status"]')?.textContent?.trim() === want,
      { timeout: TIMEOUT },
      texts.concierge.success,
    )
    const mail = await waitForSavedMail(laneMailDir(), DEMO_CONCIERGE_EMAIL, sentAfter, 30_000)
    expect(mail.text).toContain('My trip:')
    for (const path of [e1, e2, s1, s2]) expect(mail.text).toContain(`${baseUrl}${path}`)
  })
})
