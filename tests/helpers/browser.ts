/**
 * Real Chromium for the e2e tests: Debian's package (/usr/bin/chromium) or CHROMIUM_PATH, driven
 * by playwright-core; and axe-core for accessibility checks.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest'

/**
 * The machine has no internet: without these flags Chromium keeps opening connections (updates,
 * sync, QUIC probes) that are refused, many at a time.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // Chromium 156 opens two hidden pages of its own in every browser context, the address bar's
  // suggestion popups (chrome://omnibox-popup.top-chrome/, a renderer each): a headless test never
  // shows them, and they were a third to a half of the CPU a fresh context costs (8 contexts loading
  // /about: 15.6-20.4 -> 9.9 CPU-seconds). Chromium honours only the last --disable-features, so
  // Playwright's own list goes too.
  `--disable-features=${[...playwrightDisabledFeatures(), 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
]

/**
 * The features Playwright's launcher disables (its `--disable-features`), read from the installed
 * playwright-core: a second `--disable-features` replaces the first, so ours must repeat them. Fails
 * loudly when a new playwright-core keeps them elsewhere, rather than silently dropping them.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = fs.readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8')
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]
  const names = list ? [...list.matchAll(/^\s*"([\w.]+)",?\s*$/gm)].map((m) => m[1]!) : []
  if (names.length < 10) throw new Error("playwright-core's disabled Chromium features were not found: update tests/helpers/browser.ts")
  return names
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium'
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install Debian chromium (apt-get install chromium) or set CHROMIUM_PATH`)
  }
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs })
}

/**
 * One browser per test process, started on first use and again when it went away. A start that
 * failed (a busy machine) is not remembered: the next file tries again instead of failing with it.
 */
export function sharedBrowser<B>(launch: () => Promise<B>, isUp: (browser: B) => boolean): () => Promise<B> {
  let shared: Promise<B> | undefined
  const start = () =>
    (shared = launch().catch((err: unknown) => {
      shared = undefined
      throw err
    }))
  return async () => {
    const browser = await (shared ?? start())
    return isUp(browser) ? browser : start()
  }
}

const sharedChromium = sharedBrowser(launchBrowser, (browser) => browser.isConnected())

/**
 * Chromium for a test file, lent from one per test process: the e2e workers run file after file,
 * and launching and closing a Chromium per file cost a second or more of a busy core each, about
 * eighty times a run. `close()` closes what the file opened (its contexts and pages), as closing
 * its own Chromium did; the process's Chromium ends with the process. A bench or script that must
 * end its Chromium uses launchBrowser().
 */
export async function lendBrowser(): Promise<Browser> {
  return new Proxy(await sharedChromium(), {
    get(target, property) {
      if (property === 'close') return () => Promise.all(target.contexts().map((context) => context.close())).then(() => undefined)
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const require = createRequire(import.meta.url)
let axeSource: string | undefined

function loadAxeSource(): string {
  if (!axeSource) {
    const main = require.resolve('axe-core')
    axeSource = fs.readFileSync(path.join(path.dirname(main), 'axe.min.js'), 'utf8')
  }
  return axeSource
}

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  helpUrl: string
  nodes: { target: string[]; html: string; failureSummary: string }[]
}

/** WCAG 2.0/2.1 level A and AA rules. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Runs axe-core in the page (injected through the DevTools protocol, so a Content Security
 * Policy cannot block it) and returns the WCAG 2.1 A/AA violations.
 */
export async function axe(page: Page, options: { rules?: string[] } = {}): Promise<AxeViolation[]> {
  // Finite transitions first (a toast fading in or out, a panel sliding): axe would measure the
  // colours halfway (a toast's title at 4.35:1 while it faded in). At most 2 s; endless ones (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  )
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined')
  if (!injected) await page.evaluate(loadAxeSource())
  return page.evaluate(
    async ({ tags, rules }) => {
      const w = window as unknown as {
        axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> }
      }
      // Named rules instead of the WCAG tags: best-practice ones, such as 'region' (content in landmarks).
      const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags }
      const result = await w.axe.run(document, { runOnly, resultTypes: ['violations'] })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
      }))
    },
    { tags: wcagTags, rules: options.rules },
  )
}

/**
 * Resolves once no CSS transition is running in the page (a colour fading after the pointer left,
 * say), so axe measures the colours the page settles on. Checked from the next frame, so that a
 * transition the last input started counts.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'))
}

/** A readable list of violations for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\n/g, ' | ')}`).join('\n'),
    )
    .join('\n')
}

/** One Chromium for the whole test file (for tests that make their own contexts). */
export function openBrowser() {
  const session = {} as { browser: Browser }
  beforeAll(async () => {
    session.browser = await lendBrowser()
  })
  afterAll(async () => {
    await session.browser?.close()
  })
  return session
}

