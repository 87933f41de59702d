/**
 * Issue 32 point 6: the editor keeps up on a long page. A key typed into one block re-renders that
 * block only: on a page of 150 blocks every key re-rendered every block's frame and fields (0.5 s
 * per key on a slow laptop). Which components React rendered is read the way React's developer
 * tools read it: through the hook React looks for at start (__REACT_DEVTOOLS_GLOBAL_HOOK__), told of
 * every commit; each component that did work in a commit is placed in the top-level block whose
 * markup holds it.
 */
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { chooseMenuItem, editorMenu, openEditorSession, openPageForEditing, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const run = Date.now().toString(36)
const session = openEditorSession({ viewport: { width: 1280, height: 900 }, timeoutMs: 20_000 })

/**
 * In the page, before React loads: a stand-in for the developer tools' hook that records, per commit,
 * the top-level blocks (their index among the page's frames) in which a component rendered, and -1
 * for components outside any block. Plain JavaScript in a string (tsx would add helpers to a function).
 */
const renderRecorder = `
(() => {
  const PERFORMED_WORK = 1
  // Function, class, forward-ref and memo components: the kinds React renders (not host elements).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15])
  const HOST = 5
  const topFrame = (el) => {
    let frame = el && el.closest ? el.closest('main [data-editor-frame]') : null
    while (frame && frame.parentElement && frame.parentElement.closest('main [data-editor-frame]'))
      frame = frame.parentElement.closest('main [data-editor-frame]')
    return frame
  }
  const hostChildren = (fiber, out) => {
    for (let child = fiber.child; child && out.length < 2; child = child.sibling) {
      if (child.tag === HOST) out.push(child.stateNode)
      else hostChildren(child, out)
    }
    return out
  }
  const hostParent = (fiber) => {
    for (let f = fiber.return; f; f = f.return) if (f.tag === HOST) return f.stateNode
    return null
  }
  /** The frame a rendered component belongs to: the frame it renders, or the one around it. */
  const frameOf = (fiber) => {
    const own = hostChildren(fiber, [])
    if (own.length === 1 && own[0].matches && own[0].matches('main [data-editor-frame]')) return topFrame(own[0])
    return topFrame(hostParent(fiber))
  }
  const visit = (fiber, rendered) => {
    const previous = fiber.alternate
    if (COMPONENT_TAGS.has(fiber.tag) && previous && (fiber.flags & PERFORMED_WORK)) rendered.push(fiber)
    // A subtree React did not touch in this commit keeps its children: nothing in it rendered.
    if (previous && previous.child === fiber.child) return
    for (let child = fiber.child; child; child = child.sibling) visit(child, rendered)
  }
  window.__renders = { recording: false, blocks: [], commits: 0 }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(1, renderer); return 1 },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      const state = window.__renders
      if (!state.recording) return
      state.commits++
      const rendered = []
      visit(root.current, rendered)
      const frames = [...document.querySelectorAll('main [data-editor-frame]')].filter((el) => topFrame(el) === el)
      for (const fiber of rendered) {
        const frame = frameOf(fiber)
        const index = frame ? frames.indexOf(frame) : -1
        if (!state.blocks.includes(index)) state.blocks.push(index)
      }
    },
  }
})()
`

const recorded = (p: Page) => p.evaluate(() => (window as unknown as { __renders: { blocks: number[]; commits: number } }).__renders)
const record = (p: Page, on: boolean) =>
  p.evaluate((value) => {
    const renders = (window as unknown as { __renders: { recording: boolean; blocks: number[]; commits: number } }).__renders
    renders.recording = value
    if (value) {
      renders.blocks = []
      renders.commits = 0
    }
  }, on)

test('a key typed into one block of a long page, and its undo, re-render that block, not the others', async () => {
  await session.editor.addInitScript({ content: renderRecorder })
  const contents = [
    ...Array.from({ length: 12 }, (_, i) => ({ componentType: 'Text', text: `Paragraph ${i + 1} about the cellar doors.` })),
    { componentType: 'SectionHeading', title: 'Wine country', subtitle: 'Long lunches' },
    ...Array.from({ length: 12 }, (_, i) => ({ componentType: 'Quote', text: `Quote ${i + 1}`, quotee: 'A visitor' })),
    {
      componentType: 'SplitContent',
      left: [{ componentType: 'Text', text: 'Left side' }],
      right: [{ componentType: 'Text', text: 'Right side' }],
    },
  ]
  const p = await openPageForEditing(session.editor, { slug: `e2e-long-page-${run}`, title: `Long page ${run}`, contents })
  const frames = p.locator('main [data-editor-frame]:not([data-editor-frame] [data-editor-frame])')
  await expect.poll(() => frames.count()).toBe(contents.length)
  // Every block mounted (those off screen mount in idle time): their mounting is no key's render.
  await expect.poll(() => p.locator('main [data-editor-pending]').count()).toBe(0)
  expect(await p.evaluate(() => typeof (window as unknown as { __renders?: unknown }).__renders)).toBe('object')

  const heading = frames.nth(12).locator('[data-editable="content"]').first()
  await heading.click()
  await heading.press('End')
  await record(p, true)
  await p.keyboard.type(' and vines', { delay: 30 })
  await expect.poll(() => heading.innerText()).toBe('Wine country and vines')
  // Let the last key's commits land before reading them: the next frame is drawn and the page has
  // no work left (React schedules its renders as tasks, which an idle period comes after).
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))))
  await record(p, false)
  const { blocks, commits } = await recorded(p)
  expect(commits).toBeGreaterThan(0)
  // The heading's block (12), and the editor's chrome and page outside the blocks (-1): no other block.
  expect(blocks.filter((index) => index !== -1).sort((a, b) => a - b)).toEqual([12])

  // Undo brings the heading's text back and, again, re-renders that block alone.
  await record(p, true)
  await p.keyboard.press('Control+z')
  await expect.poll(() => heading.innerText()).toBe('Wine country')
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))))
  await record(p, false)
  const undone = await recorded(p)
  expect(undone.commits).toBeGreaterThan(0)
  expect(undone.blocks.filter((index) => index !== -1).sort((a, b) => a - b)).toEqual([12])
  await p.close()
})

