/**
 * Real Firefox for the flows an issue names in Firefox: Debian's firefox-esr (or FIREFOX_PATH),
 * driven by puppeteer-core over WebDriver BiDi (playwright-core drives only its own patched
 * Firefox builds, which this machine cannot download).
 */
import fs from 'node:fs'
import path from 'node:path'
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { waitForSavedMail } from './smtp.ts'

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'
}

export async function launchFirefox(): Promise<Browser> {
  const executablePath = firefoxPath()
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Firefox not found at ${executablePath}: install Debian firefox-esr (apt-get install firefox-esr) or set FIREFOX_PATH`)
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    // No updates, telemetry or remote settings: the machine has no internet.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'network.connectivity-service.enabled': false,
    },
  })
  recordForTeardown(browser.process()?.pid)
  return browser
}

/**
 * Firefox runs in a process group of its own, which puppeteer ends when the test process exits
 * normally. A test worker that is killed instead left its Firefox running after the run (three
 * were found at 5 % of a core each, half an hour later): the e2e global setup's teardown ends every
 * Firefox named in its folder (tests/e2e/global-setup.ts).
 */
function recordForTeardown(pid: number | undefined) {
  const folder = process.env.VITEST ? inject('browserPidsDir') : undefined
  if (pid && folder) fs.writeFileSync(path.join(folder, String(pid)), '')
}

/** How long a lent Firefox stays open with no file using it, for the lane's next Firefox file. */
const FIREFOX_IDLE_MS = 20_000
let sharedFirefox: Promise<Browser> | undefined
let idleTimer: NodeJS.Timeout | undefined

async function borrowFirefox(): Promise<Browser> {
  clearTimeout(idleTimer)
  sharedFirefox ??= launchFirefox().catch((err: unknown) => {
    sharedFirefox = undefined
    throw err
  })
  const browser = await sharedFirefox
  if (browser.connected) return browser
  sharedFirefox = undefined
  return borrowFirefox()
}

/**
 * An idle Firefox still takes about 3 % of a core (measured here, 30 s after its last page), and a
 * lane's Firefox files are few and far apart: one left open for the rest of the run cost more than
 * starting it again. It is closed once no file has used it for FIREFOX_IDLE_MS.
 */
function returnFirefox() {
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => {
    const closing = sharedFirefox
    sharedFirefox = undefined
    void closing?.then((browser) => browser.close()).catch(() => undefined)
  }, FIREFOX_IDLE_MS)
  idleTimer.unref()
}

/**
 * One Firefox for the whole test file; `session.browser` inside tests (make a context per test).
 * Lent from one per test process (as Chromium is, lendBrowser): a Firefox start costs seconds of a
 * busy core. After the file, the contexts it made are closed, as closing its own Firefox did, and
 * the Firefox is closed if the next file does not borrow it soon (returnFirefox).
 */
export function openFirefox() {
  const session = {} as { browser: Browser }
  beforeAll(async () => {
    session.browser = await borrowFirefox()
  }, 60_000)
  afterAll(async () => {
    const browser = session.browser
    if (!browser?.connected) return
    await Promise.all(
      browser
        .browserContexts()
        .filter((context) => context !== browser.defaultBrowserContext())
        .map((context) => context.close()),
    )
    returnFirefox()
  })
  return session
}

/**
 * A context signed in as `account` (the session cookie set by the site's own sign-in call), with the
 * consent banner answered, as the Chromium helpers' editor contexts are.
 */
/**
 * The Firefox contexts of a test file, each closed after the file (before its Firefox): `signedIn`
 * opens one signed in as the account, `track` takes one the test opened itself.
 */
export function firefoxContexts(firefox: { browser: Browser }, baseUrl: string) {
  const contexts: BrowserContext[] = []
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })
  return {
    async signedIn(account: { username: string; password: string }): Promise<BrowserContext> {
      const context = await signedInFirefoxContext(firefox.browser, baseUrl, account)
      contexts.push(context)
      return context
    },
    track(context: BrowserContext): BrowserContext {
      contexts.push(context)
      return context
    },
  }
}

export async function signedInFirefoxContext(
  browser: Browser,
  baseUrl: string,
  account: { username: string; password: string },
): Promise<BrowserContext> {
  const context = await browser.createBrowserContext()
  const { hostname } = new URL(baseUrl)
  await context.setCookie({ name: 'consent', value: 'declined', domain: hostname, path: '/' })
  const page = await context.newPage()
  // From a page of the site: its Content-Security-Policy allows calls to the site itself (an answer
  // that is not a page, such as /health, allows none: decision 027).
  await page.goto(`${baseUrl}/search`)
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return res.status
  }, JSON.stringify(account))
  if (status !== 200) throw new Error(`Firefox sign-in as ${account.username} answered ${status}`)
  await page.close()
  return context
}

/** The editor's API from Node with a Bearer token: set-up for files that open no Chromium. */
export interface EditorApi {
  get<T>(path: string): Promise<T>
  post<T>(path: string, body: unknown): Promise<T>
  /** Puts a PNG in the media library, as the Gallery tab would; answers its id. */
  upload(name: string, png: Buffer): Promise<string>
}

export async function editorApi(baseUrl: string, account: { username: string; password: string }): Promise<EditorApi> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (login.status !== 200) throw new Error(`sign-in as ${account.username} answered ${login.status}`)
  const { token } = (await login.json()) as { token: string }
  const call = async <T>(path: string, init: RequestInit): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } })
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
  return {
    get: (path) => call(path, {}),
    post: (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    upload: async (name, png) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name)
      return (await call<{ _id: string }>('/img/upload', { method: 'POST', body: form }))._id
    },
  }
}

/**
 * A colleague invited by `api`'s account (an admin) with `role`, their password set through the
 * invitation's e-mailed link (read from the lane's mail folder): ready to sign in.
 */
export async function inviteColleague(
  api: EditorApi,
  baseUrl: string,
  mailDir: string,
  name: string,
  role: 'admin' | 'publisher' | 'editor' = 'publisher',
): Promise<{ username: string; email: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const person = { username: `${name}-${suffix}`, email: `${name}-${suffix}@example.com`, password: `harvest-2026-${name}` }
  const sentAfter = Date.now()
  await api.post('/api/team/invite', { username: person.username, email: person.email, role })
  const mail = await waitForSavedMail(mailDir, person.email, sentAfter)
  const token = /\?token=([\w-]+)/.exec(mail.text)![1]!
  const set = await fetch(`${baseUrl}/api/user/setPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password, token }),
  })
  if (set.status !== 200) throw new Error(`setPassword for ${person.username} answered ${set.status}`)
  return person
}

