/**
 * Issue 17 points 6, 8 and 9 in Chromium. Scheduled publishing: an editor schedules a page's
 * publish a minute ahead in Publish Page (Adelaide time); the menu's Publish Page item and the
 * dashboard say so; the page goes live for visitors while the test waits (at its due time: a job
 * queued with the schedule, not the 15 s tick), and an unpublish scheduled for the same minute takes
 * another page off. Who else
 * is here: two editors (two browser contexts, two accounts) on one page see each other with since
 * when; when one saves, the other's save of the same field is refused, nothing stored over it
 * (the conflict dialog asks, issue 31), and an editor without edits gets the newer draft by itself,
 * told who changed what. Screenshots go to SHOTS_DIR (default /tmp/shots-e).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, test, vi } from 'vitest'
import { instantToSiteLocal, presenceTexts, scheduleTexts as st } from '#lib/schedule'
import { formatDmy, parseDate } from '#lib/dates'
import { formatSiteTime } from '#lib/team'
import { texts } from '#lib/texts'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, publishPage, saveDraftPage } from '../helpers/editor-session.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(300_000) })

const baseUrl = laneBaseUrl()
const mailDir = laneMailDir()
const shotsDir = process.env.SHOTS_DIR || '/tmp/shots-e'
const run = Date.now().toString(36)
const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 20_000 })

const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()

/** The start of the next minute that is at least `leadMs` away (the field takes minutes). */
const nextMinute = (leadMs: number) => new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000)

const visitorStatus = async (slug: string) => (await session.visitor.request.get(`${baseUrl}/${slug}`)).status()

async function schedule(p: Page, action: 'publish' | 'unpublish', due: Date) {
  const section = p.getByRole('dialog', { name: editorTexts.panels.publishPage }).locator('[data-schedule]')
  await section.getByLabel(st.actionLabel).selectOption(action)
  // Typed as the site writes dates (DD/MM/YYYY, 24-hour time), read back with its weekday.
  const local = instantToSiteLocal(due)
  await section.getByLabel(editorTexts.schedule.date, { exact: true }).fill(formatDmy(parseDate(local)))
  await section.getByLabel(editorTexts.schedule.time, { exact: true }).fill(local.slice(11, 16))
  await section
    .locator('[data-schedule-reading]')
    .filter({ hasText: `${formatSiteTime(due.toISOString())} Adelaide time` })
    .waitFor()
  await section.getByRole('button', { name: action === 'publish' ? st.schedulePublish : st.scheduleUnpublish }).click()
  const when = formatSiteTime(due.toISOString())
  await toast(p, action === 'publish' ? st.publishScheduled(when) : st.unpublishScheduled(when))
  return { section, when }
}

