/**
 * Issue 17 point 4, in real Chromium: the page's draft saves itself a few seconds after the last
 * change, with its status in the editor's chrome ("Saving…", "Draft saved 14:32" in the site's
 * time, "Offline: changes kept in this browser"); an offline period loses nothing (kept in this
 * browser, saved when back online, offered back after a reload); someone else's newer save opens
 * the conflict dialog; Save Page saves with one click. Publishing stays explicit.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const a = editorTexts.autosave
const run = Date.now().toString(36)

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 20_000 })

const draftStatus = (p: Page) => p.getByRole('status', { name: a.label })
const heading = (p: Page) =>
  p.getByRole('group', { name: editorTexts.blocks.component('Section Heading') }).getByRole('textbox', { name: 'Title', exact: true })

async function storedDraft(slug: string): Promise<PageDoc> {
  const response = await session.editor.request.get(`${baseUrl}/api/page/load?slug=${encodeURIComponent(slug)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as PageDoc
}

const storedHeading = async (slug: string) => ((await storedDraft(slug)).contents[0] as { title?: string }).title

/** A draft page with one Section Heading, opened in editing mode. */
async function openEditing(slug: string, title: string): Promise<Page> {
  await saveDraftPage(session.editor, {
    slug,
    template: 'generic',
    header: { title: `Autosave ${run}` },
    contents: [{ componentType: 'SectionHeading', title, subtitle: '' }],
  })
  const p = await session.editor.newPage()
  await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, editorTexts.menu.select)
  await heading(p).waitFor()
  return p
}

async function typeAtEnd(p: Page, text: string) {
  await heading(p).click()
  await p.keyboard.press('End')
  await p.keyboard.type(text)
}

/** Waits for "Draft saved HH:MM" and answers the time shown. */
async function waitForSaved(p: Page): Promise<string> {
  await expect.poll(() => draftStatus(p).textContent(), { timeout: 20_000, interval: 200 }).toMatch(/^Draft saved \d\d:\d\d$/)
  return ((await draftStatus(p).textContent()) ?? '').replace('Draft saved ', '')
}

/** "14:32" on the site's clock (Adelaide, 24-hour). */
const siteClock = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Adelaide', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  )

const toasts = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text })

