/**
 * Issue 17's details and visible undo, in real Chromium at 1440 px: a new Image block asks to
 * "Choose an image" and one click opens a picture's editor; editing stays on after a panel closes;
 * the rich-text link button has an icon; the editor menu moves the page aside instead of covering
 * it; Undo and Redo buttons go through the page's history. The editor's page passes axe.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, openPageForEditing, picture } from '../helpers/editor-session.ts'
import { editorTexts } from '#lib/editor-texts'

const m = editorTexts.menu
const b = editorTexts.blocks
const h = editorTexts.history
const ie = editorTexts.imageEditor
const run = Date.now().toString(36)
const shots = '/tmp/shots-f'

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 15_000 })
beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true })
})

const blockTypes = (p: Page) => p.locator('main [data-block]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block')))
const frame = (p: Page, type: string) => p.locator(`main [data-editor-frame][data-block="${type}"]`)
const toolbar = (p: Page) => p.locator('[data-editor-frame][data-selected] > .editor-frame-toolbar')
const history = (p: Page) => p.getByRole('toolbar', { name: h.label })
const undoButton = (p: Page) => history(p).getByRole('button', { name: b.undo, exact: true })
const redoButton = (p: Page) => history(p).getByRole('button', { name: b.redo, exact: true })
const isPressed = (p: Page, item: string) => editorMenu(p).getByRole('button', { name: item, exact: true }).getAttribute('aria-pressed')

/** The text of the element that describes `locator` (aria-describedby). */
const descriptionOf = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

const openEditing = (slug: string, contents: Record<string, unknown>[]): Promise<Page> =>
  openPageForEditing(session.editor, { slug, title: `Details ${run}`, contents })

async function expectAxeClean(p: Page) {
  const violations = await axe(p)
  expect(violations, formatViolations(violations)).toEqual([])
}