describe('scheduled publishing (issue 17 point 6)', () => {
  test('a publish scheduled a minute ahead goes live while the test waits, shown on the menu and the dashboard; a scheduled unpublish takes a page off', async () => {
    fs.mkdirSync(shotsDir, { recursive: true })
    const slug = `e2e-scheduled-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Goes live ${run}` } })
    // A published page whose unpublish is scheduled for the same minute: one wait for both.
    const offSlug = `e2e-scheduled-off-${run}`
    const offPage = await saveDraftPage(session.editor, { slug: offSlug, template: 'generic', header: { title: `Goes off ${run}` } })
    await publishPage(session.editor, offPage)
    expect(await visitorStatus(offSlug)).toBe(200)
    const openPublishPanel = async (pageSlug: string) => {
      const tab = await session.editor.newPage()
      await tab.goto(`${baseUrl}/${pageSlug}`, { waitUntil: 'load' })
      await editorMenu(tab).waitFor()
      await chooseMenuItem(tab, editorTexts.menu.publishPage)
      return tab
    }
    const pOff = await openPublishPanel(offSlug)
    const p = await openPublishPanel(slug)

    // Both panels are open: the minute chosen leaves time for both to be scheduled before it.
    const due = nextMinute(25_000)
    const off = await schedule(pOff, 'unpublish', due)
    await editorMenu(pOff)
      .locator('[data-publish-schedule-note]')
      .filter({ hasText: st.menuNote('unpublish', off.when) })
      .waitFor()
    const { section, when } = await schedule(p, 'publish', due)
    await section.locator('[data-pending-schedule="publish"]').getByText(st.publishScheduled(when)).waitFor()
    // The menu's Publish Page item says when, and is still called Publish Page.
    await editorMenu(p)
      .locator('[data-publish-schedule-note]')
      .filter({ hasText: st.menuNote('publish', when) })
      .waitFor()
    await editorMenu(p).getByRole('button', { name: editorTexts.menu.publishPage, exact: true }).waitFor()
    await screenshot(p, { path: path.join(shotsDir, 'schedule-panel.png') })
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])

    // The dashboard's overview lists it.
    await p.keyboard.press('Escape')
    await chooseMenuItem(p, editorTexts.menu.dashboard)
    const listed = p.locator(`[data-scheduled-page="${slug}"][data-scheduled-action="publish"]`)
    await listed.waitFor()
    expect(await listed.textContent()).toContain(when)
    await screenshot(p, { path: path.join(shotsDir, 'dashboard-scheduled.png') })
    await p.keyboard.press('Escape')

    // Visitors do not see it until it is due; then it goes live by itself, and the other page
    // goes off by itself.
    expect(await visitorStatus(slug)).toBe(404)
    expect(await visitorStatus(offSlug)).toBe(200)
    await expect.poll(() => visitorStatus(slug), { timeout: 120_000, interval: 1000 }).toBe(200)
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime())
    await expect.poll(() => visitorStatus(offSlug), { timeout: 20_000, interval: 1000 }).toBe(404)
    // The editor's menu follows: the note is gone.
    await expect.poll(() => editorMenu(p).locator('[data-publish-schedule-note]').count(), { timeout: 20_000 }).toBe(0)
    await p.close()
    await pOff.close()
  })
})

