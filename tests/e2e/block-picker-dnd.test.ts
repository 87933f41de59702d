/**
 * Issue 17 points 1 and 2, in real Chromium at 1440 px: the visual block picker (groups, thumbnails,
 * plain titles with the spec's names, search, only what the container allows) inserting between two
 * blocks from the "+" on their gap, and blocks reordered by dragging their handle with the mouse and
 * by keyboard (Space, arrows, Space; Escape cancels), with announcements, on the page and inside a
 * split side; each insert and each move is one undo step. The editor page passes axe. Issue 31: the
 * picker is a roomy dialog with still sketches of live blocks, usable by the arrow keys.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const b = editorTexts.blocks
const run = Date.now().toString(36)
const shots = '/tmp/shots-d'

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 15_000 })
beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true })
})

/** The page's top-level blocks, by type, in order. */
const topTypes = (p: Page) =>
  p
    .locator('main [data-editor-frame]')
    .evaluateAll((els) => els.filter((el) => !el.parentElement?.closest('[data-editor-frame]')).map((el) => el.getAttribute('data-block')))
const splitFrame = (p: Page) => p.locator('[data-editor-frame][data-block="SplitContent"]')
/** The texts of the split's left side, in order (the right side holds 'Right side'). */
const leftTexts = (p: Page) =>
  splitFrame(p)
    .locator('[data-editor-frame][data-block="Text"]')
    .evaluateAll((els) => els.flatMap((el) => (el.textContent ?? '').match(/Left (one|two|three)/)?.[0] ?? []))
const textFrame = (p: Page, text: string) => p.locator('[data-editor-frame][data-block="Text"]').filter({ hasText: text })
const handleOf = (frame: Locator) => frame.locator(':scope > .editor-drag-handle')

async function expectAxeClean(p: Page) {
  const violations = await axe(p)
  expect(violations, formatViolations(violations)).toEqual([])
}

async function openEditing(slug: string): Promise<Page> {
  await saveDraftPage(session.editor, {
    slug,
    template: 'generic',
    header: { title: `Picker ${run}` },
    contents: [
      { componentType: 'SectionHeading', title: 'Wine country', subtitle: 'Cellar doors and long lunches' },
      { componentType: 'Text', text: 'Opening paragraph.' },
      { componentType: 'Quote', text: 'The best weekend we had all year.', quotee: 'A visitor' },
      {
        componentType: 'SplitContent',
        left: [
          { componentType: 'Text', text: 'Left one' },
          { componentType: 'Text', text: 'Left two' },
          { componentType: 'Text', text: 'Left three' },
        ],
        right: [{ componentType: 'Text', text: 'Right side' }],
      },
    ],
  })
  const p = await session.editor.newPage()
  await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, m.select)
  await splitFrame(p).waitFor()
  return p
}

/** Drags a handle by the mouse so that its block's centre lands on `target`'s centre (a little past it). */
async function dragTo(p: Page, handle: Locator, frame: Locator, target: Locator) {
  await frame.hover()
  const h = (await handle.boundingBox())!
  const from = (await frame.boundingBox())!
  const to = (await target.boundingBox())!
  const dy = to.y + to.height / 2 - (from.y + from.height / 2)
  const x = h.x + h.width / 2
  const y = h.y + h.height / 2
  await p.mouse.move(x, y)
  await p.mouse.down()
  await p.mouse.move(x, y + Math.sign(dy) * 10, { steps: 4 })
  await p.mouse.move(x, y + dy + Math.sign(dy) * 8, { steps: 16 })
  await p.mouse.up()
}

/**
 * A gap's "+" shows only while its block is under the pointer, as for a person, who moves onto the
 * block and then up to its "+". If the page moved between the two (a late layout, a scroll to
 * reveal the button), the pointer is no longer on the block and the "+" is inert; like a person,
 * move back onto the block and try again.
 */
