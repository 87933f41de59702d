/**
 * Issue 17 point 3 in real Chromium: every kind of change an editor makes is one step of the
 * page's history, undone and redone with the on-screen buttons. Typing, insert, move and duplicate
 * are in editor-details.test.ts; this file holds remove, spacing, image, link and list edits.
 */
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { openEditorSession, openPageForEditing, picture, uploadPicture } from '../helpers/editor-session.ts'
import { editorTexts } from '#lib/editor-texts'

const b = editorTexts.blocks
const h = editorTexts.history
const ie = editorTexts.imageEditor
const run = Date.now().toString(36)

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 15_000 })

const blockTypes = (p: Page) => p.locator('main [data-block]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block')))
const frame = (p: Page, type: string) => p.locator(`main [data-editor-frame][data-block="${type}"]`)
const toolbar = (p: Page) => p.locator('[data-editor-frame][data-selected] > .editor-frame-toolbar')
const history = (p: Page) => p.getByRole('toolbar', { name: h.label })
const undo = (p: Page) => history(p).getByRole('button', { name: b.undo, exact: true }).click()
const redo = (p: Page) => history(p).getByRole('button', { name: b.redo, exact: true }).click()
const undoDisabled = (p: Page) => history(p).getByRole('button', { name: b.undo, exact: true }).isDisabled()

async function openEditing(slug: string, contents: Record<string, unknown>[]): Promise<Page> {
  const p = await openPageForEditing(session.editor, { slug, title: `Undo ${run}`, contents })
  await history(p).waitFor()
  expect(await undoDisabled(p)).toBe(true)
  return p
}

async function closeSidebar(p: Page) {
  await p.keyboard.press('Escape')
  await expect.poll(() => p.getByRole('dialog').count()).toBe(0)
}

test('removing a block and setting its spacing are each one step, undone and redone with the buttons', async () => {
  const p = await openEditing(`e2e-undo-remove-${run}`, [
    { componentType: 'SectionHeading', title: 'Cellar doors', subtitle: '' },
    { componentType: 'Text', text: 'Open daily from ten.' },
  ])
  // Spacing: margin top 4 (32 px) on the Text block, from its sidebar.
  await frame(p, 'Text').click({ position: { x: 5, y: 5 } })
  await toolbar(p).getByRole('button', { name: b.spacing, exact: true }).click()
  const sidebar = p.getByRole('dialog', { name: 'Text' })
  await sidebar.getByRole('combobox', { name: `${b.marginTop}, ${b.breakpoints.base}` }).selectOption('4')
  await expect.poll(() => frame(p, 'Text').getAttribute('class')).toMatch(/(^| )mt-8( |$)/)
  await closeSidebar(p)
  await undo(p)
  await expect.poll(() => frame(p, 'Text').getAttribute('class')).not.toMatch(/(^| )mt-8( |$)/)
  expect(await undoDisabled(p)).toBe(true)
  await redo(p)
  await expect.poll(() => frame(p, 'Text').getAttribute('class')).toMatch(/(^| )mt-8( |$)/)

  // Remove (after the spec's confirmation): one step back brings the block, and its spacing, back.
  await frame(p, 'SectionHeading').click({ position: { x: 5, y: 5 } })
  p.once('dialog', (dialog) => void dialog.accept())
  await toolbar(p).getByRole('button', { name: b.remove, exact: true }).click()
  await expect.poll(() => blockTypes(p)).toEqual(['Text'])
  await undo(p)
  await expect.poll(() => blockTypes(p)).toEqual(['SectionHeading', 'Text'])
  await expect.poll(() => frame(p, 'SectionHeading').innerText()).toContain('Cellar doors')
  await redo(p)
  await expect.poll(() => blockTypes(p)).toEqual(['Text'])
  // Two steps back: the block is back and the spacing gone; nothing more to undo.
  await undo(p)
  await undo(p)
  await expect.poll(() => blockTypes(p)).toEqual(['SectionHeading', 'Text'])
  await expect.poll(() => frame(p, 'Text').getAttribute('class')).not.toMatch(/(^| )mt-8( |$)/)
  expect(await undoDisabled(p)).toBe(true)
  await p.close()
})

test("an image's alternative text, a link list's link and a list's new item are each one step", async () => {
  const imageId = await uploadPicture(session.editor, `undo-${run}.png`, await picture('#6b8e23'))
  const p = await openEditing(`e2e-undo-fields-${run}`, [
    { componentType: 'Image', imageId, alt: 'Vines at dusk' },
    { componentType: 'LinkList', title: 'Useful links', items: [{ text: 'Wineries', href: '/wineries', type: 'page' }] },
    { componentType: 'CardGrid', title: 'Ideas', items: [] },
  ])

  // Image: the alternative text, changed in the image editor.
  const img = p.locator(`main [data-block="Image"] img[src*="/img/${imageId}"]`).first()
  await img.click()
  const imageSidebar = p.getByRole('dialog', { name: 'Image' })
  await imageSidebar.getByRole('tab', { name: new RegExp(`^${ie.tabs.alt}`) }).click()
  await imageSidebar.getByRole('textbox', { name: ie.altLabel, exact: true }).fill('Vines at dawn')
  await expect.poll(() => img.getAttribute('alt')).toBe('Vines at dawn')
  await closeSidebar(p)
  await undo(p)
  await expect.poll(() => img.getAttribute('alt')).toBe('Vines at dusk')
  await redo(p)
  await expect.poll(() => img.getAttribute('alt')).toBe('Vines at dawn')

  // Link: the link's text, changed in the link list's editor.
  const links = p.locator('main [data-block="LinkList"] [data-editable="actions"]')
  await links.click({ position: { x: 5, y: 5 } })
  const linkSidebar = p.getByRole('dialog').last()
  const linkText = linkSidebar.getByRole('textbox', { name: editorTexts.siteDocs.text, exact: true }).first()
  await linkText.fill('Cellar doors')
  await expect.poll(() => links.innerText()).toContain('Cellar doors')
  await closeSidebar(p)
  await undo(p)
  await expect.poll(() => links.innerText()).toContain('Wineries')
  await redo(p)
  await expect.poll(() => links.innerText()).toContain('Cellar doors')

  // List: a new card added to the grid's list.
  const cards = p.locator('main [data-block="CardGrid"] [data-editable="list"]')
  const count = () => cards.locator(':scope > li').count()
  expect(await count()).toBe(0)
  // An empty list has no height to click: it is opened from the keyboard.
  await cards.focus()
  await p.keyboard.press('Enter')
  const listSidebar = p.getByRole('dialog').last()
  await listSidebar.getByRole('button', { name: b.addItem, exact: true }).click()
  await expect.poll(count).toBe(1)
  await closeSidebar(p)
  await undo(p)
  await expect.poll(count).toBe(0)
  await redo(p)
  await expect.poll(count).toBe(1)

  // Each change was one step: three undos go back to the page as it was loaded.
  await undo(p)
  await undo(p)
  await undo(p)
  await expect.poll(() => img.getAttribute('alt')).toBe('Vines at dusk')
  await expect.poll(() => links.innerText()).toContain('Wineries')
  expect(await count()).toBe(0)
  expect(await undoDisabled(p)).toBe(true)
  await p.close()
})
