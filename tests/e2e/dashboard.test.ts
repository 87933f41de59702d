/**
 * Issue 17 point 9 in Chromium: the dashboard opens on its overview, which lists a page whose
 * draft was never published with a link that opens it, the recent enquiries and the last listing
 * sync (the demo's start-up import); axe-clean. The stale-content radar (issue 34 point 6) lists a
 * published page's broken link and opens the page with that block selected. A screenshot at 1440 px goes to SHOTS_DIR
 * (default /tmp/shots-d) to be looked at.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { dashboardTexts } from '#lib/dashboard'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, publishPage, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { radarTexts } from '#lib/radar'

const baseUrl = laneBaseUrl()
const shotsDir = process.env.SHOTS_DIR || '/tmp/shots-d'
const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 30_000 })
const stamp = Date.now().toString(36)
const slug = `dashboard-e2e-${stamp}`
const title = `Vintage walk ${stamp}`

test('the overview lists a page with unpublished changes and opens it; enquiries and the last sync are shown', async () => {
  fs.mkdirSync(shotsDir, { recursive: true })
  await saveDraftPage(session.editor, { slug, template: 'generic', header: { title } })
  // A visitor's enquiry through the concierge form's API.
  const enquiry = await session.visitor.request.post(`${baseUrl}/api/conciergeForm/submit`, {
    data: {
      data: {
        firstName: 'Dana',
        surname: `Visitor ${stamp}`,
        email: `dana-${stamp}@example.com`,
        phone: '0400 000 000',
        preferredContact: 'Email',
        numOfPeople: 2,
        numOfChildren: 0,
        activities: ['Golf'],
        budgetPerNight: 250,
        comments: '',
      },
    },
  })
  expect(enquiry.status(), await enquiry.text()).toBe(200)

  const page = await session.editor.newPage()
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  await editorMenu(page).waitFor()
  await chooseMenuItem(page, editorTexts.menu.dashboard)
  const dialog = page.getByRole('dialog', { name: new RegExp(editorTexts.dashboard.title) })
  await dialog.waitFor()
  // The overview is the tab the dashboard opens on.
  await expect.poll(() => dialog.getByRole('tab', { name: dashboardTexts.tab }).getAttribute('aria-selected')).toBe('true')

  const pages = dialog.getByRole('region', { name: dashboardTexts.pagesHeading })
  const link = pages.getByRole('link', { name: new RegExp(title) })
  await link.waitFor()
  expect(await pages.locator(`[data-unpublished-page="${slug}"]`).innerText()).toContain(dashboardTexts.neverPublished)

  const enquiries = dialog.getByRole('region', { name: dashboardTexts.enquiriesHeading })
  await enquiries.getByRole('cell', { name: `Dana Visitor ${stamp}` }).waitFor()
  // Received in the site's time zone, DD/MM/YYYY HH:MM.
  expect(await enquiries.locator('tbody tr').first().locator('time').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)

  const sync = dialog.getByRole('region', { name: dashboardTexts.syncHeading })
  await sync.locator('[data-last-sync]').waitFor()
  const syncText = await sync.innerText()
  expect(syncText).toContain(dashboardTexts.syncStatus.ok)
  // The last run the server recorded: the demo's first import (full), or a later run another test
  // file started on this lane's server (changes only).
  const overview = await session.editor.request.get(`${baseUrl}/api/dashboard/overview`)
  const lastSync = ((await overview.json()) as { lastSync: { mode: string; counts: Record<string, number> | null } }).lastSync
  expect(['full', 'delta']).toContain(lastSync.mode)
  expect(syncText).toContain(dashboardTexts.syncMode[lastSync.mode])
  expect(syncText).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  if (lastSync.mode === 'full') expect(syncText).toContain(dashboardTexts.syncCounts.created)

  await screenshot(page, { path: path.join(shotsDir, 'dashboard-overview-1440.png') })
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])

  // The link opens the page, showing its draft to the editor.
  await link.click()
  await page.waitForURL(`${baseUrl}/${slug}`)
  await page.getByRole('heading', { name: title }).first().waitFor()
  await page.close()
})

test('the radar lists a published page that links to a page that is gone, and opens that page with the block selected', async () => {
  const radarSlug = `radar-e2e-${stamp}`
  const gone = `/no-such-page-${stamp}`
  const draft = await saveDraftPage(session.editor, {
    slug: radarSlug,
    template: 'generic',
    header: { title: `Radar ${stamp}` },
    contents: [
      { componentType: 'RichText', html: '<p>Nothing stale here.</p>' },
      { componentType: 'LinkList', items: [{ type: 'page', href: gone, text: 'Gone' }] },
    ],
  })
  await publishPage(session.editor, draft)

  // The radar runs as a job a moment after the publish; the dashboard only reads what it found.
  await expect
    .poll(
      async () => {
        const answer = await session.editor.request.get(`${baseUrl}/api/dashboard/overview`)
        const { stale } = (await answer.json()) as { stale: { findings: { href: string }[] } }
        return stale.findings.some((f) => f.href === gone)
      },
      { timeout: 30_000 },
    )
    .toBe(true)

  const page = await session.editor.newPage()
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  await editorMenu(page).waitFor()
  await chooseMenuItem(page, editorTexts.menu.dashboard)
  const dialog = page.getByRole('dialog', { name: new RegExp(editorTexts.dashboard.title) })
  const finding = () => dialog.getByRole('region', { name: new RegExp(radarTexts.heading) }).locator(`[data-stale-href="${gone}"]`)
  await finding().waitFor()
  expect(await finding().getAttribute('data-stale-finding')).toBe('link-missing')
  expect(await finding().innerText()).toContain(editorTexts.publishChecks.checks['link-missing'].label)
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])

  await finding()
    .getByRole('link', { name: new RegExp(`Radar ${stamp}`) })
    .click()
  await page.waitForURL(`${baseUrl}/${radarSlug}`)
  // The block the link is in is selected, its frame focused, and the address no longer asks for it.
  const frame = page.locator('[data-block-path="contents.1"]')
  await expect.poll(() => frame.getAttribute('data-selected')).toBe('true')
  await page.close()
})
