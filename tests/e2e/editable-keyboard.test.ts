/**
 * Pictures edited in the sidebar are reachable by keyboard (issue "block library and in-place
 * editing", spec 01 §2.9, §2.10): in Select Component mode an editor tabs from the menu through
 * the page to an Image block's picture, sees it outlined, presses Enter (or Space) and the Image
 * editor opens on that picture. The picture keeps its place and size while it is editable.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { editorMenu, openEditorSession, picture, saveDraftPage, uploadPicture } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const b = editorTexts.blocks
const ie = editorTexts.imageEditor
const run = Date.now().toString(36)

const session = openEditorSession()

const upload = async (name: string) => uploadPicture(session.editor, name, await picture('#7a2e3b', 1200, 800))

const createPage = (slug: string, contents: unknown[]) =>
  saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Keyboard ${run}` }, contents })

/** What has the focus: its accessible-name-ish text, the block it is in, and whether it is a picture's focus button. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement
    return {
      block: el?.closest('[data-block]')?.getAttribute('data-block') ?? null,
      frame: el?.hasAttribute('data-editor-frame') ?? false,
      pictureButton: el?.hasAttribute('data-editable-focus') ?? false,
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 60) ?? '',
    }
  })

/** Presses Tab until `done` holds for the focused element (at most `limit` times); returns the stops passed. */
async function tabUntil(p: Page, done: (stop: Awaited<ReturnType<typeof focused>>) => boolean, limit = 150) {
  const stops: Awaited<ReturnType<typeof focused>>[] = []
  for (let i = 0; i < limit; i++) {
    await p.keyboard.press('Tab')
    const stop = await focused(p)
    stops.push(stop)
    if (done(stop)) return stops
  }
  throw new Error(`Tab never reached the target; the stops were:\n${stops.map((s) => `${s.block ?? '-'} ${s.name}`).join('\n')}`)
}

/** The picture's box within its block (the page above grows in editing mode: the header shows its empty fields). */
const imageBox = (p: Page) =>
  p
    .locator('main [data-block="Image"] img')
    .first()
    .evaluate((img) => {
      const box = img.getBoundingClientRect()
      const block = img.closest('[data-block]')!.getBoundingClientRect()
      return { left: box.left, top: box.top - block.top, width: box.width, height: box.height }
    })

describe('pictures by keyboard in Select Component', () => {
  test('Tab reaches an Image block’s picture, which is outlined; Enter opens the Image editor on it; the layout stays', async () => {
    const imageId = await upload(`keyboard-${run}.png`)
    const slug = `e2e-keyboard-image-${run}`
    await createPage(slug, [
      { componentType: 'SectionHeading', title: 'Before the picture', subtitle: '' },
      { componentType: 'Image', imageId, alt: 'A red field' },
    ])
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    const before = await imageBox(p)
    expect(before.width).toBeGreaterThan(0)

    // Select Component from the menu by keyboard: the menu button gets the focus, Enter turns the mode on.
    const selectItem = editorMenu(p).getByRole('button', { name: m.select, exact: true })
    await selectItem.focus()
    await p.keyboard.press('Enter')
    await p.getByRole('group', { name: b.component('Image') }).waitFor()

    // The picture stays where it was, at its size: the editable wrapper adds no box of its own.
    await expect.poll(() => imageBox(p)).toEqual(before)

    // Tab on from the menu: the Image block's frame, then its picture.
    const stops = await tabUntil(p, (stop) => stop.block === 'Image' && stop.pictureButton)
    const reached = stops.at(-1)!
    expect(reached.name).toBe(b.edit('Image'))
    expect(stops.some((stop) => stop.block === 'Image' && stop.frame)).toBe(true)

    // Focus is visible: the picture itself is outlined while its button has the focus.
    const img = p.locator('main [data-block="Image"] img').first()
    expect(await img.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')

    // Enter opens the sidebar named after the block, with the image editor on this picture.
    await p.keyboard.press('Enter')
    const sidebar = p.getByRole('dialog', { name: 'Image' })
    await sidebar.waitFor()
    await sidebar.getByRole('tablist', { name: ie.tabsLabel }).waitFor()
    await sidebar.getByRole('tab', { name: ie.tabs.cropping }).waitFor()
    expect(await sidebar.getByRole('img', { name: ie.current }).getAttribute('src')).toContain(`/img/${imageId}`)
    await sidebar.getByRole('heading', { name: b.edit('Image') }).waitFor()
    // The picture is the active content (orange outline) while its editor is open.
    expect(await img.evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(234, 88, 12)')
    await p.close()
  })

  test('Space works too, on a picture not chosen yet (the placeholder), and opens the Gallery', async () => {
    const slug = `e2e-keyboard-placeholder-${run}`
    await createPage(slug, [{ componentType: 'Image' }])
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await editorMenu(p).getByRole('button', { name: m.select, exact: true }).focus()
    await p.keyboard.press('Enter')
    await p.getByRole('group', { name: b.component('Image') }).waitFor()

    await tabUntil(p, (stop) => stop.block === 'Image' && stop.pictureButton)
    await p.keyboard.press('Space')
    const sidebar = p.getByRole('dialog', { name: 'Image' })
    await sidebar.waitFor()
    await sidebar.getByRole('tab', { name: ie.tabs.gallery, selected: true }).waitFor()
    await sidebar.getByText(ie.upload).first().waitFor()
    await p.close()
  })
})
