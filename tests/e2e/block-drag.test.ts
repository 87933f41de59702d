/**
 * Issue 31 point 3: dragging a block shows where it will land. The block stays in place (dimmed), a
 * compact preview (its name) follows the pointer, a line marks the gap nearest the pointer and the
 * drop lands there, a short drag included; near the window's bottom edge the page scrolls. By
 * keyboard the handle is a tab stop: Space lifts, the arrows move the line, Enter drops, Escape
 * cancels, each step announced. The same in Firefox (puppeteer-core over WebDriver BiDi).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page as FirefoxPage } from 'puppeteer-core'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { openFirefox, signedInFirefoxContext } from '../helpers/firefox.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(120_000) })

const baseUrl = laneBaseUrl()
const b = editorTexts.blocks
const run = Date.now().toString(36)
const shots = process.env.SHOTS_DIR || '/tmp/shots-drag'

const session = openEditorSession({ viewport: { width: 1280, height: 720 }, timeoutMs: 15_000 })
const firefox = openFirefox()
beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true })
})

const long = (n: number) => `Paragraph ${n}. ` + 'Cellar doors, long lunches and quiet roads between the vines. '.repeat(8)
/** Ten blocks, tall enough that the last ones are well below the first screen. */
const contents = [
  { componentType: 'SectionHeading', text: 'Wine country' },
  ...Array.from({ length: 8 }, (_, i) => ({ componentType: 'Text', text: long(i + 1) })),
  { componentType: 'Quote', text: 'The best weekend we had all year.', quotee: 'A visitor' },
]
const order = ['Heading', ...Array.from({ length: 8 }, (_, i) => `P${i + 1}`), 'Quote']

/** The page's top-level blocks as short names (Heading, P1…P8, Quote), in order. */
const orderScript = () =>
  [...document.querySelectorAll('main [data-editor-frame]')]
    .filter((el) => !el.parentElement?.closest('[data-editor-frame]'))
    .map((el) => {
      const type = el.getAttribute('data-block')
      if (type === 'Text') return `P${/Paragraph (\d+)/.exec(el.textContent ?? '')?.[1] ?? '?'}`
      return type === 'SectionHeading' ? 'Heading' : (type ?? '?')
    })
const topOrder = (p: Page) => p.evaluate(orderScript)
/** Which top-level block the insertion line is above ('end' below the last), or null. */
const lineScript = () => {
  const target = document.querySelector('main [data-drop-target]')
  if (!target) return null
  if (target.classList.contains('editor-drop-end')) return 'end'
  const frames = [...document.querySelectorAll('main [data-editor-frame]')].filter(
    (el) => !el.parentElement?.closest('[data-editor-frame]'),
  )
  return frames.indexOf(target)
}
const lineAbove = (p: Page) => p.evaluate(lineScript)

const frameAt = (p: Page, index: number) => p.locator('main [data-editor-frame]:not([data-editor-frame] [data-editor-frame])').nth(index)
const handleOf = (frame: Locator) => frame.locator(':scope > .editor-drag-handle')
const announced = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor({ state: 'attached' })

