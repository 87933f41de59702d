/**
 * Issue 37 in Chromium, against the lane's demo server: a visitor's page view is counted once, its
 * beacons set no cookie and the browser keeps none; real clicks on a listing's Book Now, website,
 * phone, e-mail and social links count as referrals to its operator; a headless browser (a bot by its user
 * agent) and a browser with Global Privacy Control are not counted. Then the dashboard's Results
 * tab shows the figures with the demo's history labelled, the social click among the operator's
 * referrals, its chart and its CSV, axe-clean.
 */
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { editorTexts } from '#lib/editor-texts'
import { REFERRAL_KINDS, resultsTexts as rt, type ReferralKind, type ResultsSummary } from '#lib/results'
import { SITE_TIME_ZONE } from '#lib/team'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { fetchListings } from '../helpers/site.ts'

const baseUrl = laneBaseUrl()
const shotsDir = process.env.SHOTS_DIR || '/tmp/shots-results'
const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 30_000 })
/** A desktop Chrome's user agent: headless Chromium says "HeadlessChrome", which isbot lists. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const today = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
  new Date(),
)

async function results(): Promise<ResultsSummary> {
  const res = await session.editor.request.get(`${baseUrl}/api/results/summary?from=${today}&to=${today}`)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as ResultsSummary
}

const viewsOf = (s: ResultsSummary, slug: string) => s.topListings.find((r) => r.key === slug)?.count ?? 0
const referralsOf = (s: ResultsSummary, operator: string) =>
  s.referrals.find((r) => r.operator === operator)?.counts ??
  (Object.fromEntries(REFERRAL_KINDS.map((k) => [k, 0])) as Record<ReferralKind, number>)

/**
 * A published stay with a booking operator and a social link on its page (most of the fake
 * provider's have one), besides its other operator links. Its page is read without a browser: no
 * beacon, so not counted.
 */
async function bookableStay() {
  const { listings } = await fetchListings(baseUrl, { categoryFilterId: 'demo-stay', limit: 100 })
  for (const stay of listings.filter((l) => l.bookingOperatorId)) {
    const res = await fetch(`${baseUrl}/${stay.slug}`)
    if ((await res.text()).includes('data-referral="social"')) return stay
  }
  throw new Error('the demo has no stay with a booking operator id and a social link')
}

/** The operator whose social link the first test clicked (shown in the dashboard's referrals by the second). */
let socialOperator = ''

async function visitorContext(options: { userAgent?: string; gpc?: boolean } = {}): Promise<BrowserContext> {
  const context = await session.browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  })
  context.setDefaultTimeout(30_000)
  if (options.gpc)
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
  // The website link opens the operator's own site: answered here, no request leaves the machine.
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Operator</title>' }),
  )
  return context
}

/** Opens a page and waits for its view's beacon; answers the beacon's response. */
async function openAndMeasure(page: Page, path: string) {
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith('/api/results/beacon') && r.request().postData()?.includes('"k":"view"') === true,
  )
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
  return beacon
}

