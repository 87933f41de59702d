/**
 * `npm run bench -- editor` (or `npx tsx bench/editor-150.ts`): how the in-page editor keeps up on
 * a long page (issue 32 point 6). Chromium with 4x CPU throttling (Lighthouse's phone setting) on a
 * generated 150-block page (the all-blocks demo page's blocks, repeated), signed in as an editor:
 *
 *   select  Select Component clicked -> every block framed, those on screen editable, painted
 *   whole   Select Component clicked -> every block editable (the ones off screen mount in idle time)
 *   key     a key typed into the first heading -> the next paint (20 keys; p50, p95, max)
 *   undo    Ctrl+Z -> the heading shows the undone text, painted
 *   drop    a block dragged by its handle and dropped one place down -> the new order painted
 *   save    Save Page clicked in its panel -> the "saved" toast painted
 *
 * Times are taken in the page (performance.now(); "painted" is a frame after the change: a
 * requestAnimationFrame callback, then a message posted from it, which runs after the paint).
 * Builds nothing: run `npm run build` first. BENCH_RUNS (default 3) runs, each in a fresh tab;
 * the median of the runs is printed. It is a benchmark, not a test: numbers on a shared machine are
 * noisy, repeat them. BENCH_PROFILE=1 names the scripts' heaviest functions, BENCH_TRACE=1 breaks each
 * action's time into scripts, style, layout and paint (and the heaviest kinds of work); with
 * BENCH_TRACE_DIR=folder the raw traces (and the keys' CPU profile) are written there, to open in
 * DevTools or to ask which caller a function's time came from.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'
import type { BrowserContext, CDPSession } from 'playwright-core'
import { editorTexts } from '#lib/editor-texts'
import { texts } from '#lib/texts'
import { launchBrowser } from '../tests/helpers/browser.ts'
import { createEditorCli } from '../tests/helpers/cli.ts'
import { buildDir, preparedDemoCopy, startProductionServer } from '../tests/helpers/server.ts'

const BLOCKS = 150
const KEYS = 20
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3)
const editor = { username: 'bench-editor', email: 'bench-editor@example.com', password: 'bench-editor-password' }

interface RunResult {
  frames: number
  editables: number
  elements: number
  selectMs: number
  wholeMs: number
  keyMs: number[]
  undoMs: number
  dropMs: number
  saveMs: number
}

/**
 * In the page: helpers that time an action to the paint that shows its effect. Plain JavaScript in a
 * string: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const pageHelpers = `
(() => {
  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve(performance.now())
        channel.port2.postMessage(null)
      }),
    )
  // Resolves once done() holds (checked every frame), then after the next paint: ms since t0.
  const until = async (t0, done, timeoutMs = 30000) => {
    while (!done()) {
      if (performance.now() - t0 > timeoutMs) throw new Error('timed out')
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    return (await afterPaint()) - t0
  }
  window.__bench = { afterPaint, until, keyTimes: [] }
  // Key -> paint: from the keydown's timestamp (when the browser received it) to the paint after it.
  window.addEventListener('keydown', (event) => {
    const t0 = event.timeStamp
    void afterPaint().then((t1) => window.__bench.keyTimes.push(t1 - t0))
  }, true)
})()
`

/**
 * BENCH_TRACE=1: where the main thread's time went while each action ran (a Chromium trace): the
 * time in each kind of work (scripts, style, layout, paint; nested kinds count in both), each style
 * recalculation with the elements it restyled, and what invalidated styles most often. A profile
 * names scripts only; a whole-page restyle (issue 32: an `html:has()` rule) shows only here.
 */
const TRACE = process.env.BENCH_TRACE === '1'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  args?: { name?: string; elementCount?: number; data?: Record<string, unknown> }
}

