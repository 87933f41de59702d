/**
 * Issue 17 point 5, in real Chromium: Page Settings → History lists each saved and published
 * version (who, when in the site's time); Preview shows a stored version on the real page without
 * touching the draft; from the preview the editor goes back to their draft or restores the version
 * as a new draft, their own later changes staying in the history.
 */
import fs from 'node:fs'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import type { Page } from 'playwright-core'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'

const baseUrl = inject('baseUrl')
const v = texts.editor.versionPreview
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
  await chooseMenuItem(p, texts.editor.menu.pageSettings)
  const settings = p.getByRole('dialog', { name: texts.editor.panels.pageSettings })
  await settings.getByRole('tab', { name: texts.editor.pageSettings.tabs.history }).click()
  const table = settings.locator('[data-page-history]')
  await table.waitFor()
  return table.locator('tbody tr').filter({ has: p.getByRole('button', { name: new RegExp(`^${v.preview} version ${n} `) }) })
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
    await chooseMenuItem(p, texts.editor.menu.select)
    const title = p
      .getByRole('group', { name: texts.editor.blocks.component('Section Heading') })
      .getByRole('textbox', { name: 'Title', exact: true })
    await title.click()
    await p.keyboard.press('End')
    await p.keyboard.type(' at dusk')
    await chooseMenuItem(p, texts.editor.menu.select)
    const again = await historyRow(p, 1)
    await again.getByRole('button', { name: new RegExp(`^${v.preview} version 1 `) }).click()
    await bar(p).getByRole('button', { name: v.restore }).click()
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
})
