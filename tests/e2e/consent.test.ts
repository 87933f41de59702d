/**
 * Third parties behind the visitor's consent, in real Chromium (spec 01 §1, issue 10): an editor
 * sets the analytics, ad pixel and tag manager ids in Site Settings; visitors get a consent banner
 * (keyboard accessible, axe clean) and nothing is requested from the analytics, pixel, tag manager
 * or error-reporting hosts before they accept; after 'Accept' each loads (after the page's load
 * event, never blocking first paint), after 'Decline' none does, and the choice is remembered on
 * reload. 'Cookie settings' reopens the banner.
 *
 * Every request to those hosts is intercepted with context.route and answered locally, so nothing
 * leaves the machine. This file runs its own production server (with SENTRY_DSN set).
 */
import fs from 'node:fs'
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { texts } from '#lib/texts'
import { loadConfig } from '#server/config'
import { openDatabase } from '#server/db/client'
import { seedDemo } from '#server/demo/seed'
import { createServices } from '#server/services/index'
import { axe, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { preparedDemoCopy, startProductionServer, type RunningServer } from '../helpers/server.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// Generous limits: the machine running the suite may be busy.
vi.setConfig({ testTimeout: patient(120_000) })
const shots = '/tmp/shots-he'
const editor = { username: 'consent-editor', email: 'consent-editor@example.com', password: 'consent-editor-password' }
const ids = { analyticsId: 'G-E2ETEST01', pixelId: '1234567890', tagManagerId: 'GTM-E2ETST' }
/** A DSN on a reserved name that never resolves; the browser's requests to it are intercepted. */
const SENTRY_HOST = 'sentry.e2e.invalid'
const SENTRY_DSN = `https://publickey@${SENTRY_HOST}/7`
const THIRD_PARTY =
  /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net|www\.google-analytics\.com|[a-z0-9.-]*google-analytics\.com|sentry\.e2e\.invalid)\//
const t = texts.consent

let server: RunningServer
let baseUrl: string
let browser: Browser

async function prepareDataDir(dataDir: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  const database = await openDatabase({ dataDir: config.dataDir })
  try {
    await database.migrate()
    const services = createServices(database, config)
    await seedDemo(services, { onlyIfEmpty: true })
    await services.users.create({ username: editor.username, email: editor.email, password: editor.password, roles: [] })
  } finally {
    await database.close()
  }
}

