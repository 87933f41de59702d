/**
 * The enquiry of a German visitor in real Chromium (issue 33, "Done means"): sent from the German
 * form at /de/plan-your-visit, the e-mail to the demo's visitor centre names the visitor's
 * language, so the centre can answer in it. (Chinese, and the Referer fallback: server/api/conciergeForm.test.ts.)
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import de from '#lib/site-texts/de'
import { texts } from '#lib/texts'
import { DEMO_CONCIERGE_EMAIL } from '#server/demo/content'
import { launchBrowser, screenshotIfFailed } from '../helpers/browser.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'

const baseUrl = laneBaseUrl()
const t = de.concierge
const run = Date.now().toString(36)

let browser: Browser
let context: BrowserContext | undefined
let page: Page | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async (test) => {
  await screenshotIfFailed(test, page)
  await context?.close()
})

test("a German visitor's enquiry tells the visitor centre the visitor's language", async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' })
  context.setDefaultTimeout(30_000)
  // The machine running the suite may be busy: a first page load can be slow.
  context.setDefaultNavigationTimeout(60_000)
  page = await context.newPage()
  const p = page
  await p.goto(`${baseUrl}/de/plan-your-visit`, { waitUntil: 'load' })
  const form = p.locator('[data-concierge-form]')
  const send = form.getByRole('button', { name: t.send })
  // Enabled once the form is hydrated.
  await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true)

  const email = `greta-${run}@example.com`
  await form.locator('[name="firstName"]').fill('Greta')
  await form.locator('[name="surname"]').fill('Schulz')
  await form.locator('[name="email"]').fill(email)
  await form.locator('[name="phone"]').fill('0400 000 000')
  await form.getByRole('radio', { name: t.options.Phone }).check()
  await form.getByRole('region', { name: t.steps.contact }).getByRole('button', { name: t.nextStep }).click()
  await form.locator('[name="numOfPeople"]').waitFor({ state: 'visible' })
  await form.locator('[name="numOfPeople"]').fill('2')

  const sentAfter = Date.now()
  await send.click()
  await form.getByRole('status').filter({ hasText: t.success }).waitFor()

  const mail = await waitForSavedMail(laneMailDir(), DEMO_CONCIERGE_EMAIL, sentAfter, 30_000)
  const html = mail.text.replace(/\r?\n/g, '')
  expect(html).toContain(`<strong>${texts.concierge.labels.email}:</strong> ${email}</p>`)
  expect(html).toContain(`<strong>${texts.concierge.emailLanguage}:</strong> German</p>`)
}, 120_000)