async function startTrace(cdp: CDPSession): Promise<() => Promise<string>> {
  const events: TraceEvent[] = []
  const collect = ({ value }: { value: object[] }) => void events.push(...(value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.invalidationTracking',
      ],
    },
  })
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.end')
    await complete
    cdp.off('Tracing.dataCollected', collect)
    if (process.env.BENCH_TRACE_DIR) {
      fs.mkdirSync(process.env.BENCH_TRACE_DIR, { recursive: true })
      fs.writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `trace-${Date.now()}.json`), JSON.stringify({ traceEvents: events }))
    }
    // The page's main thread: the renderer's main thread that laid something out.
    const main = events.find(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'Layout'),
    )
    const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid)
    const kinds = new Map<string, number>()
    for (const e of onMain) if (e.ph === 'X' && e.dur) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000)
    const restyles = onMain
      .filter((e) => e.name === 'UpdateLayoutTree' && e.dur && e.dur >= 1000)
      .map((e) => `${(e.dur! / 1000).toFixed(0)} ms/${e.args?.elementCount ?? '?'}`)
    const causes = new Map<string, number>()
    for (const e of onMain) {
      if (e.name !== 'StyleRecalcInvalidationTracking' && e.name !== 'StyleInvalidatorInvalidationTracking') continue
      const data = e.args?.data ?? {}
      const cause = `${String(data.reason ?? '')} ${String(data.nodeName ?? '')}`.slice(0, 100)
      causes.set(cause, (causes.get(cause) ?? 0) + 1)
    }
    const top = (map: Map<string, number>, n: number, unit = '') =>
      [...map.entries()]
        .sort((x, y) => y[1] - x[1])
        .slice(0, n)
        .map(([name, value]) => `      ${value.toFixed(0).padStart(6)}${unit}  ${name}`)
        .join('\n')
    const names = ['RunTask', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit']
    return (
      `    ${names.map((name) => `${name} ${(kinds.get(name) ?? 0).toFixed(0)} ms`).join(', ')}\n` +
      `    the heaviest kinds of work (nested ones count in each):\n${top(kinds, 14, ' ms')}\n` +
      `    style recalculations (ms/elements): ${restyles.join(', ') || 'none over 1 ms'}\n` +
      `    style invalidations:\n${top(causes, 8)}`
    )
  }
}

/** BENCH_PROFILE=1: the heaviest functions (self time) while Select Component runs and while keys are typed. */
const PROFILE = process.env.BENCH_PROFILE === '1'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  hitCount?: number
}

/** Source maps of the build's scripts (BUNDLE_SOURCEMAP=1 npm run build), to name minified functions. */
const consumers = new Map<string, SourceMapConsumer | null>()
function original(url: string, line: number, column: number): string | null {
  const file = path.join(buildDir, 'client/assets', url.replace(/^.*\//, '') + '.map')
  if (!consumers.has(file))
    consumers.set(file, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null)
  const at = consumers.get(file)?.originalPositionFor({ line: line + 1, column })
  return at?.source ? `${at.name ?? ''} ${at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${at.line}` : null
}

function topFunctions(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, n = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame
    if (!frame) return
    const name =
      original(frame.url, frame.lineNumber, frame.columnNumber) ??
      `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}`
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000)
  })
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n')
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}
const median = (values: number[]) => percentile(values, 50)

async function makeContents(context: BrowserContext, baseUrl: string): Promise<Record<string, unknown>[]> {
  const response = await context.request.get(`${baseUrl}/api/page/load?slug=all-blocks`)
  if (!response.ok()) throw new Error(`all-blocks: ${response.status()} ${await response.text()}`)
  const library = ((await response.json()) as { contents: Record<string, unknown>[] }).contents
  // Stored keys are per block: the copies get none (the editor gives each a fresh one).
  const blocks = Array.from({ length: BLOCKS - 1 }, (_, i) => {
    const { _key, ...block } = library[i % library.length]!
    void _key
    return block
  })
  return [{ componentType: 'SectionHeading', title: 'Bench heading' }, ...blocks]
}