/** A visitor's browser in which every third-party request is recorded and answered locally. */
async function visitor(viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport })
  context.setDefaultTimeout(30_000)
  const requests: string[] = []
  await context.route(THIRD_PARTY, async (route) => {
    requests.push(route.request().url())
    if (route.request().url().includes(SENTRY_HOST)) await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' })
    else await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in */' })
  })
  // Belt and braces: anything else that is not this server is refused and recorded.
  context.on('request', (request: Request) => {
    const url = request.url()
    if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !THIRD_PARTY.test(url)) requests.push(`unexpected: ${url}`)
  })
  // The page's Content-Security-Policy (decision 027) names the third parties' hosts once the
  // visitor accepted: violations are recorded (an init script: the policy does not apply to it).
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`))
  })
  const page = await context.newPage()
  return { context, page, requests }
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)

/**
 * Loaded, hydrated, and past the moment the third parties would have been added: they wait for the
 * load event and then an idle callback (at most 2 s). Two idle callbacks of our own, asked for after
 * hydration, run after any the page asked for before them (idle callbacks run in the order asked).
 */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), { timeout: 2000 })),
  )
}

/** The third parties' scripts the page has added (what leads to their requests). */
const thirdPartyScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src).filter((src) => !src.startsWith(location.origin)),
  )

const banner = (page: Page) => page.getByRole('region', { name: t.title })

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  // The demo as a first start leaves it, with this file's editor added.
  const dataDir = await preparedDemoCopy()
  await prepareDataDir(dataDir)
  server = await startProductionServer({ dataDir, env: { SENTRY_DSN, RATE_LIMIT_IP: '1000' } })
  baseUrl = server.baseUrl
  browser = await lendBrowser()
}, patient(300_000))

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('consent for third parties', () => {
  test('an editor sets the analytics, pixel and tag manager ids in Site Settings', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    context.setDefaultTimeout(30_000)
    try {
      const login = await context.request.post(`${baseUrl}/api/user/login`, {
        data: { username: editor.username, password: editor.password },
      })
      expect(login.status()).toBe(200)
      const page = await context.newPage()
      await page.goto(`${baseUrl}/`)
      await page.getByRole('navigation', { name: 'Editor menu' }).getByRole('button', { name: 'Open Site Settings', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Site Settings', exact: true })
      const fields = dialog.locator('[data-third-parties]')
      await fields.getByLabel('Analytics id').fill('not an id')
      await dialog.getByRole('button', { name: editorTexts.siteSettings.publish, exact: true }).click()
      await fields.getByText('An analytics id looks like G-XXXXXXX').waitFor()
      await fields.getByLabel('Analytics id').fill(ids.analyticsId)
      await fields.getByLabel('Ad pixel id').fill(ids.pixelId)
      await fields.getByLabel('Tag manager id').fill(ids.tagManagerId)
      await screenshot(page, { path: `${shots}/site-settings-ids-1440.png` })
      await dialog.getByRole('button', { name: editorTexts.siteSettings.publish, exact: true }).click()
      await page.getByText(texts.toasts.siteSettingsPublished).first().waitFor()
      const stored = (await (await context.request.get(`${baseUrl}/api/siteSettings/loadSiteSettings`)).json()) as Record<string, unknown>
      expect(stored).toMatchObject(ids)
    } finally {
      await context.close()
    }
  })

  test('nothing loads before consent; Accept (by keyboard) loads each third party after the load event; remembered on reload', async () => {
    const { context, page, requests } = await visitor()
    try {
      // The server's HTML loads none of them (no script, preload or preconnect): they can never block first paint.
      const html = await (await fetch(`${baseUrl}/`)).text()
      expect(html).toContain(ids.analyticsId) // the ids travel as data only
      expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https:\/\/[^"]*(googletagmanager|facebook|sentry)/)

      await page.goto(`${baseUrl}/`)
      await banner(page).waitFor()
      await settle(page)
      expect(requests).toEqual([])
      expect(await thirdPartyScripts(page)).toEqual([])
      expect(
        await page.evaluate(() => ({ dataLayer: 'dataLayer' in window, fbq: 'fbq' in window, sentry: '__SENTRY__' in window })),
      ).toEqual({ dataLayer: false, fbq: false, sentry: false })
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
      await screenshot(page, { path: `${shots}/consent-banner-1440.png` })

      // Keyboard: the skip link, then the banner's Accept.
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(t.accept)
      await page.keyboard.press('Enter')
      await banner(page).waitFor({ state: 'detached' })
      await expect.poll(() => requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
      expect(requests.some((u) => u.startsWith(`https://www.googletagmanager.com/gtag/js?id=${ids.analyticsId}`))).toBe(true)
      expect(requests.some((u) => u.startsWith(`https://www.googletagmanager.com/gtm.js?id=${ids.tagManagerId}`))).toBe(true)
      expect(requests.some((u) => u.startsWith('https://connect.facebook.net/'))).toBe(true)
      expect(requests.filter((u) => u.startsWith('unexpected'))).toEqual([])
      // Browser error reporting started too, and reports an error to the configured DSN.
      await page.waitForFunction(() => '__SENTRY__' in window)
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('consent e2e browser error')
        }, 0),
      )
      await expect.poll(() => requests.some((u) => u.includes(`${SENTRY_HOST}/api/7/envelope/`)), { timeout: 10_000 }).toBe(true)
      expect(await cspViolations(page)).toEqual([])

      // Remembered: no banner on reload, and the scripts load again without asking, after the load event.
      const before = requests.length
      await page.reload()
      await settle(page)
      expect(await banner(page).count()).toBe(0)
      await expect.poll(() => requests.length, { timeout: 10_000 }).toBeGreaterThan(before)
      const gtmEntries = () =>
        page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('googletagmanager.com')).length)
      await expect.poll(gtmEntries, { timeout: 10_000 }).toBeGreaterThan(0)
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        const gtm = performance.getEntriesByType('resource').filter((r) => r.name.includes('googletagmanager.com'))
        return { loadEventStart: nav.loadEventStart, firstThirdParty: Math.min(...gtm.map((r) => r.startTime)), count: gtm.length }
      })
      expect(timing.count).toBeGreaterThan(0)
      expect(timing.firstThirdParty).toBeGreaterThanOrEqual(timing.loadEventStart)
      expect(await cspViolations(page)).toEqual([])
      expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('accepted')
    } finally {
      await context.close()
    }
  })

  test('Decline loads nothing, now or on reload; Cookie settings reopens the banner to change the choice', async () => {
    const { context, page, requests } = await visitor({ width: 375, height: 812 })
    try {
      await page.goto(`${baseUrl}/`)
      await banner(page).waitFor()
      await screenshot(page, { path: `${shots}/consent-banner-375.png` })
      const narrow = await axe(page)
      expect(narrow, formatViolations(narrow)).toEqual([])
      await banner(page).getByRole('button', { name: t.decline }).click()
      await banner(page).waitFor({ state: 'detached' })
      await settle(page)
      expect(requests).toEqual([])
      expect(await thirdPartyScripts(page)).toEqual([])
      await page.reload()
      await settle(page)
      expect(await banner(page).count()).toBe(0)
      expect(requests).toEqual([])
      expect(await thirdPartyScripts(page)).toEqual([])
      expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('declined')

      // Changing one's mind: 'Cookie settings' under the footer, focus moves to Accept.
      await page.getByRole('button', { name: t.settings }).click()
      await banner(page).waitFor()
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(t.accept)
      await page.keyboard.press('Enter')
      await expect
        .poll(() => requests.filter((u) => u.includes('googletagmanager.com')).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2)
    } finally {
      await context.close()
    }
  })
})