/**
 * Select Component on a long page mounts the blocks on screen at once and the others later
 * (app/editor/editing/lazy-frames.ts): a block far down is at first its frame alone. It must still
 * be reached by the keyboard (its frame, then its own controls), become editable when scrolled to,
 * and in time every block is editable without anything being done.
 */
test('a block far down a long page is editable when the keyboard reaches it or it is scrolled to, and in time every block is', async () => {
  const contents = Array.from({ length: 60 }, (_, i) => ({ componentType: 'SectionHeading', title: `Cellar door ${i + 1}`, subtitle: '' }))
  await saveDraftPage(session.editor, {
    slug: `e2e-far-block-${run}`,
    template: 'generic',
    header: { title: `Far block ${run}` },
    contents,
  })
  const p = await session.editor.newPage()
  await p.goto(`${laneBaseUrl()}/e2e-far-block-${run}`, { waitUntil: 'load' })
  const select = editorMenu(p).getByRole('button', { name: editorTexts.menu.select, exact: true })
  await select.waitFor()
  await p.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const frames = p.locator('main [data-editor-frame]')
  // Select Component, then (the frames committed, nothing idle ran yet: the next frame's callback)
  // the 41st block's frame takes the focus, as Tab would give it.
  await select.evaluate((button) => ((window as unknown as { __select: Element }).__select = button))
  const atFocus = await p.evaluate(async () => {
    ;(window as unknown as { __select: HTMLElement }).__select.click()
    while (document.querySelectorAll('main [data-editor-frame]').length < 60) await new Promise((resolve) => requestAnimationFrame(resolve))
    const waiting = document.querySelectorAll('main [data-editor-pending]').length
    const frame = document.querySelectorAll<HTMLElement>('main [data-editor-frame]')[40]!
    const pending = frame.hasAttribute('data-editor-pending')
    frame.focus()
    return { waiting, pending }
  })
  // The blocks off screen waited (so the focus above reached a waiting frame).
  expect(atFocus.waiting).toBeGreaterThan(40)
  expect(atFocus.pending).toBe(true)
  const far = frames.nth(40)
  await expect.poll(() => far.getAttribute('data-editor-pending')).toBeNull()
  await p.keyboard.press('Tab')
  // The next tab stop is the block's own (its "+"), not the next block.
  expect(await p.evaluate(() => document.activeElement?.closest('main [data-editor-frame]')?.getAttribute('data-block-path'))).toBe(
    'contents.40',
  )
  const farTitle = far.getByRole('textbox', { name: 'Title', exact: true })
  await farTitle.click()
  await p.keyboard.press('End')
  await p.keyboard.type(' and vines')
  await expect.poll(() => farTitle.innerText()).toBe('Cellar door 41 and vines')

  // Scrolled to, the last block is editable.
  const last = frames.nth(59)
  await last.scrollIntoViewIfNeeded()
  await expect(last.getByRole('textbox', { name: 'Title', exact: true }).innerText()).resolves.toBe('Cellar door 60')
  // In time every block is, unasked.
  await expect.poll(() => p.locator('main [data-editor-pending]').count()).toBe(0)
  await expect.poll(() => p.locator('main [data-editor-frame] [data-editable="content"]').count()).toBeGreaterThanOrEqual(60)
  await p.close()
})

