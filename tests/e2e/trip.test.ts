/**
 * Issue 35 points 1 and 6 in real browsers, on the lane's demo server: the visitor saves four
 * listings (two events, two stays), turns the list into a two-day trip, reorders stops by mouse
 * and by keyboard (its buttons and the drag handle's Space/arrows), sees a warning from an event's
 * dates, shares the trip into a fresh browser context that saves it as its own, prints it (print
 * media), downloads its PDF, and sends it with an enquiry: the visitor centre's mail lists the
 * trip. The planner's code loads on /trip only. Axe on the planner and the shared trip; a
 * screenshot at 375 px.
 */
import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { TripStopInfo } from '#lib/trip/model'
import { tripDate, tripDayDate, tripTextsEn as t } from '#lib/trip/texts/index'
import { favouriteTexts, texts } from '#lib/texts'
import { axe, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'
import { closedOn } from '../../listings/trip/closed.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(300_000) })

const baseUrl = laneBaseUrl()
const mailDir = laneMailDir()
const shots = '/tmp/shots-trip'
const VISITOR_CENTRE = 'visitor-centre@barossa.example'
/** The machine may be busy: hydration and chunks can take a while. */
const POLL = { timeout: 30_000 }

let browser: Browser

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  browser = await lendBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function stopInfo(paths: string[]): Promise<TripStopInfo[]> {
  const res = await fetch(`${baseUrl}/api/trip/stops`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paths }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { stops: TripStopInfo[] }).stops
}

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/**
 * Four listings to save: two events with an end date, a place closed on Mondays (the provider's
 * opening times, read by the listings feature) and a stay; and the next Monday that place is closed.
 */