describe('autosave of drafts (issue 17)', () => {
  test('a change is saved by itself a few seconds later, shown as "Draft saved HH:MM" in the site time; a reload shows it', async () => {
    const slug = `e2e-autosave-${run}`
    const p = await openEditing(slug, 'Cellar doors')
    await typeAtEnd(p, ' open late')
    expect(await draftStatus(p).textContent()).toBe(a.unsaved)

    const shown = await waitForSaved(p)
    const stored = await storedDraft(slug)
    expect((stored.contents[0] as { title?: string }).title).toBe('Cellar doors open late')
    // The time is the save's, on the site's clock (Adelaide, 24-hour).
    expect(shown).toBe(siteClock(String(stored.updatedAt)))
    // Saved quietly: the spec's 'Page Saved' toast is for Save Page.
    expect(await toasts(p, texts.toasts.pageSaved).count()).toBe(0)
    // Nothing unsaved is left, so leaving asks nothing; the draft is what the reload shows.
    await p.reload({ waitUntil: 'load' })
    await editorMenu(p).waitFor()
    expect(await p.locator('main h2').first().textContent()).toBe('Cellar doors open late')
    // Publishing stays explicit: the page is still a draft, unseen by visitors.
    expect(stored.published).not.toBe(true)
    const visitor = await session.visitor.newPage()
    const response = await visitor.goto(`${baseUrl}/${slug}`)
    expect(response?.status()).toBe(404)
    await visitor.close()
    await p.close()
  })

  test('offline: the status says the changes are kept in this browser; back online they are saved', async () => {
    const slug = `e2e-autosave-offline-${run}`
    const p = await openEditing(slug, 'Harvest lunch')
    await p.context().setOffline(true)
    try {
      await typeAtEnd(p, ' by the creek')
      await expect.poll(() => draftStatus(p).textContent(), { timeout: 20_000, interval: 200 }).toBe(a.offline)
      // Kept in this browser meanwhile.
      const kept = await p.evaluate((key) => window.localStorage.getItem(key), `editor-unsaved:pages:${(await storedDraft(slug))._id}`)
      expect(kept).toContain('Harvest lunch by the creek')
      // The editor's chrome passes axe with the offline status showing.
      const violations = await axe(p)
      expect(violations, formatViolations(violations)).toEqual([])
    } finally {
      await p.context().setOffline(false)
    }
    await waitForSaved(p)
    expect(await storedHeading(slug)).toBe('Harvest lunch by the creek')
    await p.close()
  })

  test('changes kept in this browser are offered back after a reload, and saved when restored', async () => {
    const slug = `e2e-autosave-restore-${run}`
    const p = await openEditing(slug, 'Picnic hampers')
    // The server cannot be reached for saves (the page itself still loads).
    await p.route('**/api/page/save', (route) => route.abort('internetdisconnected'))
    await typeAtEnd(p, ' for two')
    await expect.poll(() => draftStatus(p).textContent(), { timeout: 20_000, interval: 200 }).toBe(a.offline)

    // Leaving with unsaved changes still asks first (the browser's own prompt).
    const asked: string[] = []
    p.on('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.accept()
    })
    await p.reload({ waitUntil: 'load' })
    expect(asked).toContain('beforeunload')
    expect(await storedHeading(slug)).toBe('Picnic hampers')

    const prompt = p.getByRole('alertdialog', { name: a.restoreTitle })
    await prompt.waitFor()
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])
    await p.unroute('**/api/page/save')
    await prompt.getByRole('button', { name: a.restore, exact: true }).click()
    await prompt.waitFor({ state: 'detached' })
    await expect.poll(() => p.locator('main h2').first().textContent()).toBe('Picnic hampers for two')
    await waitForSaved(p)
    expect(await storedHeading(slug)).toBe('Picnic hampers for two')

    // Saved: nothing is offered after another reload.
    await p.reload({ waitUntil: 'load' })
    await editorMenu(p).waitFor()
    expect(await p.locator('main h2').first().textContent()).toBe('Picnic hampers for two')
    expect(await p.getByRole('alertdialog').count()).toBe(0)
    await p.close()
  })

  test('someone else saved meanwhile: the autosave opens the conflict dialog, and nothing is overwritten unasked', async () => {
    const slug = `e2e-autosave-conflict-${run}`
    const p = await openEditing(slug, 'Market day')
    // A colleague saves a newer version.
    const stored = await storedDraft(slug)
    await saveDraftPage(session.editor, { ...stored, contents: [{ componentType: 'SectionHeading', title: 'Theirs', subtitle: '' }] })

    await typeAtEnd(p, ' (mine)')
    const conflict = p.getByRole('alertdialog', { name: editorTexts.conflict.title })
    await conflict.waitFor({ timeout: 20_000 })
    // By selector: the open dialog hides the rest of the page from the accessibility tree.
    expect(await p.locator('[data-autosave-status]').textContent()).toBe(a.conflict)
    expect(await storedHeading(slug)).toBe('Theirs')
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])

    // The one field both changed, mine kept.
    await conflict.getByRole('button', { name: editorTexts.merge.dialog.saveChoices }).click()
    await conflict.waitFor({ state: 'detached' })
    await waitForSaved(p)
    expect(await storedHeading(slug)).toBe('Market day (mine)')
    await p.close()
  })

  test('Save Page saves at once with one click, with the spec toast, and shows the page status beside it', async () => {
    const slug = `e2e-autosave-savepage-${run}`
    const p = await openEditing(slug, 'Wine trail')
    await typeAtEnd(p, ' map')
    await chooseMenuItem(p, editorTexts.menu.savePage)
    await toasts(p, texts.toasts.pageSaved).first().waitFor()
    expect(await storedHeading(slug)).toBe('Wine trail map')
    const panel = p.getByRole('dialog', { name: editorTexts.panels.savePage })
    await panel.getByText(editorTexts.pagePanel.allSaved).waitFor()
    expect(await draftStatus(p).textContent()).toMatch(/^Draft saved \d\d:\d\d$/)
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])
    await p.close()
  })
})
