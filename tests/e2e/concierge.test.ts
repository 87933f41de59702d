/**
 * The concierge enquiry in real Chromium (spec 01 §2.12, spec 02 §2.6, §3.3, §5, §8): an editor
 * sets where enquiries go; a visitor meets every validation message, sends the enquiry and the
 * e-mail really arrives over SMTP with the summary; a network failure shows the failure text and
 * the enquiry can be sent again. On a server of its own, an enquiry sent while the mail server is
 * down is stored, listed for editors, and delivered once the mail server is back.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { checkInLimits, isoDate } from '#lib/concierge'
import { formatDmy, parseDate } from '#lib/dates'
import type { PageDoc } from '#lib/content'
import { formatSiteTime } from '#lib/team'
import { texts } from '#lib/texts'
import { axe, closeContextsAfterEach, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { createEditorCli } from '../helpers/cli.ts'
import { freePort, preparedDemoCopy, startProductionServer, type RunningServer } from '../helpers/server.ts'
import { startSmtpServer, waitForSavedMail } from '../helpers/smtp.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { DEMO_CONCIERGE_EMAIL } from '#server/demo/content'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(300_000) })

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const mailDir = laneMailDir()
const m = editorTexts.menu
const t = texts.concierge
const L = t.labels
const run = Date.now().toString(36)
const shots = '/tmp/shots-hd'
const conciergeAddress = `concierge-${run}@example.com`
const ccAddress = `copy-${run}@example.com`

let browser: Browser
const contexts: BrowserContext[] = []
closeContextsAfterEach(contexts)

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  browser = await lendBrowser()
})

afterAll(async () => {
  // The lane's server is shared with the files after this one: the trip planner's and the demo's
  // tests expect enquiries at the demo's address, as seeded.
  const context = await signedInContext(baseUrl).catch(() => undefined)
  const restored = await context?.request.post(`${baseUrl}/api/conciergeForm/saveConciergeForm`, {
    data: { conciergeForm: { email: DEMO_CONCIERGE_EMAIL, ccs: [''] } },
  })
  for (const context of contexts) await context.close().catch(() => {})
  await browser?.close()
  expect(restored?.status()).toBe(200)
})

async function signedInContext(site: string, account = editor): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(30_000)
  // The machine running the suite may be busy: a first page load (images resized on demand) can be slow.
  context.setDefaultNavigationTimeout(60_000)
  contexts.push(context)
  const response = await context.request.post(`${site}/api/user/login`, {
    data: { username: account.username, password: account.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return context
}

async function visitor(viewport = { width: 1280, height: 900 }): Promise<Page> {
  // An en-US browser: dates are still typed and read as DD/MM/YYYY (issue 31).
  const context = await browser.newContext({ viewport, locale: 'en-US' })
  context.setDefaultTimeout(30_000)
  // The machine running the suite may be busy: a first page load (images resized on demand) can be slow.
  context.setDefaultNavigationTimeout(60_000)
  contexts.push(context)
  return context.newPage()
}

/** A published page holding the ConciergeForm block, made through the API as the editor. */
async function publishFormPage(context: BrowserContext, site: string, slug: string): Promise<void> {
  const saved = await context.request.post(`${site}/api/page/save`, {
    data: {
      page: { slug, template: 'generic', header: { title: 'Plan your visit with us' }, contents: [{ componentType: 'ConciergeForm' }] },
      collection: 'pages',
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const page = (await saved.json()) as PageDoc
  const published = await context.request.post(`${site}/api/page/publishPage`, { data: { page, collection: 'pages' } })
  expect(published.status(), await published.text()).toBe(200)
}

const menu = (p: Page) => p.getByRole('navigation', { name: m.label })

async function openConciergePanel(p: Page): Promise<Locator> {
  await menu(p).getByRole('button', { name: m.siteSettings, exact: true }).click()
  const dialog = p.getByRole('dialog', { name: editorTexts.panels.siteSettings, exact: true })
  await dialog.waitFor()
  await dialog.getByRole('tab', { name: t.panelTitle, exact: true }).click()
  await dialog.getByRole('button', { name: t.save }).waitFor()
  return dialog
}

const form = (p: Page) => p.locator('[data-concierge-form]')
const stepButton = (p: Page, title: string) => form(p).getByRole('button', { name: title })
/** A field by its name (labels repeat: 'Email' and 'Phone' are also the preferred-contact options). */
const field = (p: Page, name: string) => form(p).locator(`[name="${name}"]`)
/** The 'Next Step' button of a step. */
const nextOf = (p: Page, title: string) => form(p).getByRole('region', { name: title }).getByRole('button', { name: t.nextStep })
/** The message under a field (its aria-describedby), or '' when none. */
async function messageOf(p: Page, name: string): Promise<string> {
  const ids = (await field(p, name).getAttribute('aria-describedby'))?.split(' ').filter((id) => id.endsWith('-error')) ?? []
  if (!ids.length) return ''
  return (await p.locator(`[id="${ids[0]}"]`).innerText()).trim()
}

/** The texts that describe an input (its aria-describedby). */
const descriptionOf = (input: Locator) =>
  input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

/** Fills the whole form correctly (the step headers open each step). */
async function fillValidEnquiry(p: Page, who: { firstName: string; email: string }) {
  await field(p, 'firstName').fill(who.firstName)
  await field(p, 'surname').fill('Schulz')
  await field(p, 'email').fill(who.email)
  await field(p, 'phone').fill('0400 000 000')
  await form(p).getByRole('radio', { name: 'Phone' }).check()
  await nextOf(p, t.steps.contact).click()
  await field(p, 'numOfPeople').waitFor({ state: 'visible' })
  await field(p, 'numOfPeople').fill('2')
}

describe('concierge enquiry', () => {
  test('an editor sets the address and a copy in the Concierge Form panel', async () => {
    const context = await signedInContext(baseUrl)
    const p = await context.newPage()
    await p.goto(baseUrl + '/', { waitUntil: 'load' })
    let panel = await openConciergePanel(p)
    await panel.getByText(t.emailInfo).waitFor()
    // The copies start as one empty entry.
    expect(await panel.getByLabel(t.cc(1), { exact: true }).inputValue()).toBe('')
    // A wrong address is named where it was typed (issue 31), not as one message for the whole form.
    await panel.getByLabel(t.email, { exact: true }).fill('visitor-centre@')
    await panel.getByLabel(t.cc(1), { exact: true }).fill('copies.example.com')
    await panel.getByRole('button', { name: t.save }).click()
    for (const label of [t.email, t.cc(1)]) {
      const input = panel.getByLabel(label, { exact: true })
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
      expect(await descriptionOf(input)).toContain(t.wrongEmail)
    }
    await panel.getByLabel(t.email, { exact: true }).fill(conciergeAddress)
    await panel.getByLabel(t.cc(1), { exact: true }).fill(ccAddress)
    await panel.getByRole('button', { name: t.save }).click()
    await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.conciergeSaved }).first().waitFor()
    await screenshot(p, { path: `${shots}/concierge-panel-1440.png` })

    // Saved on the server: a fresh page shows the saved values.
    await p.reload({ waitUntil: 'load' })
    panel = await openConciergePanel(p)
    expect(await panel.getByLabel(t.email, { exact: true }).inputValue()).toBe(conciergeAddress)
    expect(await panel.getByLabel(t.cc(1), { exact: true }).inputValue()).toBe(ccAddress)
    await publishFormPage(context, baseUrl, `concierge-${run}`)
  })

  test('a visitor meets each validation message, sends the enquiry, and the e-mail arrives with the summary', async () => {
    const p = await visitor()
    await p.goto(`${baseUrl}/concierge-${run}`, { waitUntil: 'load' })
    const send = form(p).getByRole('button', { name: t.send })
    // Enabled once the form is hydrated; expect.poll's default second is short on a busy machine.
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true)

    // The block's heading is written for visitors, not the block's name in the editor ('Concierge Form').
    const heading = p.locator('[data-concierge-form] h2').first()
    expect(await heading.textContent()).toBe(t.heading)
    expect(await p.getByText(t.panelTitle, { exact: true }).count()).toBe(0)

    // Five steps, the first open.
    const titles = Object.values(t.steps)
    for (const [i, title] of titles.entries())
      expect(await stepButton(p, title).getAttribute('aria-expanded')).toBe(i === 0 ? 'true' : 'false')

    // Step 1: the required fields and the e-mail format.
    await nextOf(p, t.steps.contact).click()
    for (const name of ['firstName', 'surname', 'email', 'phone']) expect(await messageOf(p, name)).toBe(t.required)
    // Each field is announced with its label.
    for (const label of [L.firstName, L.surname, L.email, L.phone])
      await form(p).getByRole('textbox', { name: label, exact: true }).waitFor()
    expect(await stepButton(p, t.steps.visit).getAttribute('aria-expanded')).toBe('false')
    // The first wrong field has the focus.
    expect(await p.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName')
    const withErrors = await axe(p)
    expect(withErrors, formatViolations(withErrors)).toEqual([])
    await screenshot(p, { path: `${shots}/concierge-errors-1440.png`, fullPage: true })
    await field(p, 'email').fill('anna@example')
    expect(await messageOf(p, 'email')).toBe(t.wrongEmail)
    await field(p, 'email').fill('')

    // Sending with an invalid step 1 while another step is open: step 1 opens, nothing is sent.
    await stepButton(p, t.steps.comments).click()
    await field(p, 'comments').fill('Is the Whispering Wall worth a detour?')
    await send.click()
    expect(await stepButton(p, t.steps.contact).getAttribute('aria-expanded')).toBe('true')
    expect(await messageOf(p, 'email')).toBe(t.required)
    expect(await form(p).getByRole('status').innerText()).toBe('')

    await fillValidEnquiry(p, { firstName: 'Anna', email: `anna-${run}@example.com` })
    expect(await stepButton(p, t.steps.contact).getAttribute('aria-expanded')).toBe('false')
    expect(await stepButton(p, t.steps.visit).getAttribute('aria-expanded')).toBe('true')

    // Step 2: minimums and the check-in date limits of the chosen month.
    await field(p, 'numOfPeople').fill('0')
    await field(p, 'numOfChildren').fill('-1')
    await field(p, 'monthToVisit').selectOption('February')
    const today = isoDate(new Date())
    const limits = checkInLimits('February', today)
    const date = field(p, 'checkInDate')
    const dmy = (iso: string) => formatDmy(parseDate(iso))
    // A text field typed as DD/MM/YYYY whatever the browser's locale; its hint names the month's limits (issue 31).
    expect(await date.getAttribute('type')).toBe('text')
    const hintOf = async () =>
      (await p.locator(`[id="${(await date.getAttribute('aria-describedby'))!.split(' ')[0]}"]`).innerText()).trim()
    expect(await hintOf()).toBe(t.dateHint(dmy(limits.min), dmy(limits.max!)))
    // An impossible date, and a month-first one, are refused with the format named.
    for (const typed of [`31/02/${limits.max!.slice(0, 4)}`, `02/28/${limits.max!.slice(0, 4)}`]) {
      await date.fill(typed)
      await nextOf(p, t.steps.visit).click()
      expect(await messageOf(p, 'checkInDate')).toBe(t.dateFormat)
    }
    const afterMonth = isoDate(new Date(Number(limits.max!.slice(0, 4)), 2, 5))
    await date.fill(dmy(afterMonth))
    await nextOf(p, t.steps.visit).click()
    expect(await messageOf(p, 'numOfPeople')).toBe(t.minPeople)
    expect(await messageOf(p, 'numOfChildren')).toBe(t.minChildren)
    expect(await messageOf(p, 'checkInDate')).toBe(t.dateRange(formatDmy(parseDate(limits.min)), formatDmy(parseDate(limits.max))))
    // Without a month, tomorrow is the earliest day.
    await field(p, 'monthToVisit').selectOption('')
    expect(await hintOf()).toBe(t.dateHint(dmy(checkInLimits('', today).min), undefined))
    await field(p, 'monthToVisit').selectOption('February')
    await field(p, 'numOfPeople').fill('2')
    await field(p, 'numOfChildren').fill('1')
    await date.fill(dmy(limits.min))
    await field(p, 'duration').fill('3 nights')
    await nextOf(p, t.steps.visit).click()
    for (const name of ['numOfPeople', 'numOfChildren', 'checkInDate']) expect(await messageOf(p, name)).toBe('')

    // Step 3: accommodation, with the 'A$' budget.
    await stepButton(p, t.steps.accommodation).waitFor()
    expect(await stepButton(p, t.steps.accommodation).getAttribute('aria-expanded')).toBe('true')
    await form(p).getByRole('checkbox', { name: 'Twin Beds' }).check()
    await form(p).getByRole('checkbox', { name: 'Bed & Breakfast' }).check()
    await form(p).getByRole('checkbox', { name: 'Cottage / Self-Contained' }).check()
    await form(p).getByRole('checkbox', { name: 'Tanunda' }).check()
    // The 'A$' prefix is shown before the amount and read out with the field.
    await form(p).locator('span[aria-hidden="true"]').filter({ hasText: /^A\$$/ }).waitFor()
    const hint = (await field(p, 'budgetPerNight').getAttribute('aria-describedby'))!.split(' ')[0]!
    expect(await p.locator(`[id="${hint}"]`).textContent()).toBe(t.budgetPrefix)
    await field(p, 'budgetPerNight').fill('-5')
    await nextOf(p, t.steps.accommodation).click()
    expect(await messageOf(p, 'budgetPerNight')).toBe(t.budgetInvalid)
    await field(p, 'budgetPerNight').fill('250')
    await nextOf(p, t.steps.accommodation).click()

    // Step 4: activities and bookings; step 5 ends with 'Done'.
    await form(p).getByRole('group', { name: L.activities }).getByRole('checkbox', { name: 'Golf' }).check()
    await form(p).getByRole('group', { name: L.activities }).getByRole('checkbox', { name: 'Group Wine Tours' }).check()
    await form(p).getByRole('group', { name: L.bookingsToHelp }).getByRole('checkbox', { name: 'Helicopter Ride', exact: true }).check()
    await nextOf(p, t.steps.activities).click()
    expect(await field(p, 'comments').inputValue()).toBe('Is the Whispering Wall worth a detour?')
    await form(p).getByRole('button', { name: t.done }).click()
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe(t.send)

    // A network failure shows the failure text; the visitor can send again.
    await p.route('**/api/conciergeForm/submit', (route) => route.abort('connectionrefused'))
    await send.click()
    await form(p).getByRole('status').filter({ hasText: t.failure }).waitFor()
    await p.unroute('**/api/conciergeForm/submit')
    const sentAfter = Date.now()
    await send.click()
    await form(p).getByRole('status').filter({ hasText: t.success }).waitFor()
    const sent = form(p).getByRole('button', { name: t.sent })
    expect(await sent.isDisabled()).toBe(true)
    // Focus goes to the success message, not the page's body (issue 31).
    await expect.poll(() => p.evaluate(() => document.activeElement?.textContent)).toBe(t.success)
    const done = await axe(p)
    expect(done, formatViolations(done)).toEqual([])

    // The e-mail to the configured address (and its copy) carries the summary.
    const mail = await waitForSavedMail(mailDir, conciergeAddress, sentAfter)
    expect(mail.raw).toMatch(new RegExp(`^To: .*${ccAddress.replace(/\./g, '\\.')}`, 'mi'))
    expect(mail.raw).toMatch(/^Subject: Concierge enquiry from Anna Schulz/m)
    const html = mail.text.replace(/\r?\n/g, '')
    const line = (label: string, value: string) => expect(html).toContain(`<strong>${label}:</strong> ${value}</p>`)
    line(L.firstName, 'Anna')
    line(L.email, `anna-${run}@example.com`)
    line(L.preferredContact, 'Phone')
    line(L.monthToVisit, 'February')
    line(L.checkInDate, formatDmy(parseDate(limits.min)))
    line(L.numOfPeople, '2')
    line(L.celebration, 'N/A')
    line(L.roomTypes, 'Twin Beds')
    line(L.accomTypes, 'Bed &amp; Breakfast, Cottage / Self-Contained')
    line(L.budgetPerNight, 'A$ 250')
    // Lists in the order of the options (Golf was ticked first).
    line(L.activities, 'Group Wine Tours, Golf')
    line(L.bookingsToHelp, 'Helicopter Ride')
    line(L.specialNeeds, 'N/A')
    line(L.comments, 'Is the Whispering Wall worth a detour?')
  })

  test('the form on a phone', async () => {
    const p = await visitor({ width: 375, height: 800 })
    // Requests still open when the page has not finished loading name the culprit in the failure.
    const open = new Set<string>()
    p.on('request', (r) => open.add(r.url()))
    p.on('requestfinished', (r) => open.delete(r.url()))
    p.on('requestfailed', (r) => open.delete(r.url()))
    await p.goto(`${baseUrl}/concierge-${run}`, { waitUntil: 'domcontentloaded' })
    const loaded = await p.waitForLoadState('load', { timeout: 45_000 }).then(
      () => true,
      () => false,
    )
    expect(loaded, `still loading: ${[...open].join(', ')}`).toBe(true)
    await form(p).waitFor()
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(p, { path: `${shots}/concierge-375.png`, fullPage: true })
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])
  })
})