describe('issue 17 details', () => {
  test('a new Image block shows "Choose an image"; one click (or Enter) opens its editor, with or without a picture', async () => {
    const p = await openEditing(`e2e-details-image-${run}`, [
      { componentType: 'SectionHeading', title: 'Vineyards by the sea', subtitle: '' },
      { componentType: 'Image' },
    ])
    const prompt = frame(p, 'Image').getByRole('button', { name: b.chooseImage, exact: true })
    await prompt.waitFor()
    expect(await prompt.innerText()).toContain(b.chooseImage)
    // A real box, not a sliver: the picture's shape at the block's width.
    expect((await prompt.boundingBox())?.height ?? 0).toBeGreaterThan(150)
    await expectAxeClean(p)
    await screenshot(p, { path: path.join(shots, 'image-prompt-1440.png') })

    // Keyboard: Enter on the prompt opens the image editor at the library (Gallery).
    await prompt.focus()
    await p.keyboard.press('Enter')
    const sidebar = p.getByRole('dialog', { name: 'Image' })
    await sidebar.waitFor()
    await expect.poll(() => sidebar.getByRole('tab', { name: ie.tabs.gallery }).getAttribute('aria-selected')).toBe('true')
    await p.keyboard.press('Escape')
    await sidebar.waitFor({ state: 'detached' })

    // Mouse: select another block, then one click on the prompt opens the editor.
    await frame(p, 'SectionHeading').click({ position: { x: 5, y: 5 } })
    await expect.poll(() => frame(p, 'SectionHeading').getAttribute('data-selected')).toBe('true')
    await prompt.click()
    await sidebar.waitFor()
    const [upload] = await Promise.all([
      p.waitForResponse((r) => r.url().endsWith('/img/upload')),
      sidebar
        .locator('input[type=file]')
        .setInputFiles({ name: `sea-${run}.png`, mimeType: 'image/png', buffer: await picture('#1d6a8a') }),
    ])
    expect(upload.status()).toBe(200)
    const picked = frame(p, 'Image').locator('img')
    await picked.waitFor()
    expect(await prompt.count()).toBe(0)
    await p.keyboard.press('Escape')
    await sidebar.waitFor({ state: 'detached' })

    // With a picture: another block selected, one click on the picture opens its editor (at Cropping).
    await frame(p, 'SectionHeading').click({ position: { x: 5, y: 5 } })
    await expect.poll(() => frame(p, 'SectionHeading').getAttribute('data-selected')).toBe('true')
    await picked.click()
    await sidebar.waitFor()
    await expect.poll(() => sidebar.getByRole('tab', { name: ie.tabs.cropping }).getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => frame(p, 'Image').getAttribute('data-selected')).toBe('true')
    await p.close()
  })

  test('editing stays on after a sidebar or modal panel closes; a panel opened while not editing closes to nothing', async () => {
    const p = await openEditing(`e2e-details-mode-${run}`, [{ componentType: 'SectionHeading', title: 'Harbour walks', subtitle: '' }])
    expect(await isPressed(p, m.select)).toBe('true')

    // A sidebar panel, closed by choosing its item again.
    await chooseMenuItem(p, m.savePage)
    const save = p.getByRole('dialog', { name: editorTexts.panels.savePage })
    await save.waitFor()
    await chooseMenuItem(p, m.savePage)
    await save.waitFor({ state: 'detached' })
    await expect.poll(() => isPressed(p, m.select)).toBe('true')
    await frame(p, 'SectionHeading').waitFor()

    // A modal panel, closed with Escape.
    await chooseMenuItem(p, m.pageSettings)
    const settings = p.getByRole('dialog', { name: editorTexts.panels.pageSettings })
    await settings.waitFor()
    expect(await p.locator('[data-editor-frame]').count()).toBe(0)
    await p.keyboard.press('Escape')
    await settings.waitFor({ state: 'detached' })
    await expect.poll(() => isPressed(p, m.select)).toBe('true')
    await frame(p, 'SectionHeading').waitFor()

    // Select Component chosen again turns editing off; a panel opened then closes to no active item.
    await chooseMenuItem(p, m.select)
    await expect.poll(() => p.locator('[data-editor-frame]').count()).toBe(0)
    await chooseMenuItem(p, m.savePage)
    await save.waitFor()
    await chooseMenuItem(p, m.savePage)
    await save.waitFor({ state: 'detached' })
    expect(await isPressed(p, m.select)).toBe('false')
    expect(await p.locator('[data-editor-frame]').count()).toBe(0)
    await p.close()
  })

  test("the rich-text toolbar's link button shows a drawn icon, not an emoji; the menu leaves the page's headings in view", async () => {
    const p = await openEditing(`e2e-details-link-${run}`, [
      { componentType: 'SectionHeading', title: 'Coastal trails', subtitle: '' },
      { componentType: 'RichText', html: '<p>Walk the cliffs at dawn.</p>' },
    ])
    // The menu, expanded, sits beside every heading, never over one.
    if ((await editorMenu(p).getAttribute('data-collapsed')) === 'true') await editorMenu(p).getByRole('button', { name: m.expand }).click()
    const menuBox = await editorMenu(p).boundingBox()
    const menuRight = (menuBox?.x ?? 0) + (menuBox?.width ?? 0)
    const headingLefts = await p
      .locator('main :is(h1, h2, h3):not(.sr-only)')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left))
    expect(headingLefts.length).toBeGreaterThan(0)
    for (const left of headingLefts) expect(left).toBeGreaterThanOrEqual(menuRight)
    await screenshot(p, { path: path.join(shots, 'menu-expanded-1440.png') })

    await frame(p, 'RichText').getByRole('textbox', { name: 'Rich text' }).click()
    const link = p.getByRole('toolbar', { name: b.toolbar('Rich text') }).getByRole('button', { name: b.richText.link, exact: true })
    await link.waitFor()
    expect(await link.locator('svg').count()).toBe(1)
    expect(await link.locator('span[aria-hidden="true"]').innerText()).toBe('')
    const size = await link.locator('svg').boundingBox()
    expect(size?.width ?? 0).toBeGreaterThan(10)
    await expectAxeClean(p)
    await p.close()
  })

  test('keys typed at once after clicking a rich-text field, while its editor takes over, all reach it, in order', async () => {
    const p = await openEditing(`e2e-details-typeahead-${run}`, [{ componentType: 'RichText', html: '<p>Walk the cliffs</p>' }])
    const field = frame(p, 'RichText').getByRole('textbox', { name: 'Rich text' })
    await field.click()
    await p.keyboard.press('End')
    // No wait between the click and the keys: the field's editor (Tiptap) takes it over meanwhile.
    await p.keyboard.type(' at dawn, then breakfast')
    const typed = 'Walk the cliffs at dawn, then breakfast'
    // A space typed at the end of a line may be kept as a no-break space: the same text to read.
    await expect.poll(async () => (await frame(p, 'RichText').locator('.ProseMirror').innerText()).replace(/\u00a0/g, ' ')).toBe(typed)
    await p.close()
  })

  test('Undo and Redo buttons: disabled with nothing to undo or redo, the shortcut in their description; typing, insert, move, duplicate each one step', async () => {
    const p = await openEditing(`e2e-details-undo-${run}`, [
      { componentType: 'SectionHeading', title: 'Wine country', subtitle: '' },
      { componentType: 'Text', text: 'Cellar doors open daily.' },
    ])
    await history(p).waitFor()
    expect(await undoButton(p).isDisabled()).toBe(true)
    expect(await redoButton(p).isDisabled()).toBe(true)
    expect(await descriptionOf(undoButton(p))).toBe(h.shortcut(h.undoKeys))
    expect(await descriptionOf(redoButton(p))).toBe(h.shortcut(h.redoKeys))
    expect(await undoButton(p).getAttribute('aria-keyshortcuts')).toContain('Control+Z')

    // Typing in place is one step.
    const title = frame(p, 'SectionHeading').getByRole('textbox', { name: 'Title', exact: true })
    await title.click()
    await p.keyboard.press('End')
    await p.keyboard.type(' tours')
    await expect.poll(() => title.textContent()).toBe('Wine country tours')
    await expect.poll(() => undoButton(p).isEnabled()).toBe(true)
    await undoButton(p).click()
    await expect.poll(() => title.textContent()).toBe('Wine country')
    expect(await undoButton(p).isDisabled()).toBe(true)
    await redoButton(p).click()
    await expect.poll(() => title.textContent()).toBe('Wine country tours')
    expect(await redoButton(p).isDisabled()).toBe(true)

    // Moving a block: Down, then Undo puts it back, Redo moves it again.
    await frame(p, 'SectionHeading').click({ position: { x: 5, y: 5 } })
    await toolbar(p).getByRole('button', { name: b.down, exact: true }).click()
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'SectionHeading'])
    await undoButton(p).click()
    await expect.poll(() => blockTypes(p)).toEqual(['SectionHeading', 'Text'])
    await redoButton(p).click()
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'SectionHeading'])

    // Duplicating, then inserting from the picker: each undone on its own, keyboard included.
    await frame(p, 'Text').click({ position: { x: 5, y: 5 } })
    await toolbar(p).getByRole('button', { name: b.duplicate, exact: true }).click()
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'Text', 'SectionHeading'])
    await p.getByRole('button', { name: b.addComponentTo('page') }).click()
    const picker = p.getByRole('dialog', { name: b.addComponent })
    await picker.getByLabel(b.searchComponents).fill('quote')
    await picker.getByRole('button', { name: 'Quote', exact: true }).click()
    await picker.waitFor({ state: 'detached' })
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'Text', 'SectionHeading', 'Quote'])
    await undoButton(p).focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'Text', 'SectionHeading'])
    await p.keyboard.press('Enter')
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'SectionHeading'])
    await redoButton(p).click()
    await expect.poll(() => blockTypes(p)).toEqual(['Text', 'Text', 'SectionHeading'])
    await expectAxeClean(p)
    await screenshot(p, { path: path.join(shots, 'undo-redo-1440.png') })
    await p.close()
  })
})
