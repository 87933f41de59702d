/**
 * Issue 31 point 1 in Chromium, two editors in two browser contexts (two accounts) on one page:
 * Maria changes the heading, Lee the description; neither change is lost, each is told what the
 * other changed, Lee's undo steps back his own edit only. Both change the heading: Lee's dialog
 * names the field with both values and he chooses per field; after 'Reload their version' the
 * status no longer says the page is not saved.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { texts } from '#lib/texts'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage, signInColleague, type Colleague } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(90_000) })

const baseUrl = laneBaseUrl()
const maria = inject('editor').username
const run = Date.now().toString(36)
const session = openEditorSession({ viewport: { width: 1280, height: 900 } })
const m = editorTexts.merge
let lee: Colleague

beforeAll(async () => {
  lee = await signInColleague(session, 'lee')
})
afterAll(async () => {
  await lee?.context.close()
})

const heading = (p: Page) => p.getByRole('textbox', { name: 'Title', exact: true })
const description = (p: Page) => p.getByRole('textbox', { name: 'Description', exact: true })
const status = (p: Page) => p.locator('[data-autosave-status]')
const shotsDir = process.env.SHOTS_DIR || '/tmp/shots-e'

/** The screen at a phone's width and at a desktop's (for a person to look at; not compared). */
async function screenshots(p: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true })
  const size = p.viewportSize()
  for (const width of [375, 1440]) {
    await p.setViewportSize({ width, height: 900 })
    await screenshot(p, { path: path.join(shotsDir, `${name}-${width}.png`) })
  }
  if (size) await p.setViewportSize(size)
}
const toastWith = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first()

async function openEditing(p: Page, slug: string) {
  await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, editorTexts.menu.select)
  await heading(p).waitFor()
  return p
}

async function typeAtEnd(p: Page, field: ReturnType<typeof heading>, text: string) {
  await field.click()
  await p.keyboard.press('End')
  await p.keyboard.type(text)
}

async function stored(slug: string) {
  const res = await session.editor.request.get(`${baseUrl}/api/page/load?slug=${slug}`)
  return (await res.json()) as { version: number; header: { title: string; description: string } }
}

describe('two editors on one page (issue 31 point 1)', () => {
  test('different fields merge: nothing is lost, each is told what the other changed, undo keeps the colleague’s change', async () => {
    const slug = `e2e-merge-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: 'Harvest', description: 'Grapes' }, contents: [] })
    const mine = await openEditing(await session.editor.newPage(), slug)
    const his = await openEditing(await lee.context.newPage(), slug)

    // Maria changes the heading and saves at once.
    await typeAtEnd(mine, heading(mine), ' festival')
    await chooseMenuItem(mine, editorTexts.menu.savePage)
    await toastWith(mine, texts.toasts.pageSaved).waitFor()
    await chooseMenuItem(mine, editorTexts.menu.select)

    // Lee, who loaded the older version, changes the description: his save is merged with hers.
    await typeAtEnd(his, description(his), ' and wine')
    await toastWith(his, m.changed([maria], [m.fields.title!])).waitFor({ timeout: 20_000 })
    expect(await toastWith(his, m.changed([maria], [m.fields.title!])).textContent()).toContain(m.yoursKept)
    await expect.poll(() => heading(his).textContent()).toBe('Harvest festival')
    expect(await description(his).textContent()).toBe('Grapes and wine')
    await expect.poll(async () => (await stored(slug)).header).toMatchObject({ title: 'Harvest festival', description: 'Grapes and wine' })
    await expect.poll(() => status(his).textContent()).toMatch(/^Draft saved \d\d:\d\d$/)

    // Maria's open page takes Lee's change in by itself and tells her who changed what.
    await toastWith(mine, m.changed([lee.username], [m.fields.description!])).waitFor({ timeout: 20_000 })
    await expect.poll(() => description(mine).textContent()).toBe('Grapes and wine')
    await screenshots(mine, 'merge-toast')
    expect(await heading(mine).textContent()).toBe('Harvest festival')

    // Lee's undo steps back his own typing; Maria's heading stays. Redo brings his back.
    await his.getByRole('toolbar', { name: editorTexts.history.label }).getByRole('button', { name: editorTexts.blocks.undo }).click()
    await expect.poll(() => description(his).textContent()).toBe('Grapes')
    expect(await heading(his).textContent()).toBe('Harvest festival')
    await his.getByRole('toolbar', { name: editorTexts.history.label }).getByRole('button', { name: editorTexts.blocks.redo }).click()
    await expect.poll(() => description(his).textContent()).toBe('Grapes and wine')
    await mine.close()
    await his.close()
  })

  test('the same field: the dialog names it with both values, the choice is per field, and Reload clears the status', async () => {
    const slug = `e2e-merge-same-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: 'Harvest', description: 'Grapes' }, contents: [] })
    const mine = await openEditing(await session.editor.newPage(), slug)
    const his = await openEditing(await lee.context.newPage(), slug)

    await typeAtEnd(mine, heading(mine), ' 2026')
    await chooseMenuItem(mine, editorTexts.menu.savePage)
    await toastWith(mine, texts.toasts.pageSaved).waitFor()

    // Lee changes the same heading and the description: only the heading is asked about.
    await typeAtEnd(his, heading(his), ' (Lee)')
    await typeAtEnd(his, description(his), ' and wine')
    const dialog = his.getByRole('alertdialog', { name: editorTexts.conflict.title })
    await dialog.waitFor({ timeout: 20_000 })
    expect(await status(his).textContent()).toBe(editorTexts.autosave.conflict)
    expect(await dialog.textContent()).toMatch(new RegExp(`saved by ${maria} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it`))
    const fields = dialog.locator('[data-conflict-field]')
    expect(await fields.count()).toBe(1)
    const field = dialog.getByRole('group', { name: m.fields.title! })
    expect(await field.locator('[data-conflict-value="mine"]').textContent()).toBe('Harvest (Lee)')
    expect(await field.locator('[data-conflict-value="theirs"]').textContent()).toBe('Harvest 2026')
    const violations = await axe(his)
    expect(violations, formatViolations(violations)).toEqual([])
    await screenshots(his, 'merge-dialog')

    // Theirs for the heading; Lee's description is merged anyway.
    await field.getByRole('radio', { name: new RegExp(`^${m.dialog.keepTheirs(maria)}`) }).check()
    await dialog.getByRole('button', { name: m.dialog.saveChoices }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await stored(slug)).header).toMatchObject({ title: 'Harvest 2026', description: 'Grapes and wine' })
    await expect.poll(() => heading(his).textContent()).toBe('Harvest 2026')
    await expect.poll(() => status(his).textContent()).toMatch(/^Draft saved \d\d:\d\d$/)

    // Once more on the heading; this time Lee reloads their version: the status is clear again.
    await chooseMenuItem(mine, editorTexts.menu.select)
    await typeAtEnd(mine, heading(mine), '!')
    await chooseMenuItem(mine, editorTexts.menu.savePage)
    await toastWith(mine, texts.toasts.pageSaved).waitFor()
    await typeAtEnd(his, heading(his), '?')
    await dialog.waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: editorTexts.conflict.reload }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => heading(his).textContent()).toBe('Harvest 2026!')
    await expect.poll(() => status(his).textContent()).not.toBe(editorTexts.autosave.conflict)
    expect(await status(his).textContent()).not.toContain('Not saved')
    await mine.close()
    await his.close()
  })
})
