/**
 * Editing blocks in place, in real Chromium (spec 01 §2.6, §2.9, §2.10, §4): an editor turns on
 * Select Component, adds blocks from the searchable picker, types into them, reorders them with
 * Up/Down and undoes/redoes that with the keyboard, duplicates, removes (confirmed), sets spacing,
 * saves and publishes; a visitor then sees exactly that, with no editor markup.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const b = editorTexts.blocks
const run = Date.now().toString(36)
const shots = '/tmp/shots-h1'

const session = openEditorSession({ timeoutMs: 15_000 })
beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true })
})

/** The page's blocks in order, by type (the frames in editing mode, the plain wrappers for visitors). */
const blockTypes = (p: Page) => p.locator('main [data-block]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block')))
const frame = (p: Page, name: string) => p.getByRole('group', { name: b.component(name) })
const toolbar = (p: Page) => p.locator('[data-editor-frame][data-selected] > .editor-frame-toolbar')
const action = (p: Page, name: string): Locator => toolbar(p).getByRole('button', { name, exact: true })

async function expectToast(p: Page, text: string) {
  await p.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 10_000 })
}

async function addComponent(p: Page, search: string, label: string) {
  await p.getByRole('button', { name: b.addComponentTo('page') }).click()
  const picker = p.getByRole('dialog', { name: b.addComponent })
  await picker.getByLabel(b.searchComponents).fill(search)
  await picker.getByRole('button', { name: label, exact: true }).click()
  await picker.waitFor({ state: 'detached' })
}