test('a listing page view counts once, with no cookie; real clicks count as referrals to its operator; bots and GPC are not counted', async () => {
  const stay = await bookableStay()
  const before = await results()

  const context = await visitorContext({ userAgent: CHROME })
  try {
    const page = await context.newPage()
    const beacon = await openAndMeasure(page, `/${stay.slug}`)
    expect(beacon.status()).toBe(204)
    expect(await beacon.headerValue('set-cookie')).toBeNull()
    // Nothing was stored in the browser: no cookie, no storage entry.
    expect(await context.cookies()).toEqual([])
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0])
    // Measured whether or not the visitor answered the consent banner: declined from here on (the
    // banner would otherwise sit over the links at the foot of the page).
    await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])

    // Real clicks on the operator's links, each one beacon.
    const clicked: ReferralKind[] = []
    const click = async (kind: ReferralKind, locator: ReturnType<Page['locator']>) => {
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/results/beacon') && r.postData()?.includes(`"d":"${kind}"`) === true)
      await locator.click()
      await sent
      clicked.push(kind)
    }
    for (const kind of ['website', 'phone', 'email', 'social'] as const) {
      const link = page.locator(`a[data-referral="${kind}"]`).first()
      if ((await link.count()) === 0) continue
      if (kind === 'website' || kind === 'social') {
        const popup = context.waitForEvent('page')
        await click(kind, link)
        await (await popup).close()
      } else {
        // tel: and mailto: would hand over to another program: the click is what counts.
        await link.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault(), { once: true }))
        await click(kind, link)
      }
    }
    // The beacons of the clicks set nothing either: the one cookie is the consent answer.
    expect((await context.cookies()).map((c) => c.name)).toEqual(['consent'])
    await Promise.all([page.waitForURL((url) => url.pathname === '/booking'), click('book', page.locator('a[data-referral="book"]'))])

    // The view counted once; each click once, for the listing's operator.
    const after = await results()
    expect(viewsOf(after, stay.slug)).toBe(viewsOf(before, stay.slug) + 1)
    const was = referralsOf(before, stay._id)
    const now = referralsOf(after, stay._id)
    for (const kind of REFERRAL_KINDS) expect(now[kind], kind).toBe(was[kind] + clicked.filter((k) => k === kind).length)
    expect(clicked).toContain('book')
    expect(clicked).toContain('social')
    expect(now.social).toBeGreaterThan(0)
    socialOperator = stay._id
  } finally {
    await context.close()
  }

  // Headless Chromium's own user agent is a bot's; a browser with Global Privacy Control sends nothing.
  const counted = await results()
  const botContext = await visitorContext()
  const gpcContext = await visitorContext({ userAgent: CHROME, gpc: true })
  try {
    const bot = await botContext.newPage()
    expect((await openAndMeasure(bot, `/${stay.slug}`)).status()).toBe(204)
    const gpc = await gpcContext.newPage()
    const sent: string[] = []
    gpc.on('request', (r) => {
      if (r.url().endsWith('/api/results/beacon')) sent.push(r.postData() ?? '')
    })
    await gpc.goto(`${baseUrl}/${stay.slug}`, { waitUntil: 'load' })
    await gpc.locator('html[data-hydrated="true"]').waitFor()
    await gpc.locator('a[data-referral="book"]').click()
    await gpc.waitForURL((url) => url.pathname === '/booking')
    await gpc.locator('html[data-hydrated="true"]').waitFor()
    expect(sent).toEqual([])
    expect(viewsOf(await results(), stay.slug)).toBe(viewsOf(counted, stay.slug))
  } finally {
    await botContext.close()
    await gpcContext.close()
  }
})

test('the dashboard shows the Results with the demo history labelled, a chart and CSV downloads; axe-clean', async () => {
  const page = await session.editor.newPage()
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    await editorMenu(page).waitFor()
    await chooseMenuItem(page, editorTexts.menu.dashboard)
    const dialog = page.getByRole('dialog', { name: new RegExp(editorTexts.dashboard.title) })
    await dialog.waitFor()
    await dialog.getByRole('tab', { name: rt.tab }).click()
    const form = dialog.getByRole('form', { name: rt.filtersLabel })
    await form.waitFor()
    // The last 30 days include the demo's generated quarter: labelled as such.
    await dialog.locator('[data-demo-results]').waitFor()
    expect(await dialog.locator('[data-demo-results]').innerText()).toBe(rt.demoNotice)
    expect(Number((await dialog.locator('[data-total="views"]').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0)
    await dialog.locator('canvas[data-chart="visits"]').waitFor()
    await dialog.getByRole('region', { name: rt.tables.referrals }).locator('tbody tr').first().waitFor()

    // Today only: the counts of this lane's visitors, without the demo's history.
    await form.getByLabel(rt.from).fill(today)
    await form.getByLabel(rt.to).fill(today)
    await form.getByRole('button', { name: rt.show }).click()
    await dialog.locator(`[data-results="${today}/${today}"]`).waitFor()
    expect(await dialog.locator('[data-demo-results]').count()).toBe(0)
    // The first test's click on the stay's social link, among its operator's referrals today.
    expect(socialOperator, 'the first test clicked a social link').not.toBe('')
    const socialCell = dialog.locator(`table[data-table="referrals"] tr[data-operator="${socialOperator}"] td[data-kind="social"]`)
    expect(Number(await socialCell.innerText())).toBeGreaterThan(0)

    // A range that ends before it starts is refused before it is asked for.
    await form.getByLabel(rt.from).fill('2026-12-31')
    await form.getByLabel(rt.to).fill('2026-01-01')
    expect(await form.getByRole('button', { name: rt.show }).isDisabled()).toBe(true)
    await form.getByText(rt.invalidRange).waitFor()
    await form.getByLabel(rt.from).fill(today)
    await form.getByLabel(rt.to).fill(today)

    await screenshot(page, { path: path.join(shotsDir, 'results-1440.png') })
    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])

    // Each table downloads as CSV (the editor's session cookie is the key).
    const href = await dialog.locator('a[data-csv="referrals"]').getAttribute('href')
    const csv = await session.editor.request.get(new URL(href!, baseUrl).href)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toContain('text/csv')
    expect((await csv.text()).split('\r\n')[0]).toBe(`${rt.columns.operator},Book Now,Website,Phone,E-mail,Social,${rt.columns.total}`)
  } finally {
    await page.close()
  }
})