async function oneRun(context: BrowserContext, baseUrl: string, slug: string): Promise<RunResult> {
  const page = await context.newPage()
  // Third parties (players, maps) never leave the machine.
  await page.route(/youtube-nocookie\.com|player\.vimeo\.com|barossa\.example/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stand-in</title>' }),
  )
  await page.addInitScript({ content: pageHelpers })
  await page.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
  await menu.waitFor()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  try {
    if (PROFILE) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const traceSelect = TRACE ? await startTrace(cdp) : null
    // Select Component: from the click to every block framed and the ones on screen editable (not
    // waiting: app/editor/editing/lazy-frames.ts), painted; then to every block editable.
    const selectButton = menu.getByRole('button', { name: editorTexts.menu.select, exact: true })
    await selectButton.evaluate((el) => ((window as unknown as Record<string, unknown>).__selectButton = el))
    const selectMs = await page.evaluate((blocks) => {
      const w = window as unknown as {
        __bench: { until: (t0: number, done: () => boolean) => Promise<number> }
        __selectButton: HTMLElement
        __selectT0: number
      }
      const t0 = performance.now()
      w.__selectT0 = t0
      w.__selectButton.click()
      return w.__bench.until(
        t0,
        () =>
          document.querySelectorAll('main [data-editor-frame]').length >= blocks &&
          ![...document.querySelectorAll('main [data-editor-pending]')].some((el) => {
            const rect = el.getBoundingClientRect()
            return rect.bottom > 0 && rect.top < window.innerHeight
          }),
      )
    }, BLOCKS)
    if (traceSelect) console.log(`  select, trace:\n${await traceSelect()}`)
    const wholeMs = await page.evaluate(() => {
      const w = window as unknown as { __bench: { until: (t0: number, done: () => boolean) => Promise<number> }; __selectT0: number }
      return w.__bench.until(w.__selectT0, () => !document.querySelector('main [data-editor-pending]'))
    })
    if (PROFILE) console.log(`  select, self time:\n${topFunctions((await cdp.send('Profiler.stop')).profile)}`)
    const counts = await page.evaluate(() => ({
      frames: document.querySelectorAll('main [data-editor-frame]').length,
      editables: document.querySelectorAll('main [data-editable]').length,
      elements: document.querySelectorAll('*').length,
    }))

    // Keys into the first heading, one at a time: each one's paint before the next.
    const heading = page.locator('main [data-editor-frame][data-block="SectionHeading"] [data-editable="content"]').first()
    await heading.click()
    await page.keyboard.press('End')
    await page.evaluate(() => ((window as unknown as { __bench: { keyTimes: number[] } }).__bench.keyTimes = []))
    const traceKeys = TRACE ? await startTrace(cdp) : null
    if (PROFILE) await cdp.send('Profiler.start')
    for (const key of 'abcdefghijklmnopqrst'.slice(0, KEYS)) {
      await page.keyboard.press(key)
      await page.evaluate(() => (window as unknown as { __bench: { afterPaint: () => Promise<number> } }).__bench.afterPaint())
    }
    await page.waitForFunction((n) => (window as unknown as { __bench: { keyTimes: number[] } }).__bench.keyTimes.length >= n, KEYS)
    const keyMs = await page.evaluate(() => (window as unknown as { __bench: { keyTimes: number[] } }).__bench.keyTimes.slice())
    const typed = await heading.innerText()
    if (traceKeys) console.log(`  keys, trace:\n${await traceKeys()}`)
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop')
      if (process.env.BENCH_TRACE_DIR) fs.writeFileSync(path.join(process.env.BENCH_TRACE_DIR, 'keys.cpuprofile'), JSON.stringify(profile))
      console.log(`  ${KEYS} keys, self time:\n${topFunctions(profile)}`)
    }

    // Undo (the typing burst is one step): the heading's text back, painted. Focus leaves the field
    // first (the burst ends), as an editor clicking Undo would.
    await page
      .locator('main [data-editor-frame]')
      .nth(1)
      .click({ position: { x: 4, y: 4 } })
    await page.keyboard.down('Control')
    await page.evaluate((before) => {
      const w = window as unknown as { __bench: { until: (t0: number, done: () => boolean) => Promise<number> }; __wait: Promise<number> }
      const el = document.querySelector('main [data-editor-frame][data-block="SectionHeading"] [data-editable="content"]') as HTMLElement
      w.__wait = new Promise<number>((resolve, reject) => {
        window.addEventListener(
          'keydown',
          (event) => void w.__bench.until(event.timeStamp, () => el.innerText !== before).then(resolve, reject),
          {
            once: true,
            capture: true,
          },
        )
      })
    }, typed)
    const traceUndo = TRACE ? await startTrace(cdp) : null
    if (PROFILE) await cdp.send('Profiler.start')
    await page.keyboard.press('z')
    await page.keyboard.up('Control')
    const undoMs = await page.evaluate(() => (window as unknown as { __wait: Promise<number> }).__wait)
    if (traceUndo) console.log(`  undo, trace:\n${await traceUndo()}`)
    if (PROFILE) console.log(`  undo, self time:\n${topFunctions((await cdp.send('Profiler.stop')).profile)}`)

    // Drop: the third block's handle, dragged below the fourth.
    const frameAt = (i: number) => page.locator('main [data-editor-frame]:not([data-editor-frame] [data-editor-frame])').nth(i)
    await frameAt(2).scrollIntoViewIfNeeded()
    await frameAt(2).hover()
    const handle = (await frameAt(2).locator(':scope > .editor-drag-handle').boundingBox())!
    const x = handle.x + handle.width / 2
    const y = handle.y + handle.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 4, y + 8, { steps: 4 })
    await page.locator('[data-drag-preview]').waitFor()
    const target = (await frameAt(3).boundingBox())!
    await page.mouse.move(x, target.y + target.height * 0.75, { steps: 8 })
    await page.waitForFunction(() => !!document.querySelector('main [data-drop-target]'))
    const orderBefore = await page.evaluate(() =>
      [...document.querySelectorAll('main [data-editor-frame]')]
        .slice(0, 6)
        .map((el) => el.getAttribute('data-block'))
        .join(),
    )
    await page.evaluate((before) => {
      const w = window as unknown as { __bench: { until: (t0: number, done: () => boolean) => Promise<number> }; __wait: Promise<number> }
      w.__wait = new Promise<number>((resolve, reject) => {
        window.addEventListener(
          'pointerup',
          (event) =>
            void w.__bench
              .until(
                event.timeStamp,
                () =>
                  [...document.querySelectorAll('main [data-editor-frame]')]
                    .slice(0, 6)
                    .map((el) => el.getAttribute('data-block'))
                    .join() !== before,
              )
              .then(resolve, reject),
          { once: true, capture: true },
        )
      })
    }, orderBefore)
    const traceDrop = TRACE ? await startTrace(cdp) : null
    if (PROFILE) await cdp.send('Profiler.start')
    await page.mouse.up()
    const dropMs = await page.evaluate(() => (window as unknown as { __wait: Promise<number> }).__wait)
    if (traceDrop) console.log(`  drop, trace:\n${await traceDrop()}`)
    if (PROFILE) console.log(`  drop, self time:\n${topFunctions((await cdp.send('Profiler.stop')).profile)}`)

    // Save Page: from the panel's button to the toast, painted.
    await menu.getByRole('button', { name: editorTexts.menu.savePage, exact: true }).click()
    const panel = page.getByRole('dialog', { name: editorTexts.panels.savePage })
    const saveButton = panel.getByRole('button', { name: editorTexts.pagePanel.savePage, exact: true })
    await saveButton.waitFor()
    await saveButton.evaluate((el) => ((window as unknown as Record<string, unknown>).__saveButton = el))
    const saveMs = await page.evaluate((saved) => {
      const w = window as unknown as { __bench: { until: (t0: number, done: () => boolean) => Promise<number> }; __saveButton: HTMLElement }
      const t0 = performance.now()
      w.__saveButton.click()
      return w.__bench.until(t0, () => [...document.querySelectorAll('[data-sonner-toast]')].some((el) => el.textContent?.includes(saved)))
    }, texts.toasts.pageSaved)
    return { ...counts, selectMs, wholeMs, keyMs, undoMs, dropMs, saveMs }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined)
    await page.close()
  }
}