async function clickGap(p: Page, frame: Locator, name: string) {
  const gap = p.getByRole('button', { name, exact: true })
  const picker = p.getByRole('dialog', { name: b.addComponent })
  await expect
    .poll(
      async () => {
        // A click can land and still report its 2 s timeout on a busy machine: the picker it opened
        // then covers the page, and hovering the block again would wait behind it (a CI failure).
        if (await picker.isVisible()) return 'clicked'
        await frame.hover()
        return gap.click({ timeout: 2_000 }).then(
          () => 'clicked',
          (error: Error) => error.message,
        )
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe('clicked')
}

const announced = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor({ state: 'attached' })
/** After a keyboard pick-up dnd-kit listens for the arrow keys from the page's next task (a setTimeout). */
async function pickedUp(p: Page, text: string) {
  await announced(p, text)
  await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

describe('issue 17: block picker and drag and drop', () => {
  test('the "+" between two blocks opens the visual picker (groups, thumbnails, plain names, search) and inserts there, one undo step', async () => {
    const p = await openEditing(`e2e-picker-${run}`)
    expect(await topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])

    // The gap before the second block: its "+" appears on hover and opens the picker.
    await clickGap(p, textFrame(p, 'Opening paragraph.'), b.insertAt(2, 'page'))
    const picker = p.getByRole('dialog', { name: b.addComponent })
    await picker.waitFor()
    // Grouped by purpose, in order; each block with a thumbnail of its own defaults, a plain title,
    // a line on what it is for, and the spec's name.
    const headings = await picker.locator('h3[data-group]').allInnerTexts()
    expect(headings.map((h) => h.toLowerCase())).toEqual(
      [b.groups.text, b.groups.media, b.groups.cards, b.groups.listings, b.groups.booking, b.groups.layout].map((g) => g.toLowerCase()),
    )
    // Named by its plain title and a line on what it is for, never the technical "Component: …" (issue 31).
    expect(await picker.getByRole('button', { name: 'Two columns', exact: true }).getAttribute('data-component-type')).toBe('SplitContent')
    expect(await picker.locator('li:has([data-component-type="SplitContent"])').innerText()).toBe(
      'Two columns\nTwo columns side by side, each holding its own blocks.',
    )
    expect(await picker.innerText()).not.toMatch(/Component:|SplitContent|BookEasy/)
    expect(await picker.locator('[data-thumbnail]').count()).toBeGreaterThan(30)
    // The thumbnails are real renders: the Quote's has its placeholder texts, the Section heading's its heading.
    await expect
      .poll(() => picker.locator('[data-thumbnail="SectionHeading"] h2, [data-thumbnail="SectionHeading"] h1').count())
      .toBeGreaterThan(0)
    // Text blocks, whose defaults are empty, show their declared sample rather than a blank tile.
    for (const type of ['RichText', 'Text', 'FormattedText']) {
      const words = (await picker.locator(`[data-thumbnail="${type}"]`).textContent()) ?? ''
      expect(words.trim().length, type).toBeGreaterThan(40)
    }
    expect(await picker.locator('[data-thumbnail="RichText"] h2').textContent()).toBe('Plan a weekend away')
    await expectAxeClean(p)
    await screenshot(p, { path: path.join(shots, 'picker-1440.png') })

    // Search by a plain word of a description: only what matches is shown.
    await picker.getByLabel(b.searchComponents).fill('subscribe')
    await expect
      .poll(() => picker.locator('[data-component-type]').evaluateAll((els) => els.map((el) => el.getAttribute('data-component-type'))))
      .toEqual(['NewsletterForm'])
    await picker.getByLabel(b.searchComponents).fill('quote')
    await screenshot(p, { path: path.join(shots, 'picker-search-1440.png') })
    await picker.getByRole('button', { name: 'Quote', exact: true }).click()
    await picker.waitFor({ state: 'detached' })
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Quote', 'Text', 'Quote', 'SplitContent'])
    // The new block is the selected one.
    expect(await p.locator('main [data-editor-frame][data-selected]').getAttribute('data-block')).toBe('Quote')

    // One undo step takes it out again, redo puts it back.
    await p.keyboard.press('Control+z')
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])
    await p.keyboard.press('Control+Shift+z')
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Quote', 'Text', 'Quote', 'SplitContent'])

    // A split side's picker offers only what a split side allows (no columns in columns, no listings).
    await clickGap(p, textFrame(p, 'Left two'), b.insertAt(2, 'left'))
    const sidePicker = p.getByRole('dialog', { name: b.addComponent })
    await sidePicker.waitFor()
    const offered = await sidePicker
      .locator('[data-component-type]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-component-type')))
    expect(offered).toContain('Quote')
    expect(offered).not.toContain('SplitContent')
    expect(offered).not.toContain('Listings')
    await screenshot(p, { path: path.join(shots, 'picker-split-1440.png') })
    // By keyboard: the search has the focus; Enter adds the first match, at the gap.
    await p.keyboard.type('image')
    await p.keyboard.press('Enter')
    await sidePicker.waitFor({ state: 'detached' })
    await expect
      .poll(() =>
        splitFrame(p)
          .locator('[data-editor-frame]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-block'))),
      )
      .toEqual(['Text', 'Image', 'Text', 'Text', 'Text'])
    await p.close()
  })

  test('issue 31: the picker is a roomy dialog clear of the site header, live blocks are still sketches, and it works by keyboard', async () => {
    const p = await openEditing(`e2e-picker-room-${run}`)
    const listingCalls: string[] = []
    p.on('request', (request) => {
      if (/\/listing\/fetch|bookeasy|gadget/i.test(request.url())) listingCalls.push(request.url())
    })
    // Opened by keyboard from "Add component" at the page's end.
    const trigger = p.getByRole('button', { name: b.addComponentTo('page') })
    await trigger.focus()
    await p.keyboard.press('Enter')
    const picker = p.getByRole('dialog', { name: b.addComponent })
    await picker.waitFor()
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')

    // Roomy at 1440×900: at least three rows of cards wholly in view in its scrolling area, and
    // nothing of the page (the site header) drawn over the picker's heading, search or cards.
    const room = await picker.locator('[data-picker-cards]').evaluate((scroller) => {
      const box = scroller.getBoundingClientRect()
      const rows = new Set<number>()
      for (const card of scroller.querySelectorAll('li')) {
        const r = card.getBoundingClientRect()
        if (r.top >= box.top - 1 && r.bottom <= box.bottom + 1) rows.add(Math.round(r.top))
      }
      const dialog = scroller.closest('[role="dialog"]')!
      const d = dialog.getBoundingClientRect()
      const probes = [
        [d.left + 40, d.top + 20],
        [d.left + d.width / 2, d.top + 20],
        [d.right - 40, d.top + 20],
        [box.left + 60, box.top + 60],
      ]
      const covered = probes.filter(([x, y]) => !dialog.contains(document.elementFromPoint(x!, y!))).length
      return { rows: rows.size, covered, width: Math.round(d.width), height: Math.round(d.height) }
    })
    expect(room.rows, JSON.stringify(room)).toBeGreaterThanOrEqual(3)
    expect(room.covered).toBe(0)
    expect(room.width).toBeGreaterThan(1000)

    // Live blocks are still sketches: no listings grid, booking gadget, map or form runs in the
    // picker, nothing in it announces (no live region) and nothing is fetched for it.
    for (const type of ['Listings', 'BookEasy', 'BookEasySearch', 'GiftCard', 'ConciergeForm', 'NewsletterForm', 'RegionMap']) {
      expect(await picker.locator(`[data-thumbnail="${type}"]`).getAttribute('data-sketch'), type).not.toBeNull()
    }
    expect(await picker.locator('[aria-live], [role="status"], [role="alert"], iframe, form, [data-bookeasy]').count()).toBe(0)
    expect(await picker.innerText()).not.toMatch(/results?\b/i)
    expect(listingCalls).toEqual([])
    await expectAxeClean(p)
    await screenshot(p, { path: path.join(shots, 'picker-roomy-1440.png') })

    // Keyboard: ArrowDown from the search to the first card, ArrowRight and ArrowLeft along the
    // row, ArrowDown to the card below (same column), ArrowUp back; Tab goes on to the next card;
    // Escape closes and gives the focus back to what opened the picker.
    const focused = () =>
      p.evaluate(() => {
        const el = document.activeElement
        const card = el?.closest('li')?.getBoundingClientRect()
        return {
          type: el?.getAttribute('data-component-type') ?? null,
          left: Math.round(card?.left ?? -1),
          top: Math.round(card?.top ?? -1),
        }
      })
    const cardTypes = await picker
      .locator('button[data-component-type]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-component-type')))
    await p.keyboard.press('ArrowDown')
    const first = await focused()
    expect(first.type).toBe(cardTypes[0])
    await p.keyboard.press('ArrowRight')
    expect((await focused()).type).toBe(cardTypes[1])
    await p.keyboard.press('ArrowLeft')
    expect((await focused()).type).toBe(cardTypes[0])
    await p.keyboard.press('ArrowDown')
    const below = await focused()
    expect(below.left).toBe(first.left)
    expect(below.top).toBeGreaterThan(first.top)
    await p.keyboard.press('ArrowUp')
    expect((await focused()).type).toBe(cardTypes[0])
    await p.keyboard.press('Tab')
    expect((await focused()).type).toBe(cardTypes[1])
    await p.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(b.addComponentTo('page'))
    expect(await topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])

    // Enter on a card inserts that block at the end of the page.
    await p.keyboard.press('Enter')
    await picker.waitFor()
    await p.keyboard.press('ArrowDown')
    await p.keyboard.press('ArrowRight')
    const chosen = (await focused()).type
    await p.keyboard.press('Enter')
    await picker.waitFor({ state: 'detached' })
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent', chosen])
    await p.close()
  })

  test('blocks move by dragging their handle and by keyboard, on the page and inside a split side; each move is one undo step', async () => {
    const p = await openEditing(`e2e-dnd-${run}`)

    // Page level, mouse: the Text block dragged below the Quote.
    const opening = textFrame(p, 'Opening paragraph.')
    await dragTo(p, handleOf(opening), opening, p.locator('main [data-editor-frame][data-block="Quote"]'))
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Quote', 'Text', 'SplitContent'])
    await p.keyboard.press('Control+z')
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])

    // Page level, keyboard: select the heading (Tab reaches its frame, Enter selects it), then its
    // handle: Space picks it up, ArrowDown twice, Space drops it third. Each step is announced.
    const heading = p.locator('main [data-editor-frame][data-block="SectionHeading"]')
    await heading.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => heading.getAttribute('data-selected')).toBe('true')
    const headingHandle = handleOf(heading)
    expect(await headingHandle.getAttribute('aria-label')).toBe(b.drag('Section Heading'))
    await headingHandle.focus()
    await expectAxeClean(p)
    await p.keyboard.press('Space')
    await pickedUp(p, b.pickedUp('Section Heading', 1, 4))
    await p.keyboard.press('ArrowDown')
    await announced(p, b.movedTo('Section Heading', 2, 4))
    await p.keyboard.press('ArrowDown')
    await announced(p, b.movedTo('Section Heading', 3, 4))
    await p.keyboard.press('Space')
    await announced(p, b.droppedAt('Section Heading', 3, 4))
    await expect.poll(() => topTypes(p)).toEqual(['Text', 'Quote', 'SectionHeading', 'SplitContent'])
    // Escape while moving puts it back where it was.
    await p.keyboard.press('Space')
    await pickedUp(p, b.pickedUp('Section Heading', 3, 4))
    await p.keyboard.press('ArrowUp')
    await announced(p, b.movedTo('Section Heading', 2, 4))
    await p.keyboard.press('Escape')
    await announced(p, b.dragCancelled('Section Heading', 3))
    expect(await topTypes(p)).toEqual(['Text', 'Quote', 'SectionHeading', 'SplitContent'])
    // The keyboard move was one step: one undo restores the first order.
    await p.keyboard.press('Control+z')
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])

    // Inside the split's left side, mouse: 'Left one' dragged onto the third place.
    const one = textFrame(p, 'Left one')
    await dragTo(p, handleOf(one), one, textFrame(p, 'Left three'))
    await expect.poll(() => leftTexts(p)).toEqual(['Left two', 'Left three', 'Left one'])
    // The page's own order did not change.
    expect(await topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', 'SplitContent'])

    // Inside the split, keyboard: 'Left one' back to the top.
    const moved = textFrame(p, 'Left one')
    await moved.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => moved.getAttribute('data-selected')).toBe('true')
    await handleOf(moved).focus()
    await p.keyboard.press('Space')
    await pickedUp(p, b.pickedUp('Text', 3, 3))
    await p.keyboard.press('ArrowUp')
    await announced(p, b.movedTo('Text', 2, 3))
    await p.keyboard.press('ArrowUp')
    await announced(p, b.movedTo('Text', 1, 3))
    await p.keyboard.press('Space')
    await announced(p, b.droppedAt('Text', 1, 3))
    await expect.poll(() => leftTexts(p)).toEqual(['Left one', 'Left two', 'Left three'])
    // Undo walks back one move at a time: first the keyboard move, then the mouse move.
    await p.keyboard.press('Control+z')
    await expect.poll(() => leftTexts(p)).toEqual(['Left two', 'Left three', 'Left one'])
    await p.keyboard.press('Control+z')
    await expect.poll(() => leftTexts(p)).toEqual(['Left one', 'Left two', 'Left three'])
    // Up and Down stay.
    await expectAxeClean(p)
    await p.close()
  })
})