describe('with the mail server down', () => {
  let server: RunningServer | undefined
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
  const account = { username: 'concierge-editor', email: 'concierge-editor@example.com', password: 'concierge-password-1' }

  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  })

  test('an enquiry is stored, shown to editors, and delivered once the mail server is back', async () => {
    const dataDir = await preparedDemoCopy()
    await createEditorCli(account, { DATA_DIR: dataDir, DATABASE_URL: '' })
    const smtpPort = await freePort()
    smtp = await startSmtpServer(smtpPort)
    // The server owns dataDir from here on and removes it when stopped.
    server = await startProductionServer({ env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.25' }, dataDir })
    const site = server.baseUrl
    const context = await signedInContext(site, account)
    const saved = await context.request.post(`${site}/api/conciergeForm/saveConciergeForm`, {
      data: { conciergeForm: { email: 'desk@example.com', ccs: [''] } },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await publishFormPage(context, site, 'enquire')

    // The mail server goes down.
    await smtp.close()
    smtp = undefined

    const p = await visitor()
    await p.goto(`${site}/enquire`, { waitUntil: 'load' })
    await expect.poll(() => form(p).getByRole('button', { name: t.send }).isEnabled(), { timeout: 30_000 }).toBe(true)
    await fillValidEnquiry(p, { firstName: 'Ben', email: 'ben@example.com' })
    await form(p).getByRole('button', { name: t.send }).click()
    // Stored: the visitor is told it was received.
    await form(p).getByRole('status').filter({ hasText: t.success }).waitFor()

    // Editors see it in the Concierge Form panel, waiting to be e-mailed.
    const ep = await context.newPage()
    await ep.goto(site + '/enquire', { waitUntil: 'load' })
    let panel = await openConciergePanel(ep)
    const item = panel.locator('[data-enquiries] li').filter({ hasText: 'Ben Schulz' })
    await item.filter({ hasText: `${t.delivery}: ${t.deliveryStatus.pending}` }).waitFor()
    // Received when, in the site's format and time zone (DD/MM/YYYY HH:MM), whatever the browser's locale.
    const received = item.locator('time')
    expect(await received.innerText()).toBe(formatSiteTime((await received.getAttribute('datetime')) ?? ''))
    expect(await received.innerText()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    await ep.keyboard.press('Escape')

    // The mail server is back on the same port: the retry delivers it.
    smtp = await startSmtpServer(smtpPort)
    const mail = await smtp.waitFor('desk@example.com', 45_000)
    expect(mail.text).toContain('<strong>First Name:</strong> Ben</p>')
    expect(mail.text).toMatch(/^Subject: Concierge enquiry from Ben Schulz/m)

    await ep.reload({ waitUntil: 'load' })
    panel = await openConciergePanel(ep)
    await panel
      .locator('[data-enquiries] li')
      .filter({ hasText: 'Ben Schulz' })
      .filter({ hasText: `${t.delivery}: ${t.deliveryStatus.sent}` })
      .waitFor()
    await item.locator('summary').click()
    await panel.getByText('0400 000 000').waitFor()
    await screenshot(ep, { path: `${shots}/concierge-enquiries-1440.png` })
  })
})