/**
 * The editor's scripts a first edit needs (Select Component, a key into a heading): every script the
 * page asked for after React hydrated it (the editor loads only then), less the block views
 * (View-*.js, the visitors' code), as tests/e2e/editor-long-page.test.ts counts them.
 */
async function firstEditScripts(context: BrowserContext, baseUrl: string, slug: string) {
  const page = await context.newPage()
  const bodies = new Map<string, Promise<Buffer>>()
  page.on('response', (response) => {
    if (/\.js$/.test(new URL(response.url()).pathname) && response.ok() && !bodies.has(response.url()))
      bodies.set(response.url(), response.body())
  })
  try {
    await page.addInitScript({ content: pageHelpers })
    await page.addInitScript({
      content: `new MutationObserver((_, observer) => {
        if (!document.documentElement || document.documentElement.dataset.hydrated === undefined) return
        window.__hydratedAt = performance.now()
        observer.disconnect()
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })`,
    })
    await page.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
    await menu.waitFor()
    await menu.getByRole('button', { name: editorTexts.menu.select, exact: true }).click()
    await page
      .locator('main [data-editor-frame]')
      .nth(BLOCKS - 1)
      .waitFor()
    await page.locator('main [data-editor-frame][data-block="SectionHeading"] [data-editable="content"]').first().click()
    await page.keyboard.press('x')
    await page.evaluate(() => (window as unknown as { __bench: { afterPaint: () => Promise<number> } }).__bench.afterPaint())
    const { hydratedAt, requested } = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? 0,
      requested: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: entry.startTime })),
    }))
    const own = requested.filter(
      ({ url, start }) => start >= hydratedAt && /\/assets\/[^/]*\.js$/.test(url) && !/\/assets\/View-[^/]*\.js$/.test(url),
    )
    let gzip = 0
    const rows: string[] = []
    for (const { url } of own) {
      const body = bodies.get(url)
      if (!body) continue
      const size = gzipSync(await body, { level: 6 }).length
      gzip += size
      rows.push(`${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`)
    }
    return { files: rows.length, gzipKB: gzip / 1024, rows }
  } finally {
    await page.close()
  }
}

