/**
 * Checks before publishing and the publish receipt (issue 34 points 4 and 5) in real Chromium: the
 * Publish panel lists what the checks find on the page (a link to a page that does not exist,
 * headings out of order), each leading to its block; a check an admin made blocking disables
 * Publish Page with the reason; after a publish the receipt says where the page is live and how fast.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { texts } from '#lib/texts'
import { editorTexts } from '#lib/editor-texts'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import {
  chooseMenuItem,
  openEditorSession,
  publishPage,
  saveDraftPage,
  signInColleague,
  type Colleague,
} from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const run = Date.now().toString(36)
const session = openEditorSession({ viewport: { width: 1280, height: 900 }, timeoutMs: 30_000 })
const c = editorTexts.publishChecks
const r = editorTexts.publishReceipt
const target = `pc-target-${run}`
const linking = `pc-linking-${run}`
const missing = `/pc-missing-${run}`
let admin: Colleague

const linkList = (...hrefs: string[]) => ({
  componentType: 'LinkList',
  title: 'See also',
  items: hrefs.map((href) => ({ type: 'page', href, text: `Go to ${href}` })),
})

async function setBlocking(checks: string[]) {
  const base = laneBaseUrl()
  const settings = await (await admin.context.request.get(`${base}/api/siteSettings/loadSiteSettings`)).json()
  const res = await admin.context.request.post(`${base}/api/siteSettings/publishSiteSettings`, {
    data: { siteSettings: { ...settings, publishChecks: checks } },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function openPublishPanel(p: Page) {
  await chooseMenuItem(p, editorTexts.menu.publishPage)
  const panel = p.getByRole('dialog', { name: editorTexts.panels.publishPage })
  await panel.waitFor()
  return panel
}

beforeAll(async () => {
  admin = await signInColleague(session, `pc-admin-${run}`, { role: 'admin' })
  // The target, then a published page linking to it and to a page that does not exist, with a level 4 heading after a level 2.
  const saved = await saveDraftPage(session.editor, { slug: target, template: 'generic', header: { title: `Target ${run}` } })
  await publishPage(session.editor, saved)
  const page = await saveDraftPage(session.editor, {
    slug: linking,
    template: 'generic',
    header: { title: `Linking ${run}` },
    contents: [linkList(`/${target}`, missing), { componentType: 'RichText', html: '<h2>Plan</h2><h4>Details</h4><p>Text.</p>' }],
  })
  await publishPage(session.editor, page)
})

afterAll(async () => {
  // The lane's server is shared with the files after this one: nothing stays blocking.
  if (admin) await setBlocking([])
})

test('the Publish panel lists what the checks find, each leading to its block', async () => {
  const p = await session.editor.newPage()
  await p.goto(`${laneBaseUrl()}/${linking}`, { waitUntil: 'load' })
  const panel = await openPublishPanel(p)
  const checks = panel.locator('[data-publish-checks]')
  await checks
    .getByRole('status')
    .filter({ hasText: c.found(2) })
    .waitFor()
  const link = checks.locator('[data-check="link-missing"]')
  expect(await link.innerText()).toContain(c.checks['link-missing'].message(missing))
  const headings = checks.locator('[data-check="heading-order"]')
  expect(await headings.innerText()).toContain(c.checks['heading-order'].message(2, 4))
  // It is in the rich text, the page's second block.
  await headings.getByRole('button', { name: c.show }).waitFor()
  await checks.getByText(c.warningsNote).waitFor()
  // Warnings do not block.
  expect(await panel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).isEnabled()).toBe(true)
  const violations = await axe(p)
  expect(violations, formatViolations(violations)).toEqual([])
  await screenshot(p, { path: '/tmp/shots-hd/publish-checks-1280.png' })

  // "Show the block": Select Component, with the link list selected and focused.
  await link.getByRole('button', { name: c.show }).click()
  const frame = p.locator('main [data-block-path="contents.0"]')
  await expect.poll(() => frame.getAttribute('data-selected')).toBe('true')
  await expect.poll(() => frame.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await p.close()
})

test('a check an admin made blocking disables Publish Page, with the reason; the server refuses it too', async () => {
  await setBlocking(['link-missing'])
  try {
    const p = await session.editor.newPage()
    await p.goto(`${laneBaseUrl()}/${linking}`, { waitUntil: 'load' })
    const panel = await openPublishPanel(p)
    const note = panel.getByText(c.blockingNote(1))
    await note.waitFor()
    const publish = panel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true })
    await expect.poll(() => publish.isDisabled()).toBe(true)
    const describedBy = await publish.getAttribute('aria-describedby')
    expect(await p.locator(`[id="${describedBy}"]`).innerText()).toBe(c.blockingNote(1))
    expect(await panel.locator('[data-check="link-missing"]').innerText()).toContain(`(${c.blocks})`)
    // An API client gets the same answer.
    const doc = await (await session.editor.request.get(`${laneBaseUrl()}/api/page/load?slug=${linking}`)).json()
    const refused = await session.editor.request.post(`${laneBaseUrl()}/api/page/publishPage`, { data: { page: doc } })
    expect(refused.status()).toBe(400)
    expect((await refused.json()).error.details[0]).toMatchObject({ code: 'link-missing', href: missing })
    await p.close()
  } finally {
    await setBlocking([])
  }
})

test('after a publish the receipt says where the page is live and how fast', async () => {
  const p = await session.editor.newPage()
  await p.goto(`${laneBaseUrl()}/${target}`, { waitUntil: 'load' })
  const panel = await openPublishPanel(p)
  await panel.locator('[data-publish-checks]').getByRole('status').filter({ hasText: c.none }).waitFor()
  await panel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).click()
  await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pagePublished }).first().waitFor()
  const receipt = panel.locator('[data-publish-receipt]')
  const status = receipt.getByRole('status')
  await status.filter({ hasText: /^Live on 4 addresses in \d+\.\d s$/ }).waitFor()
  const links = await receipt.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')))
  expect(links).toEqual([`/${target}`, `/${linking}`, '/search', '/sitemap.xml'])
  expect(await receipt.innerText()).toContain(r.kinds.shows)
  await screenshot(p, { path: '/tmp/shots-hd/publish-receipt-1280.png' })
  const violations = await axe(p)
  expect(violations, formatViolations(violations)).toEqual([])
  await p.close()
})