describe('who else is here (issue 17 point 8)', () => {
  let colleague: BrowserContext

  async function inviteColleague() {
    const person = { username: `sam-${run}`, email: `sam-${run}@example.com`, password: 'harvest-2026-sam' }
    const sentAfter = Date.now()
    const invited = await session.editor.request.post(`${baseUrl}/api/team/invite`, {
      data: { username: person.username, email: person.email, role: 'publisher' },
    })
    expect(invited.status(), await invited.text()).toBe(200)
    const mail = await waitForSavedMail(mailDir, person.email, sentAfter)
    const token = /\?token=([\w-]+)/.exec(mail.text)![1]!
    const set = await session.editor.request.post(`${baseUrl}/api/user/setPassword`, {
      data: { email: person.email, password: person.password, token },
    })
    expect(set.status()).toBe(200)
    colleague = await session.browser.newContext({ viewport: { width: 1440, height: 900 } })
    colleague.setDefaultTimeout(20_000)
    const login = await colleague.request.post(`${baseUrl}/api/user/login`, {
      data: { username: person.username, password: person.password },
    })
    expect(login.status()).toBe(200)
    return person
  }

  const heading = (p: Page) =>
    p.getByRole('group', { name: editorTexts.blocks.component('Section Heading') }).getByRole('textbox', { name: 'Title', exact: true })

  async function openEditing(context: BrowserContext, slug: string) {
    const p = await context.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, editorTexts.menu.select)
    await heading(p).waitFor()
    return p
  }

  test('two editors see each other; a colleague’s newer draft is never saved over, and reaches an editor without edits', async () => {
    fs.mkdirSync(shotsDir, { recursive: true })
    const sam = await inviteColleague()
    const me = inject('editor').username
    const slug = `e2e-presence-${run}`
    await saveDraftPage(session.editor, {
      slug,
      template: 'generic',
      header: { title: `Presence ${run}` },
      contents: [{ componentType: 'SectionHeading', title: 'Harvest festival', subtitle: '' }],
    })
    const mine = await openEditing(session.editor, slug)
    const theirs = await openEditing(colleague, slug)

    // Each sees the other, with since when (the site's clock).
    const presence = (p: Page, who: string) => p.locator('[data-presence]').locator(`[data-present-editor="${who}"]`)
    await presence(mine, sam.username).waitFor()
    await presence(theirs, me).waitFor()
    expect(await mine.locator('[data-presence]').textContent()).toMatch(
      new RegExp(`${presenceTexts.alsoHere}.*${sam.username} \\(since \\d\\d:\\d\\d\\)`),
    )

    // Sam edits; meanwhile I edit the same heading and save at once. Sam's save is merged with mine
    // on the server: the heading both changed is refused, nothing is stored over mine, and Sam is asked.
    await heading(theirs).click()
    await theirs.keyboard.press('End')
    await theirs.keyboard.type(' (Sam)')
    await heading(mine).click()
    await mine.keyboard.press('End')
    await mine.keyboard.type(' (mine)')
    await chooseMenuItem(mine, editorTexts.menu.savePage)
    await toast(mine, texts.toasts.pageSaved)

    const conflict = theirs.getByRole('alertdialog', { name: editorTexts.conflict.title })
    await conflict.waitFor({ timeout: 20_000 })
    expect(await conflict.textContent()).toContain(`This page was saved by ${me} at`)
    // The status line follows the dialog (it may still read 'Saving…' for a moment).
    await expect.poll(() => theirs.locator('[data-autosave-status]').textContent()).toBe(editorTexts.autosave.conflict)
    const storedTitle = async () =>
      ((await (await session.editor.request.get(`${baseUrl}/api/page/load?slug=${slug}`)).json()) as { contents: { title: string }[] })
        .contents[0]!.title
    expect(await storedTitle()).toBe('Harvest festival (mine)')
    await screenshot(theirs, { path: path.join(shotsDir, 'presence-newer-draft.png') })
    const violations = await axe(theirs)
    expect(violations, formatViolations(violations)).toEqual([])

    // Keep editing: nothing is stored; Save Page asks again; reload their version: mine is shown.
    await conflict.getByRole('button', { name: editorTexts.conflict.keepEditing }).click()
    await chooseMenuItem(theirs, editorTexts.menu.savePage)
    await conflict.waitFor()
    expect(await storedTitle()).toBe('Harvest festival (mine)')
    await conflict.getByRole('button', { name: editorTexts.conflict.reload }).click()
    await conflict.waitFor({ state: 'detached' })
    // (Save Page left edit mode: the heading is read on the page.)
    await theirs.getByText('Harvest festival (mine)', { exact: true }).waitFor()

    // Sam, now without edits, gets my next save by itself, and is told who changed what.
    await chooseMenuItem(mine, editorTexts.menu.select)
    await heading(mine).click()
    await mine.keyboard.press('End')
    await mine.keyboard.type(' again')
    await chooseMenuItem(mine, editorTexts.menu.savePage)
    await toast(mine, texts.toasts.pageSaved)
    await theirs.getByText('Harvest festival (mine) again', { exact: true }).waitFor()
    await toast(
      theirs,
      editorTexts.merge.changed(
        [me],
        [editorTexts.merge.ofBlock(editorTexts.merge.field('title'), editorTexts.merge.block('Section heading', 1))],
      ),
    )
    await screenshot(mine, { path: path.join(shotsDir, 'presence-also-here.png') })

    // Sam leaves the page: I no longer see them.
    await theirs.close()
    await expect.poll(() => mine.locator('[data-presence]').count(), { timeout: 45_000 }).toBe(0)
    await mine.close()
    await colleague.close()
  })
})