async function openEditing(slug: string): Promise<Page> {
  await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Drag ${run}` }, contents })
  const p = await session.editor.newPage()
  await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, editorTexts.menu.select)
  await frameAt(p, 9).waitFor()
  return p
}

/** Presses a block's handle with the mouse and moves a few pixels: the drag has begun. */
async function lift(p: Page, frame: Locator) {
  await frame.hover()
  const h = (await handleOf(frame).boundingBox())!
  const x = h.x + h.width / 2
  const y = h.y + h.height / 2
  await p.mouse.move(x, y)
  await p.mouse.down()
  await p.mouse.move(x + 4, y + 8, { steps: 4 })
  await p.locator('[data-drag-preview]').waitFor()
  return { x: x + 4, y: y + 8 }
}

describe('dragging a block shows where it lands (issue 31 point 3)', () => {
  test('Chromium, mouse: compact preview, insertion line at the nearest gap, a short drag moves, the page scrolls near the edge', async () => {
    const p = await openEditing(`e2e-drag-${run}`)
    expect(await topOrder(p)).toEqual(order)

    // Lift P1 (the second block): it stays where it was, dimmed; the preview is small, not the block.
    const p1 = frameAt(p, 1)
    // P1's top 200 px below the window's top, so what follows is clear of the edges that scroll.
    await p1.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 200))
    const pageTop = (frame: Locator) => frame.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    const before = await pageTop(p1)
    let pointer = await lift(p, p1)
    expect(await p1.getAttribute('data-dragging')).toBe('true')
    expect(await p1.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.45')
    expect(Math.abs((await pageTop(p1)) - before)).toBeLessThan(2)
    const preview = (await p.locator('[data-drag-preview]').boundingBox())!
    expect(await p.locator('[data-drag-preview]').textContent()).toBe('Text')
    expect(preview.height).toBeLessThan(60)
    expect(preview.width).toBeLessThan(360)
    // The preview sits at the pointer.
    expect(Math.abs(preview.y + preview.height / 2 - pointer.y)).toBeLessThan(4)

    // A short drag: just past the middle of P2 puts the line under P2 (above P3).
    const p2 = (await frameAt(p, 2).boundingBox())!
    pointer = { x: pointer.x, y: p2.y + p2.height / 2 + 6 }
    await p.mouse.move(pointer.x, pointer.y, { steps: 6 })
    await expect.poll(() => lineAbove(p)).toBe(3)
    const line = await frameAt(p, 3).evaluate((el) => {
      const style = getComputedStyle(el, '::before')
      return { height: style.height, background: style.backgroundColor }
    })
    expect(line).toEqual({ height: '4px', background: 'rgb(37, 99, 235)' })
    await screenshot(p, { path: path.join(shots, 'drag-line-chromium.png') })
    // Just above P2's middle: the line is above P2, the gap P1 came from… which leaves it in place.
    await p.mouse.move(pointer.x, p2.y + p2.height / 2 - 6, { steps: 3 })
    await expect.poll(() => lineAbove(p)).toBe(2)
    await p.mouse.move(pointer.x, pointer.y, { steps: 3 })
    await expect.poll(() => lineAbove(p)).toBe(3)
    await p.mouse.up()
    await expect.poll(() => topOrder(p)).toEqual(['Heading', 'P2', 'P1', ...order.slice(3)])
    expect(await p.locator('[data-drag-preview]').count()).toBe(0)
    expect(await p.locator('main [data-drop-target]').count()).toBe(0)
    // One undo step.
    await p.keyboard.press('Control+z')
    await expect.poll(() => topOrder(p)).toEqual(order)

    // Near the bottom edge the page scrolls by itself, and the line follows down to the end of the list.
    await p.evaluate(() => window.scrollTo(0, 0))
    const scrolledBefore = await p.evaluate(() => window.scrollY)
    pointer = await lift(p, frameAt(p, 1))
    const viewport = p.viewportSize()!
    await p.mouse.move(pointer.x, viewport.height - 4, { steps: 10 })
    await expect.poll(() => p.evaluate(() => window.scrollY), { timeout: 15_000 }).toBeGreaterThan(scrolledBefore + 400)
    // The pointer held at the edge: the page scrolls on until the list's end is under it.
    await expect.poll(() => lineAbove(p), { timeout: 20_000 }).toBe('end')
    await screenshot(p, { path: path.join(shots, 'drag-end-chromium.png') })
    await p.mouse.up()
    await expect.poll(() => topOrder(p)).toEqual(['Heading', ...order.slice(2), 'P1'])
    await p.close()
  })

  test('Chromium, keyboard: the handle is a tab stop; Space lifts, arrows move the line, Enter drops, Escape cancels; announced; axe clean', async () => {
    const p = await openEditing(`e2e-drag-keys-${run}`)
    const heading = frameAt(p, 0)
    // Tab from the block reaches its handle (the gap's "+" first), without selecting the block.
    await heading.focus()
    const stops: string[] = []
    for (let i = 0; i < 2; i++) {
      await p.keyboard.press('Tab')
      stops.push(await p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
    }
    expect(stops).toEqual([b.insertAt(1, 'page'), b.drag('Section Heading')])
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])

    await p.keyboard.press('Space')
    await announced(p, b.pickedUp('Section Heading', 1, 10))
    await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await p.keyboard.press('ArrowDown')
    await announced(p, b.movedTo('Section Heading', 2, 10))
    // The line is under P1 (above P2): dropping there puts the heading second.
    await expect.poll(() => lineAbove(p)).toBe(2)
    await p.keyboard.press('ArrowDown')
    await announced(p, b.movedTo('Section Heading', 3, 10))
    await expect.poll(() => lineAbove(p)).toBe(3)
    await p.keyboard.press('ArrowUp')
    await announced(p, b.movedTo('Section Heading', 2, 10))
    await expect.poll(() => lineAbove(p)).toBe(2)
    await screenshot(p, { path: path.join(shots, 'drag-keyboard-chromium.png') })
    await p.keyboard.press('Enter')
    await announced(p, b.droppedAt('Section Heading', 2, 10))
    await expect.poll(() => topOrder(p)).toEqual(['P1', 'Heading', ...order.slice(2)])

    // Escape puts it back.
    await handleOf(frameAt(p, 1)).focus()
    await p.keyboard.press('Space')
    await announced(p, b.pickedUp('Section Heading', 2, 10))
    await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    for (let i = 0; i < 8; i++) await p.keyboard.press('ArrowDown')
    await announced(p, b.movedTo('Section Heading', 10, 10))
    await expect.poll(() => lineAbove(p)).toBe('end')
    await p.keyboard.press('Escape')
    await announced(p, b.dragCancelled('Section Heading', 2))
    expect(await topOrder(p)).toEqual(['P1', 'Heading', ...order.slice(2)])
    expect(await p.locator('main [data-drop-target]').count()).toBe(0)
    await p.close()
  })

  test('Firefox: the same drag by mouse and by keyboard', async () => {
    const slug = `e2e-drag-firefox-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Drag ${run}` }, contents })
    const context = await signedInFirefoxContext(firefox.browser, baseUrl, inject('editor'))
    try {
      const p = await context.newPage()
      await p.setViewport({ width: 1280, height: 720 })
      await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
      await p.locator(`::-p-aria(${editorTexts.menu.select}[role="button"])`).click()
      await p.waitForSelector('main [data-editor-frame][data-block="Quote"]')
      expect(await p.evaluate(orderScript)).toEqual(order)
      // At 1280 px with the menu expanded (issue 31), the page is offset beside the menu: every
      // block's handle is right of it, and what is under the handle's centre is the handle itself.
      await p.locator(`::-p-aria(${editorTexts.menu.collapse}[role="button"])`).wait()
      await (await topFrames(p))[1]!.hover()
      const layout = await p.evaluate(() => {
        const menu = document.querySelector('[data-collapsed]')!.getBoundingClientRect()
        const handles = [...document.querySelectorAll('main [data-editor-frame] > .editor-drag-handle')]
        const covered = handles.filter((handle) => {
          const r = handle.getBoundingClientRect()
          if (r.bottom < 0 || r.top > window.innerHeight) return false
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
          return getComputedStyle(handle).opacity !== '0' && !handle.contains(hit)
        }).length
        const firstLeft = Math.min(...handles.map((handle) => handle.getBoundingClientRect().left))
        return { menuRight: menu.right, firstLeft, covered, shown: handles.length, scrollX: window.scrollX }
      })
      // The document never scrolls sideways (it did, by the header's overflow, under the menu).
      expect(layout.scrollX).toBe(0)
      expect(layout.shown).toBeGreaterThan(0)
      expect(layout.firstLeft).toBeGreaterThanOrEqual(layout.menuRight)
      expect(layout.covered).toBe(0)

      // Mouse: P1 lifted and dragged just past P2's middle; the line shows under P2, the drop lands there.
      const frames = await topFrames(p)
      await frames[1]!.hover()
      const handle = (await (await frames[1]!.$(':scope > .editor-drag-handle'))!.boundingBox())!
      const x = handle.x + handle.width / 2
      const y = handle.y + handle.height / 2
      await p.mouse.move(x, y)
      await p.mouse.down()
      await p.mouse.move(x + 4, y + 8, { steps: 4 })
      await p.waitForSelector('[data-drag-preview]')
      const p2 = (await frames[2]!.boundingBox())!
      await p.mouse.move(x, p2.y + p2.height / 2 + 6, { steps: 8 })
      await waitFor(() => p.evaluate(lineScript), 3)
      const preview = (await (await p.$('[data-drag-preview]'))!.boundingBox())!
      expect(preview.height).toBeLessThan(60)
      await screenshot(p, { path: path.join(shots, 'drag-line-firefox.png') })
      await p.mouse.up()
      await waitFor(() => p.evaluate(orderScript), ['Heading', 'P2', 'P1', ...order.slice(3)])

      // Keyboard: Tab from the heading's frame to its handle, Space, ArrowDown twice, Space.
      await frames[0]!.focus()
      await p.keyboard.press('Tab')
      await p.keyboard.press('Tab')
      expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(b.drag('Section Heading'))
      await p.keyboard.press(' ')
      await waitForText(p, b.pickedUp('Section Heading', 1, 10))
      await p.keyboard.press('ArrowDown')
      await waitForText(p, b.movedTo('Section Heading', 2, 10))
      await p.keyboard.press('ArrowDown')
      await waitForText(p, b.movedTo('Section Heading', 3, 10))
      await waitFor(() => p.evaluate(lineScript), 3)
      await p.keyboard.press(' ')
      await waitForText(p, b.droppedAt('Section Heading', 3, 10))
      await waitFor(() => p.evaluate(orderScript), ['P2', 'P1', 'Heading', ...order.slice(3)])
    } finally {
      await context.close()
    }
  })
})

/** The page's top-level block frames, in order (Firefox). */
async function topFrames(p: FirefoxPage) {
  const all = await p.$$('main [data-editor-frame]')
  const top = []
  for (const frame of all) if (await frame.evaluate((el) => !el.parentElement?.closest('[data-editor-frame]'))) top.push(frame)
  return top
}

/** Polls until `read` answers `expected` (puppeteer has no expect.poll of its own). */
async function waitFor<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  await expect.poll(read, { timeout: timeoutMs }).toEqual(expected)
}

/** Waits for a live region (or anything) to hold exactly this text. */
async function waitForText(p: FirefoxPage, text: string) {
  await p.waitForFunction(
    (wanted) => [...document.querySelectorAll('[aria-live], [role="status"]')].some((el) => el.textContent?.includes(wanted)),
    {},
    text,
  )
}