/** A puppeteer ARIA selector: the element with this role and exactly this accessible name. */
export const byRole = (role: string, name: string) => `::-p-aria([name="${name.replace(/(["\\])/g, '\\$1')}"][role="${role}"])`

/** Chooses an item of the editor menu by its id (data-menu-item: select, savePage, pageSettings…). */
export async function chooseMenuItemFirefox(p: Page, id: string) {
  await p.locator(`[data-editor-menu] [data-menu-item="${id}"]:not([disabled])`).click()
}

/** Waits for a toast holding `text`. */
export async function waitForToast(p: Page, text: string) {
  await p.waitForFunction(
    (wanted: string) => [...document.querySelectorAll('[data-sonner-toast]')].some((el) => el.textContent?.includes(wanted)),
    {},
    text,
  )
}

/** Opens the site's page `path` in a new tab of `context`, hydrated, with the editor menu shown. */
export async function openEditorPage(
  context: BrowserContext,
  url: string,
  viewport = { width: 1280, height: 900 },
  timeoutMs = 30_000,
): Promise<Page> {
  const p = await context.newPage()
  p.setDefaultTimeout(timeoutMs)
  await p.setViewport(viewport)
  await p.goto(url, { waitUntil: 'load' })
  await p.waitForSelector('html[data-hydrated] [data-editor-menu]')
  return p
}
