/**
 * Issue 17 point 5, in real Chromium: Page Settings → History lists each saved and published
 * version (who, when in the site's time); Preview shows a stored version on the real page without
 * touching the draft; from the preview the editor goes back to their draft or restores the version
 * as a new draft, their own later changes staying in the history. Issue 31 point 4: any two versions
 * compared block by block with the changed words marked; restore asks first and names the version.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { PageDoc } from '#lib/content'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const v = editorTexts.versionPreview
const h = editorTexts.pageSettings.history
const run = Date.now().toString(36)
const shots = '/tmp/shots-versions'

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 20_000 })

const pageHeading = (p: Page) => p.locator('main h2').first().textContent()
const bar = (p: Page) => p.getByRole('region', { name: v.label })

async function storedDraft(slug: string): Promise<PageDoc> {
  const response = await session.editor.request.get(`${baseUrl}/api/page/load?slug=${encodeURIComponent(slug)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as PageDoc
}
const storedHeading = async (slug: string) => ((await storedDraft(slug)).contents[0] as { title?: string }).title

const withHeading = (title: string) => [{ componentType: 'SectionHeading', title, subtitle: '' }]

/** Opens Page Settings → History and answers the row of version `n`. */
async function historyRow(p: Page, n: number) {
  await chooseMenuItem(p, editorTexts.menu.pageSettings)
  const settings = p.getByRole('dialog', { name: editorTexts.panels.pageSettings })
  await settings.getByRole('tab', { name: editorTexts.pageSettings.tabs.history }).click()
  const table = settings.locator('[data-page-history]')
  await table.waitFor()
  return table.locator('tbody tr').filter({ has: p.getByRole('button', { name: new RegExp(`^${v.preview} version ${n} `) }) })
}

/** Chooses 'Version n: …' in one of the comparison's two lists. */
async function selectVersion(select: Locator, n: number) {
  const value = await select
    .locator('option')
    .evaluateAll((options, wanted) => (options as HTMLOptionElement[]).find((o) => o.text.startsWith(wanted))?.value, `Version ${n}: `)
  await select.selectOption({ value: value! })
}

beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true })
})