/**
 * One Chromium per test file; a test opens its visitor's page with the context options it needs
 * (viewport, locale) through `newPage`, one at a time (a second closes the first). A failed test's
 * page is screenshotted, and its context closed after each test. The timeouts allow a busy machine
 * (a first page load resizes pictures on demand).
 */
export function openVisitorBrowser(defaults: BrowserContextOptions = { viewport: { width: 1280, height: 900 } }) {
  const session = openBrowser()
  let context: BrowserContext | undefined
  let page: Page | undefined
  afterEach(async (test) => {
    await screenshotIfFailed(test, page)
    await context?.close()
    context = page = undefined
  })
  return {
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      await context?.close()
      context = await session.browser.newContext({ ...defaults, ...options })
      context.setDefaultTimeout(30_000)
      context.setDefaultNavigationTimeout(60_000)
      page = await context.newPage()
      return page
    },
  }
}

/**
 * The usual e2e set-up in one call: one Chromium per test file, a fresh context (no cookies) and
 * page per test. Read `session.page` / `session.context` inside tests.
 */
export function openBrowserSession(viewport = { width: 1280, height: 800 }) {
  const session = {} as { browser: Browser; context: BrowserContext; page: Page }
  beforeAll(async () => {
    session.browser = await lendBrowser()
  })
  afterAll(async () => {
    await session.browser?.close()
  })
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport })
    session.page = await session.context.newPage()
  })
  afterEach(async (context) => {
    await screenshotIfFailed(context, session.page)
    await session.context?.close()
  })
  return session
}

/**
 * Screenshots are compared with nothing, so the tests take them only when asked (SCREENSHOTS=1,
 * e.g. to look at a layout) and of the page of a test that failed (screenshotIfFailed): a run
 * without them asserts the same (issue 30 point 1).
 */
export const screenshotsWanted = process.env.SCREENSHOTS === '1'

/** Where the screenshots of failed tests go. */
export const failureShotsDir = path.resolve(process.env.FAILURE_SHOTS_DIR || 'test-results/screenshots')

type Shootable = { screenshot(options?: { path?: string; fullPage?: boolean }): Promise<unknown> }

/** page.screenshot(options) (or a locator's) when screenshots are wanted (SCREENSHOTS=1); else nothing. */
export async function screenshot<T extends Shootable>(target: T, options: Parameters<T['screenshot']>[0]): Promise<void> {
  if (!screenshotsWanted) return
  if (options?.path) fs.mkdirSync(path.dirname(options.path), { recursive: true })
  await target.screenshot(options)
}

/** A full-page screenshot of `page` under failureShotsDir, named after the test, when the test failed. */
export async function screenshotIfFailed(context: TestContext, page: Page | undefined, suffix = ''): Promise<void> {
  if (context.task.result?.state !== 'fail' || !page || page.isClosed()) return
  const name = `${path.basename(context.task.file.name)}-${context.task.name}`.replace(/[^a-zA-Z0-9._-]+/g, '-').slice(0, 150)
  fs.mkdirSync(failureShotsDir, { recursive: true })
  await page.screenshot({ path: path.join(failureShotsDir, `${name}${suffix}.png`), fullPage: true, timeout: 10_000 }).catch(() => {})
}

/**
 * For a file whose tests open contexts of their own and list them in `contexts`: after each test,
 * a screenshot of each of its pages if it failed, then every one of them is closed. An editor page
 * left open until the end of the file keeps its timers and connections (presence, live updates)
 * busy beside every later test: on a loaded machine that made later pages miss their timeouts.
 */
export function closeContextsAfterEach(contexts: BrowserContext[]) {
  afterEach(async (context) => {
    const opened = contexts.splice(0)
    const pages = opened.flatMap((c) => c.pages())
    for (const [i, page] of pages.entries()) await screenshotIfFailed(context, page, pages.length > 1 ? `-${i + 1}` : '')
    for (const c of opened) await c.close().catch(() => {})
  })
}

/**
 * For a file that opens its own pages: after each test that failed, a screenshot of the page
 * `page()` names then (openBrowserSession does this for its own page).
 */
export function screenshotsOnFailure(page: () => Page | undefined) {
  afterEach(async (context) => {
    await screenshotIfFailed(context, page())
  })
}
