/**
 * The Mosaic's editor, mobile tab (spec 02 §2.8 "Mobile tab allows drag-to-reorder"), in real
 * Chromium: an editor drags a tile to a new place with the mouse, moves another with the keyboard
 * (focus, Space, arrow keys, Space; Escape cancels), hearing each step announced, saves and
 * publishes; on a 375 px phone the visitor's tiles come in that order, while from 1280 px every
 * tile keeps its own cell.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blockTexts } from '#lib/texts'
import { mosaicCells, type MosaicCell } from '#blocks/CustomMosaic/cells'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveAndPublish } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts, blockEditorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const b = editorTexts.blocks
const t = blockEditorTexts.mosaic
const run = Date.now().toString(36)

const session = openEditorSession()

/** The tiles' titles, one per cell, in the cells' own order (their initial phone order, 0 to 6). */
const titles: Record<MosaicCell, string> = {
  R1C1: 'Wineries',
  R1C2: 'Walks',
  R1C3: 'Markets',
  R2C1: 'Galleries',
  R2C2: 'Lunches',
  R2C3: 'Lookouts',
  R2C4: 'Festivals',
}

async function createPage(slug: string) {
  const items = Object.fromEntries(mosaicCells.map((cell, order) => [cell, { title: titles[cell], order, key: cell }]))
  const response = await session.editor.request.post(`${baseUrl}/api/page/save`, {
    data: {
      page: { slug, template: 'generic', header: { title: `Mosaic ${run}` }, contents: [{ componentType: 'CustomMosaic', items }] },
      collection: 'pages',
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The mobile tab's tiles, top to bottom, by title (each reads '1. Wineries (R1C1)'). */
const tabOrder = (list: Locator) =>
  list
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/^\s*\d+\.\s*/, '').replace(/\s*\(R\dC\d\)\s*$/, '')))

/** The visitor's tiles in reading order of the layout (top to bottom, then left to right), by title. */
async function visualOrder(p: Page): Promise<string[]> {
  const mosaic = p.getByRole('region', { name: blockTexts.mosaic.label })
  return mosaic.locator('li').evaluateAll((tiles) =>
    tiles
      .map((tile) => ({ box: tile.getBoundingClientRect(), title: tile.textContent?.trim() ?? '' }))
      .sort((a, c) => Math.round(a.box.top) - Math.round(c.box.top) || a.box.left - c.box.left)
      .map((tile) => tile.title),
  )
}

describe('Mosaic editor, mobile tab', () => {
  test('tiles reordered by dragging and by keyboard are the phone order a visitor sees; desktop cells stay', async () => {
    const slug = `e2e-mosaic-${run}`
    await createPage(slug)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)

    // Select the mosaic (Tab reaches its frame, Enter selects it) and open its settings.
    const frame = p.getByRole('group', { name: b.component('Mosaic') })
    await frame.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => frame.getAttribute('data-selected')).toBe('true')
    await p
      .locator('[data-editor-frame][data-selected] > .editor-frame-toolbar')
      .getByRole('button', { name: b.settings, exact: true })
      .click()
    const sidebar = p.getByRole('dialog', { name: 'Mosaic' })
    await sidebar.getByRole('tab', { name: t.mobile, exact: true }).click()
    await sidebar.getByText(t.mobileHelp).waitFor()
    const list = sidebar.getByRole('tabpanel', { name: t.mobile }).locator('ol')
    const initial = mosaicCells.map((cell) => titles[cell])
    expect(await tabOrder(list)).toEqual(initial)
    // Each tile is a button named by what it shows, inside a proper list; nothing on the page fails axe.
    expect(await list.getByRole('button', { name: '1. Wineries (R1C1)', exact: true }).count()).toBe(1)
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])

    // Drag with the mouse: the first tile (Wineries) onto the fourth place.
    const tiles = list.getByRole('button')
    const from = (await tiles.nth(0).boundingBox())!
    const to = (await tiles.nth(3).boundingBox())!
    await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await p.mouse.down()
    await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 })
    await p.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 4, { steps: 12 })
    await p.mouse.up()
    const dragged = ['Walks', 'Markets', 'Galleries', 'Wineries', 'Lunches', 'Lookouts', 'Festivals']
    await expect.poll(() => tabOrder(list)).toEqual(dragged)
    // The page being edited follows: its tiles are in the new phone order already.
    await expect
      .poll(() => frame.locator('li').evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? '')))
      .toEqual(dragged.map((title) => expect.stringContaining(title)))

    // By keyboard: Tab to the last tile (Festivals), Space picks it up, six times up, Space drops it first.
    const festivals = tiles.filter({ hasText: 'Festivals' })
    for (let i = 0; i < 20 && !(await festivals.evaluate((el) => el === document.activeElement)); i++) await p.keyboard.press('Tab')
    expect(await festivals.evaluate((el) => el === document.activeElement)).toBe(true)
    await p.keyboard.press('Space')
    // Screen readers hear each step: picked up where it is (position 7), moved to 6, 5, ... 1, dropped.
    const announced = (text: string) => p.getByText(text, { exact: true }).first().waitFor({ state: 'attached' })
    // dnd-kit listens for the arrow keys from the page's next task after the pick-up (a setTimeout):
    // the test waits for that task, as a person's next key press always does.
    const pickedUp = async (position: number) => {
      await announced(t.pickedUp('R2C4', position))
      await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    }
    await pickedUp(7)
    for (let position = 6; position >= 1; position--) {
      await p.keyboard.press('ArrowUp')
      await announced(t.moved('R2C4', position))
    }
    await p.keyboard.press('Space')
    await announced(t.dropped('R2C4', 1))
    const final = ['Festivals', 'Walks', 'Markets', 'Galleries', 'Wineries', 'Lunches', 'Lookouts']
    await expect.poll(() => tabOrder(list)).toEqual(final)
    // The moved tile keeps the focus; Escape while moving puts it back where it was.
    expect(await festivals.evaluate((el) => el === document.activeElement)).toBe(true)
    await p.keyboard.press('Space')
    await pickedUp(1)
    await p.keyboard.press('ArrowDown')
    await announced(t.moved('R2C4', 2))
    await p.keyboard.press('Escape')
    await announced(t.cancelled('R2C4', 1))
    await expect.poll(() => tabOrder(list)).toEqual(final)

    await saveAndPublish(p)
    await p.close()

    // A phone, 375 px wide: the tiles in the editor's order, the first across both columns.
    const phone = await session.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    const v = await phone.newPage()
    await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    expect(await visualOrder(v)).toEqual(final)
    const widths = await v
      .getByRole('region', { name: blockTexts.mosaic.label })
      .locator('li')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))
    expect(widths[0]).toBeGreaterThan(widths[1]! * 1.8)
    await phone.close()

    // From 1280 px each tile keeps its cell: R1C1 (Wineries) top left, R2C4 (Festivals) bottom right.
    const desktop = await session.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const d = await desktop.newPage()
    await d.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    expect(await visualOrder(d)).toEqual(mosaicCells.map((cell) => titles[cell]))
    await desktop.close()
  })
})