/**
 * What an editor downloads for a first edit (Select Component, a key typed into a heading) of the
 * editor's own JavaScript: every script the page asked for after React hydrated it (the editor loads
 * only then; a visitor's scripts all come before), less the block views (View-*.js, the visitors'
 * code, which editing shows too). Panels, dialogs and their libraries come later, when opened
 * (app/editor/lazy.ts).
 */
const FIRST_EDIT_BUDGET_GZIP_BYTES = 200 * 1024

/** In the page: when React marked the document hydrated (performance.now()). */
const hydrationClock = `
new MutationObserver((_, observer) => {
  if (!document.documentElement || document.documentElement.dataset.hydrated === undefined) return
  window.__hydratedAt = performance.now()
  observer.disconnect()
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
`

test("the editor's JavaScript for a first edit stays small; a panel's comes when it opens", async () => {
  const slug = `e2e-first-edit-${run}`
  const contents = [
    { componentType: 'SectionHeading', title: 'Cellar doors', subtitle: '' },
    { componentType: 'Text', text: 'Open daily from ten.' },
  ]
  await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `First edit ${run}` }, contents })
  const p = await session.editor.newPage()
  await p.addInitScript({ content: hydrationClock })
  const bodies = new Map<string, Promise<Buffer>>()
  p.on('response', (response) => {
    if (/\.js$/.test(new URL(response.url()).pathname) && response.ok() && !bodies.has(response.url()))
      bodies.set(response.url(), response.body())
  })
  await p.goto(`${laneBaseUrl()}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, editorTexts.menu.select)
  const heading = p.locator('main [data-editor-frame][data-block="SectionHeading"]').getByRole('textbox', { name: 'Title', exact: true })
  await heading.click()
  await p.keyboard.press('End')
  await p.keyboard.type('!')
  await expect.poll(() => heading.innerText()).toBe('Cellar doors!')

  const { hydratedAt, requested } = await p.evaluate(() => ({
    hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? Infinity,
    requested: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: entry.startTime })),
  }))
  expect(hydratedAt).toBeLessThan(Infinity)
  const own = requested.filter(
    ({ url, start }) => start >= hydratedAt && /\/assets\/[^/]*\.js$/.test(url) && !/\/assets\/View-[^/]*\.js$/.test(url),
  )
  expect(own.some(({ url }) => /\/assets\/EditorRoot-[^/]*\.js$/.test(url))).toBe(true)
  let gzip = 0
  const rows: string[] = []
  for (const { url } of own) {
    const body = bodies.get(url)
    expect(body, url).toBeDefined()
    const size = gzipSync(await body!, { level: 6 }).length
    gzip += size
    rows.push(`${new URL(url).pathname}: ${size} B gzip`)
  }
  console.log(
    `editor scripts for a first edit: ${own.length} files, ${gzip} B gzip (budget ${FIRST_EDIT_BUDGET_GZIP_BYTES})\n  ${rows.join('\n  ')}`,
  )
  expect(gzip, rows.join('\n')).toBeLessThan(FIRST_EDIT_BUDGET_GZIP_BYTES)

  // Opening a panel downloads its chunk then, not before.
  const panelChunk = /\/assets\/PageSettingsPanel-[^/]*\.js$/
  expect([...bodies.keys()].some((url) => panelChunk.test(url))).toBe(false)
  await chooseMenuItem(p, editorTexts.menu.pageSettings)
  await p.getByRole('dialog', { name: editorTexts.panels.pageSettings }).waitFor()
  expect([...bodies.keys()].some((url) => panelChunk.test(url))).toBe(true)
  await p.close()
})