describe('version history (issue 17)', () => {
  test('Preview shows an older version on the page, the draft untouched; back to the draft; restore as a new draft keeps later work in the history', async () => {
    const slug = `e2e-versions-${run}`
    const first = await saveDraftPage(session.editor, {
      slug,
      template: 'generic',
      header: { title: `Versions ${run}` },
      contents: withHeading('Old harbour'),
    })
    await saveDraftPage(session.editor, { ...first, contents: withHeading('New harbour') })

    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    expect(await pageHeading(p)).toBe('New harbour')

    // The list: who and when (DD/MM/YYYY HH:MM in the site's time), newest first.
    const row = await historyRow(p, 1)
    await screenshot(p, { path: `${shots}/history-1440.png` })
    expect(await row.innerText()).toContain(inject('editor').username)
    expect(await row.locator('time').innerText()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    await row.getByRole('button', { name: new RegExp(`^${v.preview} version 1 `) }).click()

    // On the real page, plain (no editing frames), with a bar saying which version it is.
    await bar(p).waitFor()
    await expect.poll(() => pageHeading(p)).toBe('Old harbour')
    expect(await bar(p).innerText()).toContain('Previewing version 1')
    // What restoring would change: the one heading block.
    expect(await bar(p).innerText()).toContain('Restoring it would change 1 block.')
    expect(await p.locator('[data-editor-frame]').count()).toBe(0)
    expect(await storedHeading(slug)).toBe('New harbour')
    await screenshot(p, { path: `${shots}/preview-1440.png` })
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])

    // Back to the draft: as it was.
    await bar(p).getByRole('button', { name: v.back }).click()
    await bar(p).waitFor({ state: 'detached' })
    await expect.poll(() => pageHeading(p)).toBe('New harbour')

    // A preview ends when the editor goes to another page: coming back shows the draft.
    await (await historyRow(p, 1)).getByRole('button', { name: new RegExp(`^${v.preview} version 1 `) }).click()
    await bar(p).waitFor()
    await p.evaluate(() => document.querySelector<HTMLAnchorElement>('main a[href="/"]')?.click())
    await expect.poll(() => new URL(p.url()).pathname).toBe('/')
    await p.goBack()
    await expect.poll(() => pageHeading(p)).toBe('New harbour')
    expect(await bar(p).count()).toBe(0)

    // A change of the editor's own, then version 1 restored from its preview: a new draft.
    await chooseMenuItem(p, editorTexts.menu.select)
    const title = p
      .getByRole('group', { name: editorTexts.blocks.component('Section Heading') })
      .getByRole('textbox', { name: 'Title', exact: true })
    await title.click()
    await p.keyboard.press('End')
    await p.keyboard.type(' at dusk')
    await chooseMenuItem(p, editorTexts.menu.select)
    const again = await historyRow(p, 1)
    await again.getByRole('button', { name: new RegExp(`^${v.preview} version 1 `) }).click()
    await bar(p).getByRole('button', { name: v.restore }).click()
    // Restore asks first, naming the version (issue 31 point 4), and its toast names it too.
    const confirm = p.getByRole('alertdialog', { name: h.restoreTitle(1) })
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain(`Version 1 (save by ${inject('editor').username}, `)
    await confirm.getByRole('button', { name: h.restoreConfirm(1) }).click()
    await p
      .locator('[data-sonner-toast]')
      .filter({ hasText: h.restored(1) })
      .first()
      .waitFor()
    await bar(p).waitFor({ state: 'detached' })
    await expect.poll(() => pageHeading(p)).toBe('Old harbour')
    await expect.poll(() => storedHeading(slug)).toBe('Old harbour')
    // Nothing typed was lost: the change was saved before the restore, and is in the history.
    const versions = (await (await session.editor.request.get(`${baseUrl}/api/page/versions?id=${first._id}`)).json()) as {
      id: number
      version: number
    }[]
    const docs = await Promise.all(
      versions.map(
        async (ver) =>
          (await (await session.editor.request.get(`${baseUrl}/api/page/version?id=${first._id}&versionId=${ver.id}`)).json()) as PageDoc,
      ),
    )
    expect(docs.map((d) => (d.contents[0] as { title?: string }).title)).toContain('New harbour at dusk')
    // The draft is not published by any of this.
    expect((await storedDraft(slug)).published).not.toBe(true)
    await p.close()
  })

  test('any two versions compared block by block, the changed words marked; restore asks first and names the version (issue 31 point 4)', async () => {
    const slug = `e2e-compare-${run}`
    const quote = { componentType: 'Quote', _key: 'q', text: 'The best weekend we had all year.', quotee: 'A visitor' }
    const first = await saveDraftPage(session.editor, {
      slug,
      template: 'generic',
      header: { title: `Compare ${run}` },
      contents: [
        { componentType: 'SectionHeading', _key: 'h', title: 'Old harbour', subtitle: '' },
        { componentType: 'Text', _key: 't', text: 'Cellar doors open at ten every day.' },
        quote,
      ],
    })
    // Version 2: the text changed, the quote gone, an image added.
    const second = await saveDraftPage(session.editor, {
      ...first,
      contents: [
        { componentType: 'SectionHeading', _key: 'h', title: 'Old harbour', subtitle: '' },
        { componentType: 'Text', _key: 't', text: 'Cellar doors open daily at nine.' },
        { componentType: 'Link', _key: 'l', link: { text: 'Plan your visit', href: '/plan' } },
      ],
    })
    // Version 3 (the draft): the heading changed.
    await saveDraftPage(session.editor, {
      ...second,
      contents: [{ ...(second.contents[0] as object), title: 'New harbour' }, ...second.contents.slice(1)],
    })

    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    const row = await historyRow(p, 1)
    await row.getByRole('button', { name: new RegExp(`^${h.compare} version 1 `) }).click()
    const dialog = p.getByRole('dialog', { name: h.compareTitle })
    await dialog.waitFor()
    // Version 1 against version 2 (any two versions).
    await selectVersion(dialog.getByLabel(h.to), 2)
    const blocks = dialog.locator('[data-compare-block]')
    await expect
      .poll(() => blocks.evaluateAll((els) => els.map((el) => el.getAttribute('data-compare-block'))))
      .toEqual(['changed', 'removed', 'added'])
    const changed = blocks.nth(0)
    expect(await changed.innerText()).toContain('Text')
    expect(await changed.innerText()).toContain(h.position(2, 2))
    // Only the words that changed are marked: 'at ten every day.' out, 'daily at nine.' in.
    const marked = async (tag: string) => (await changed.locator(tag).allTextContents()).join(' ')
    expect(await marked('del')).toMatch(/ten.*every.*day\./)
    expect(await marked('del')).not.toContain('Cellar')
    expect(await marked('ins')).toMatch(/daily.*nine\./)
    expect(await marked('ins')).not.toContain('Cellar')
    expect(await blocks.nth(1).innerText()).toContain('Quote')
    expect(await blocks.nth(1).locator('del').first().textContent()).toContain('The best weekend we had all year.')
    expect(await blocks.nth(2).locator('ins').first().textContent()).toContain('Plan your visit')
    expect(await dialog.innerText()).toContain(h.unchangedBlocks(1))
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])
    await p.screenshot({ path: `${shots}/compare-1440.png` })
    // Version 2 against the draft on the page: only the heading's word.
    await selectVersion(dialog.getByLabel(h.from), 2)
    await dialog.getByLabel(h.to).selectOption({ value: 'draft' })
    await expect.poll(() => blocks.evaluateAll((els) => els.map((el) => el.getAttribute('data-compare-block')))).toEqual(['changed'])
    expect(await blocks.nth(0).locator('del').textContent()).toContain('Old')
    expect(await blocks.nth(0).locator('ins').textContent()).toContain('New')
    await p.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Restore from the list: the question names the version; Cancel leaves the draft as it is.
    const settings = p.getByRole('dialog', { name: editorTexts.panels.pageSettings })
    const restoreButton = settings.getByRole('button', { name: new RegExp(`^${h.restore} version 2 `) })
    await restoreButton.click()
    const confirm = p.getByRole('alertdialog', { name: h.restoreTitle(2) })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: editorTexts.cancel }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await storedHeading(slug)).toBe('New harbour')
    await restoreButton.click()
    await confirm.getByRole('button', { name: h.restoreConfirm(2) }).click()
    await p
      .locator('[data-sonner-toast]')
      .filter({ hasText: h.restored(2) })
      .first()
      .waitFor()
    await expect.poll(() => storedHeading(slug)).toBe('Old harbour')
    await p.close()
  })
})
