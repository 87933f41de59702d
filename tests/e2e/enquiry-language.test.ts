/**
 * The enquiry of a German and of a Chinese visitor in real Chromium (issue 33, "Done means"): sent
 * from the form at /de/plan-your-visit (/zh-hans/…), the e-mail to the demo's visitor centre names
 * the visitor's language, so the centre can answer in it. (The Referer fallback and a language the
 * site does not offer: server/api/conciergeForm.test.ts.)
 */
import { expect, test } from 'vitest'
import de from '#lib/site-texts/de'
import zhHans from '#lib/site-texts/zh-Hans'
import { texts } from '#lib/texts'
import { DEMO_CONCIERGE_EMAIL } from '#server/demo/content'
import { openVisitorBrowser } from '../helpers/browser.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'

const baseUrl = laneBaseUrl()
const run = Date.now().toString(36)

const visitor = openVisitorBrowser()

const visitors = [
  { who: 'German', prefix: '/de', browserLocale: 'de-DE', t: de.concierge, language: 'German', name: 'Greta' },
  { who: 'Chinese', prefix: '/zh-hans', browserLocale: 'zh-CN', t: zhHans.concierge, language: 'Chinese (Simplified)', name: 'Li' },
]

test.each(visitors)(
  "a $who visitor's enquiry tells the visitor centre the visitor's language",
  async ({ prefix, browserLocale, t, language, name }) => {
    const p = await visitor.newPage({ locale: browserLocale })
    await p.goto(`${baseUrl}${prefix}/plan-your-visit`, { waitUntil: 'load' })
    const form = p.locator('[data-concierge-form]')
    const send = form.getByRole('button', { name: t.send })
    // Enabled once the form is hydrated.
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true)

    const email = `${name.toLowerCase()}-${run}@example.com`
    await form.locator('[name="firstName"]').fill(name)
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
    expect(html).toContain(`<strong>${texts.concierge.emailLanguage}:</strong> ${language}</p>`)
  },
  120_000,
)