async function pickListings(): Promise<{ events: string[]; stays: string[]; event: TripStopInfo; monday: string }> {
  const cards = async (body: Record<string, unknown>) => {
    const res = await fetch(`${baseUrl}/api/listing/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hideTours: true, limit: 50, currentPage: 1, ...body }),
    })
    return ((await res.json()) as { listings: { slug: string }[] }).listings.map((l) => `/${l.slug}`)
  }
  const eventInfo = (await stopInfo(await cards({ categoryFilterId: 'demo-whats-on' }))).filter((s) => s.event?.end && s.lat !== null)
  const stayInfo = (await stopInfo(await cards({ categoryFilterId: 'demo-stay' }))).filter((s) => s.lat !== null)
  // The Mondays of the next weeks, and a located place closed every Monday on one of them.
  const today = new Date()
  const mondays = Array.from({ length: 8 }, (_, i) => {
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1 + i * 7))
    at.setUTCDate(at.getUTCDate() + ((8 - at.getUTCDay()) % 7))
    return at.toISOString().slice(0, 10)
  })
  let closed: { info: TripStopInfo; monday: string } | undefined
  for (let page = 1; page <= 10 && !closed; page++) {
    for (const info of await stopInfo(await cards({ currentPage: page }))) {
      const monday = mondays.find((day) => closedOn(info.openingTime, day)?.weekly)
      if (monday && info.lat !== null && !info.event) {
        closed = { info, monday }
        break
      }
    }
  }
  expect(eventInfo.length).toBeGreaterThanOrEqual(2)
  expect(stayInfo.length).toBeGreaterThanOrEqual(1)
  expect(closed, 'a place closed on Mondays in the demo').toBeDefined()
  return {
    events: eventInfo.slice(0, 2).map((s) => s.path),
    stays: [closed!.info.path, stayInfo[0]!.path],
    event: eventInfo[0]!,
    monday: closed!.monday,
  }
}

/** Whether a click on the page reaches its target (nothing in the capture phase stops it on the way). */
const clicksReachThePage = (page: Page) =>
  page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('span'))
    let reached = false
    probe.addEventListener('click', () => (reached = true))
    probe.click()
    probe.remove()
    return reached
  })

/** The stops of each day, in order, as the page shows them. */
const dayOrder = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-day]')].map((day) =>
      [...day.querySelectorAll('[data-stop]')].map((s) => s.getAttribute('data-stop')),
    ),
  )

async function declineConsent(page: Page) {
  const decline = page.getByRole('button', { name: 'Decline' })
  if (await decline.isVisible()) await decline.click()
}

describe('the trip planner in Chromium', () => {
  let mine: BrowserContext
  let friend: BrowserContext
  afterAll(async () => {
    await mine?.close()
    await friend?.close()
  })

  test('four saved listings become a two-day trip: moved by mouse and keyboard, warned, shared, saved, printed, made a PDF, sent with an enquiry', async () => {
    const { events, stays, event, monday } = await pickListings()
    const [e1, e2] = events as [string, string]
    const [s1, s2] = stays as [string, string]
    // Tall enough that a day's stops are all on screen for the mouse.
    mine = await browser.newContext({ viewport: { width: 1280, height: 1600 }, acceptDownloads: true })
    mine.setDefaultTimeout(30_000)
    const page = await mine.newPage()
    const scripts = new Map<string, Set<string>>()
    let current = ''
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.get(current)?.add(new URL(request.url()).pathname)
    })
    const visit = async (path: string) => {
      current = path
      scripts.set(path, new Set())
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
    }

    // Save the four listings from their own pages' heart buttons.
    for (const path of [e1, e2, s1, s2]) {
      await visit(path)
      const save = page.locator('[data-save-bar] button[data-save]')
      await expect.poll(() => save.isEnabled(), POLL).toBe(true)
      await save.click()
      expect(await save.getAttribute('aria-pressed')).toBe('true')
    }
    await visit('/favourites')
    await expect.poll(() => page.locator('[data-favourite]').count(), POLL).toBe(4)
    await page.getByRole('link', { name: favouriteTexts.planTrip }).click()
    await page.waitForURL(/\/trip$/)
    current = '/trip'
    scripts.set('/trip', new Set())
    await page.reload({ waitUntil: 'load' })

    // The list is one day; a second day is added and two stays moved there by their "Move to" menus.
    await expect.poll(() => dayOrder(page), POLL).toEqual([[e1, e2, s1, s2]])
    await page.getByRole('button', { name: t.addDay }).click()
    await expect.poll(() => dayOrder(page), POLL).toEqual([[e1, e2, s1, s2], []])
    const titleOf = async (path: string) => (await page.locator(`[data-stop="${path}"] [data-stop-title]`).innerText()).trim()
    for (const stay of [s1, s2]) {
      const select = page.getByRole('combobox', { name: t.moveToDay(await titleOf(stay)) })
      await select.focus()
      await select.selectOption({ label: t.day(2) })
    }
    await expect
      .poll(() => dayOrder(page), POLL)
      .toEqual([
        [e1, e2],
        [s1, s2],
      ])
    const announcement = page.locator('[data-trip-announcement]')
    expect(await announcement.innerText()).toBe(t.moved(await titleOf(s2), t.day(2), 2, 2))

    // Mouse: the first event's handle dropped on the second.
    const handle = page.locator(`[data-stop="${e1}"] [data-control="handle"]`)
    await handle.scrollIntoViewIfNeeded()
    const from = (await handle.boundingBox())!
    const to = (await page.locator(`[data-stop="${e2}"]`).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 4, from.y + from.height / 2 + 8, { steps: 4 })
    await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.6, { steps: 12 })
    // Let go once the list shows the drop it will make (the second stop shifted up into the first's
    // place): on a busy machine the pointer can arrive before the list has measured its stops, and a
    // small move then lets it find the target.
    let nudge = 0
    await expect
      .poll(async () => {
        const y = await page.locator(`[data-stop="${e2}"]`).evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42)
        if (y >= 0) await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.6 + (++nudge % 2), { steps: 2 })
        return y < 0
      }, POLL)
      .toBe(true)
    await page.mouse.up()
    await expect
      .poll(() => dayOrder(page), POLL)
      .toEqual([
        [e2, e1],
        [s1, s2],
      ])
    await expect.poll(() => announcement.innerText(), POLL).toBe(t.moved(await titleOf(e1), t.day(1), 2, 2))
    // The dropped stop's handle has the focus (a keyboard user carries on from there).
    expect(await page.evaluate(() => document.activeElement?.closest('[data-stop]')?.getAttribute('data-stop'))).toBe(e1)
    // The drag is over on screen too: no stop is still shifted by it.
    await expect.poll(() => page.locator('[data-stop][style*="translate"]').count(), POLL).toBe(0)
    // And over for the drag library: for a moment after a drop it swallows clicks (so that letting go
    // does not also click what is under the pointer), which would swallow the Enter below as well.
    await expect.poll(() => clicksReachThePage(page), POLL).toBe(true)

    // Keyboard: "Move up" by Enter, then the handle's Space, ArrowDown, Space.
    const s2Title = await titleOf(s2)
    await page.getByRole('button', { name: t.moveUp(s2Title) }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => dayOrder(page), POLL)
      .toEqual([
        [e2, e1],
        [s2, s1],
      ])
    await expect.poll(() => announcement.innerText(), POLL).toBe(t.moved(s2Title, t.day(2), 1, 2))
    // Focus stays on the control that moved it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(t.moveUp(s2Title))
    // And back down by its "Move down" button, by Space this time.
    await page.getByRole('button', { name: t.moveDown(s2Title) }).focus()
    await page.keyboard.press('Space')
    await expect
      .poll(() => dayOrder(page), POLL)
      .toEqual([
        [e2, e1],
        [s1, s2],
      ])

    // A note, and the first day dated the day after the event ends: the warning.
    await page.getByRole('textbox', { name: t.noteLabel(await titleOf(s1)) }).fill('Check in from 2 pm')
    const dated = nextDay(event.event!.end)
    await page.locator('[data-day="0"] input[data-day-date]').fill(dated)
    const warning = t.endsBefore(tripDate(event.event!.end, 'en-AU'))
    await expect.poll(() => page.locator(`[data-stop="${e1}"] [data-warnings]`).innerText(), POLL).toContain(warning)
    expect(await page.locator('[data-day="0"] h2').innerText()).toBe(t.dayHeading(tripDayDate(dated, 'en-AU'), 2))
    // The second day on a Monday: the place closed on Mondays says so.
    await page.locator('[data-day="1"] input[data-day-date]').fill(monday)
    await expect.poll(() => page.locator(`[data-stop="${s1}"] [data-warnings]`).innerText(), POLL).toContain(t.closedOn(1))
    expect(t.closedOn(1)).toBe('Closed on Mondays')

    // Each day: its map with its stops in order, the way between them, and the estimate said so.
    await expect.poll(() => page.locator('[data-day="1"] [data-map-stop]').count(), POLL).toBe(2)
    expect(await page.locator('[data-day="1"] [data-leg]').innerText()).toMatch(/\d+\.\d km, about \d+ (min|h)/)
    expect(await page.locator('[data-distance-note]').innerText()).toBe(t.estimate)

    await declineConsent(page)
    let violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])
    await screenshot(page, { path: `${shots}/trip-1280.png`, fullPage: true })

    // At 375 px: nothing wider than the screen, axe clean.
    await page.setViewportSize({ width: 375, height: 812 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, { path: `${shots}/trip-375.png`, fullPage: true })
    violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 1600 })

    // Print: the trip without the site's header, the actions or the controls; notes as text.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header').first().isVisible()).toBe(false)
    expect(await page.getByRole('group', { name: t.actions }).isVisible()).toBe(false)
    expect(await page.locator(`[data-stop="${e1}"] [data-control="handle"]`).isVisible()).toBe(false)
    expect(await page.locator(`[data-stop="${s1}"] [data-note-print]`).innerText()).toBe(`${t.note}: Check in from 2 pm`)
    expect(await page.locator('[data-day="1"] [data-day-map]').isVisible()).toBe(true)
    for (const path of [e1, e2, s1, s2]) expect(await page.locator(`[data-stop="${path}"] [data-stop-title]`).isVisible()).toBe(true)
    const printed = await page.pdf({ format: 'A4' })
    expect(printed.subarray(0, 5).toString()).toBe('%PDF-')
    await page.emulateMedia({ media: 'screen' })

    // PDF: made by the server's PDF workers, downloaded.
    const download = page.waitForEvent('download', { timeout: 60_000 })
    await page.getByRole('button', { name: t.pdf, exact: true }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^My trip.*\.pdf$/)
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    // Share: a fresh browser context opens the link read-only and saves it as its own trip.
    await page.getByRole('button', { name: t.share }).click()
    const link = await page.locator('[data-share-link]').inputValue()
    expect(link.startsWith(`${baseUrl}/trip?share=`)).toBe(true)
    friend = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    friend.setDefaultTimeout(30_000)
    const other = await friend.newPage()
    await other.goto(link, { waitUntil: 'load' })
    expect(await other.locator('h1').innerText()).toBe(t.sharedTitle)
    expect(await dayOrder(other)).toEqual([
      [e2, e1],
      [s1, s2],
    ])
    expect(await other.locator(`[data-stop="${e1}"] [data-warnings]`).innerText()).toContain(warning)
    expect(await other.locator(`[data-stop="${s1}"] [data-note-print]`).innerText()).toBe(`${t.note}: Check in from 2 pm`)
    expect(await other.locator('[data-control="handle"]').count()).toBe(0)
    await declineConsent(other)
    violations = await axe(other)
    expect(violations, formatViolations(violations)).toEqual([])
    await screenshot(other, { path: `${shots}/shared-1280.png`, fullPage: true })
    const save = other.getByRole('button', { name: t.saveShared })
    await expect.poll(() => save.isVisible(), POLL).toBe(true)
    await save.click()
    await other.getByRole('status').filter({ hasText: t.savedShared }).waitFor()
    await other.goto(`${baseUrl}/trip`, { waitUntil: 'load' })
    await expect
      .poll(() => dayOrder(other), POLL)
      .toEqual([
        [e2, e1],
        [s1, s2],
      ])
    expect(await other.locator('[data-day="0"] input[data-day-date]').inputValue()).toBe(dated)
    // A damaged link: a page saying so, 400, never a 500.
    const broken = await other.goto(`${baseUrl}/trip?share=not-a-trip`, { waitUntil: 'load' })
    expect(broken?.status()).toBe(400)
    expect(await other.locator('[data-trip-broken]').innerText()).toBe(t.sharedBroken)

    // Send with an enquiry: the enquiry page's message holds the trip; the visitor centre's mail lists it.
    const sentAfter = Date.now()
    await page.getByRole('link', { name: t.enquire }).click()
    await page.waitForURL(/\?trip=1$/)
    await page.locator('[data-enquiry-trip]').waitFor()
    expect(await page.locator('[data-enquiry-trip]').innerText()).toBe(t.enquiryNotice(4))
    const message = await page.locator('textarea[name="comments"]').inputValue()
    expect(message.startsWith('My trip:')).toBe(true)
    expect(message).toContain(`${tripDayDate(dated, 'en-AU')}:`)
    expect(message).toContain(`${tripDayDate(monday, 'en-AU')}:`)
    for (const path of [e1, e2, s1, s2]) expect(message).toContain(`${baseUrl}${path}`)
    expect(message.indexOf(`${baseUrl}${s1}`)).toBeLessThan(message.indexOf(`${baseUrl}${s2}`))
    expect(message).toContain('Note: Check in from 2 pm')
    const send = page.locator('[data-concierge-form] button[type="submit"]')
    await expect.poll(() => send.isEnabled(), POLL).toBe(true)
    for (const [name, value] of Object.entries({
      firstName: 'Tess',
      surname: 'Traveller',
      email: 'tess@example.com',
      phone: '0400 000 000',
    }))
      await page.locator(`[data-concierge-form] [name="${name}"]`).fill(value)
    await send.click()
    // The form's own answer first, so a refusal names itself (the fields' messages) instead of
    // showing up as a missing e-mail.
    const outcome = page.locator('[data-concierge-form] [role="status"]')
    await expect.poll(() => outcome.innerText(), POLL).toMatch(/\S/)
    const answered = await outcome.innerText()
    if (answered !== texts.concierge.success) {
      const shown = await page.locator('[data-concierge-form] [id$="-error"]').allInnerTexts()
      throw new Error(`The enquiry was not sent: "${answered}"; field messages: ${JSON.stringify(shown)}`)
    }
    const mail = await waitForSavedMail(mailDir, VISITOR_CENTRE, sentAfter, 30_000)
    expect(mail.text).toContain('My trip:')
    for (const path of [e1, e2, s1, s2]) expect(mail.text).toContain(`${baseUrl}${path}`)
    expect(mail.text).toContain('Check in from 2 pm')

    // Point 6: the planner's code (its route chunk, and the drag and drop it brings) came with /trip
    // only: the home page, the list page, a listing page and the enquiry page load none of it.
    await visit('/')
    const plannerChunks: string[] = []
    for (const src of scripts.get('/trip')!) {
      const body = await (await fetch(`${baseUrl}${src}`)).text()
      if (/\/trip-[\w-]+\.js$/.test(src) || body.includes('DndLiveRegion')) plannerChunks.push(src)
    }
    expect(plannerChunks.some((src) => /\/trip-[\w-]+\.js$/.test(src))).toBe(true)
    expect(plannerChunks.length).toBeGreaterThanOrEqual(2)
    for (const path of ['/', '/favourites', e1]) {
      expect(
        plannerChunks.filter((src) => scripts.get(path)!.has(src)),
        `${path} loads the planner's scripts`,
      ).toEqual([])
    }
  })
})