export async function runEditorBench(): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'client'))) throw new Error('No build: run `npm run build` first')
  const dataDir = await preparedDemoCopy()
  await createEditorCli(editor, { DATA_DIR: dataDir, DATABASE_URL: '' })
  const server = await startProductionServer({ dataDir, env: { RATE_LIMIT_IP: '1000' } })
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: 'consent', value: 'declined', domain: '127.0.0.1', path: '/' }])
    const login = await context.request.post(`${server.baseUrl}/api/user/login`, {
      data: { username: editor.username, password: editor.password },
    })
    if (!login.ok()) throw new Error(`login: ${login.status()}`)
    const contents = await makeContents(context, server.baseUrl)
    const results: RunResult[] = []
    for (let run = 0; run < RUNS; run++) {
      const slug = `bench-150-${run}`
      const saved = await context.request.post(`${server.baseUrl}/api/page/save`, {
        data: { page: { slug, template: 'generic', header: { title: 'Bench 150 blocks' }, contents }, collection: 'pages' },
      })
      if (!saved.ok()) throw new Error(`save: ${saved.status()} ${await saved.text()}`)
      const result = await oneRun(context, server.baseUrl, slug)
      results.push(result)
      const keys = result.keyMs
      console.log(
        `run ${run + 1}: ${result.frames} frames, ${result.editables} editables, ${result.elements} elements; ` +
          `select ${result.selectMs.toFixed(0)} ms (whole page ${result.wholeMs.toFixed(0)}), key p50 ${median(keys).toFixed(0)} p95 ${percentile(keys, 95).toFixed(0)} max ${Math.max(...keys).toFixed(0)} ms, ` +
          `undo ${result.undoMs.toFixed(0)} ms, drop ${result.dropMs.toFixed(0)} ms, save ${result.saveMs.toFixed(0)} ms`,
      )
    }
    // A fresh context: nothing in the browser's cache from the runs above.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await fresh.addCookies(await context.cookies())
    const scripts = await firstEditScripts(fresh, server.baseUrl, 'bench-150-0')
    await fresh.close()
    const m = (pick: (r: RunResult) => number) => median(results.map(pick)).toFixed(0)
    console.log(
      `\neditor at ${BLOCKS} blocks, CPU 4x slower, median of ${RUNS} runs (a shared machine: noisy):\n` +
        `  Select Component -> editable   ${m((r) => r.selectMs)} ms   (target 300; the blocks on screen)\n` +
        `  ... every block editable       ${m((r) => r.wholeMs)} ms   (the others mount in idle time)\n` +
        `  key -> paint p50               ${m((r) => median(r.keyMs))} ms\n` +
        `  key -> paint p95               ${m((r) => percentile(r.keyMs, 95))} ms   (target 50)\n` +
        `  undo -> paint                  ${m((r) => r.undoMs)} ms   (target 100)\n` +
        `  drop -> paint                  ${m((r) => r.dropMs)} ms   (target 100)\n` +
        `  save -> toast                  ${m((r) => r.saveMs)} ms   (target 300)\n` +
        `  editor scripts, a first edit   ${scripts.gzipKB.toFixed(0)} KB gzip in ${scripts.files} files (target 200)\n    ${scripts.rows.join('\n    ')}`,
    )
    await context.close()
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEditorBench().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