async function createPage(slug: string): Promise<PageDoc> {
  const response = await session.editor.request.post(`${baseUrl}/api/page/save`, {
    data: {
      page: {
        slug,
        template: 'generic',
        header: { title: `Blocks ${run}` },
        contents: [
          { componentType: 'SectionHeading', title: 'First heading', subtitle: '' },
          { componentType: 'Text', text: 'Opening paragraph.' },
        ],
      },
      collection: 'pages',
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

describe('Select Component', () => {
  test('add from the picker, type in place, reorder with undo/redo, duplicate, remove, spacing, save, publish; a visitor sees it', async () => {
    const slug = `e2e-blocks-${run}`
    await createPage(slug)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()

    // Off: the page renders plain, no frames.
    await expect.poll(() => p.locator('[data-editor-frame]').count()).toBe(0)
    await chooseMenuItem(p, m.select)
    await frame(p, 'Section Heading').waitFor()
    expect(await blockTypes(p)).toEqual(['SectionHeading', 'Text'])

    // The picker only offers what the contents container allows, and searches.
    await p.getByRole('button', { name: b.addComponentTo('page') }).click()
    const picker = p.getByRole('dialog', { name: b.addComponent })
    await picker.getByLabel(b.searchComponents).fill('quo')
    // Named by their plain titles; the exact match first (a description mentioning quotes comes after).
    await expect.poll(async () => (await picker.locator('[data-component-type]').allTextContents())[0]).toBe('Quote')
    await picker.getByLabel(b.searchComponents).fill('zzz')
    await picker.getByText(b.noComponents).waitFor()
    await p.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })

    // Add a Section Heading: it arrives at the end, selected, with its placeholder; type its title in place.
    await addComponent(p, 'section', 'Section heading')
    expect(await blockTypes(p)).toEqual(['SectionHeading', 'Text', 'SectionHeading'])
    const added = p.locator('[data-editor-frame][data-selected]')
    await expect.poll(() => added.getAttribute('data-block')).toBe('SectionHeading')
    const title = added.getByRole('textbox', { name: 'Title', exact: true })
    await title.click()
    await p.keyboard.type('Harvest festival')
    await p.keyboard.press('Enter') // single line: Enter ends the edit
    await expect.poll(() => title.textContent()).toBe('Harvest festival')
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(false)

    // Add a Text block and write into it.
    await addComponent(p, 'text', 'Text')
    const text = p.locator('[data-editor-frame][data-selected]').getByRole('textbox', { name: 'Text', exact: true })
    await text.click()
    await p.keyboard.type('Pressed grapes and long lunches.')
    expect(await blockTypes(p)).toEqual(['SectionHeading', 'Text', 'SectionHeading', 'Text'])

    // Select the new heading by keyboard (Tab reaches frames; Enter selects), then move it up twice.
    const harvest = p.locator('[data-editor-frame]').filter({ hasText: 'Harvest festival' })
    await harvest.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => harvest.getAttribute('data-selected')).toBe('true')
    await screenshot(p, { path: path.join(shots, 'selected.png') })
    await action(p, b.up).click()
    await action(p, b.up).click()
    const reordered = ['SectionHeading', 'SectionHeading', 'Text', 'Text']
    await expect.poll(() => p.locator('main [data-block]').first().textContent()).toContain('Harvest festival')
    expect(await blockTypes(p)).toEqual(reordered)
    // First in the list: Up is disabled (nothing happens past the end).
    expect(await action(p, b.up).isDisabled()).toBe(true)

    // Undo twice with Ctrl+Z, redo once with Ctrl+Shift+Z and once with Ctrl+Y.
    await p.keyboard.press('Control+z')
    await p.keyboard.press('Control+z')
    await expect.poll(() => p.locator('main [data-block]').nth(2).textContent()).toContain('Harvest festival')
    await p.keyboard.press('Control+Shift+z')
    await expect.poll(() => p.locator('main [data-block]').nth(1).textContent()).toContain('Harvest festival')
    await p.keyboard.press('Control+y')
    await expect.poll(() => p.locator('main [data-block]').first().textContent()).toContain('Harvest festival')

    // Duplicate, then remove the copy (after confirming the spec's question); removing closes the sidebar.
    await p
      .locator('[data-editor-frame]')
      .filter({ hasText: 'Opening paragraph.' })
      .click({ position: { x: 5, y: 5 } })
    await action(p, b.duplicate).click()
    await expect.poll(() => p.locator('[data-editor-frame]').filter({ hasText: 'Opening paragraph.' }).count()).toBe(2)
    await action(p, b.spacing).click()
    const sidebar = p.getByRole('dialog', { name: 'Text' })
    await sidebar.waitFor()
    const prompts: string[] = []
    p.once('dialog', (dialog) => {
      prompts.push(dialog.message())
      void dialog.accept()
    })
    // With the sidebar open, the block's actions are at its top (the frame's toolbar would be beneath it).
    expect(await toolbar(p).count()).toBe(0)
    await sidebar.getByRole('button', { name: b.remove, exact: true }).click()
    expect(prompts).toEqual([editorTexts.confirmDeleteComponent])
    await expect.poll(() => p.locator('[data-editor-frame]').filter({ hasText: 'Opening paragraph.' }).count()).toBe(1)
    await sidebar.waitFor({ state: 'detached' })

    // Spacing: margin top at the base breakpoint to 4 (32 px), in the selected block's sidebar.
    const opening = p.locator('[data-editor-frame]').filter({ hasText: 'Opening paragraph.' })
    await opening.click({ position: { x: 5, y: 5 } })
    await action(p, b.spacing).click()
    await sidebar.waitFor()
    await sidebar.getByRole('combobox', { name: `${b.marginTop}, ${b.breakpoints.base}` }).selectOption('4')
    await expect.poll(() => opening.getAttribute('class')).toMatch(/(^| )mt-8( |$)/)
    await screenshot(p, { path: path.join(shots, 'spacing.png') })

    // Save and publish from the menu.
    await chooseMenuItem(p, m.savePage)
    const savePanel = p.getByRole('dialog', { name: editorTexts.panels.savePage })
    await savePanel.getByRole('button', { name: editorTexts.pagePanel.savePage, exact: true }).click()
    await expectToast(p, texts.toasts.pageSaved)
    await chooseMenuItem(p, m.publishPage)
    const publishPanel = p.getByRole('dialog', { name: editorTexts.panels.publishPage })
    await publishPanel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).click()
    await expectToast(p, texts.toasts.pagePublished)

    // The visitor sees the result, plain.
    const v = await session.visitor.newPage()
    await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    expect(await blockTypes(v)).toEqual(['SectionHeading', 'SectionHeading', 'Text', 'Text'])
    const headings = await v.locator('main h2').allTextContents()
    expect(headings).toEqual(['Harvest festival', 'First heading'])
    await v.getByText('Pressed grapes and long lunches.').waitFor()
    expect(await v.locator('main [data-block]').nth(2).getAttribute('class')).toMatch(/(^| )mt-8( |$)/)
    expect(await v.locator('[data-editor-frame], [data-editable], [contenteditable]').count()).toBe(0)
    const violations = await axe(v)
    expect(violations, formatViolations(violations)).toEqual([])
    await v.close()
    await p.close()
  })

  test('leaving Select Component renders the working copy plain; unsaved edits stay', async () => {
    const slug = `e2e-blocks-plain-${run}`
    await createPage(slug)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)
    const heading = frame(p, 'Section Heading').getByRole('textbox', { name: 'Title', exact: true })
    await heading.click()
    await p.keyboard.press('End')
    await p.keyboard.type(' (edited)')
    await chooseMenuItem(p, m.select)
    await expect.poll(() => p.locator('[data-editor-frame]').count()).toBe(0)
    expect(await p.locator('main h2').first().textContent()).toBe('First heading (edited)')
    expect(await p.locator('[contenteditable]').count()).toBe(0)
    await p.close()
  })
})
