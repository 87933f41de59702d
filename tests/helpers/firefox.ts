/**
 * Real Firefox for the flows an issue names in Firefox: Debian's firefox-esr (or FIREFOX_PATH),
 * driven by puppeteer-core over WebDriver BiDi (playwright-core drives only its own patched
 * Firefox builds, which this machine cannot download).
 */
import fs from 'node:fs'
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core'
import { afterAll, beforeAll } from 'vitest'

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'
}

export async function launchFirefox(): Promise<Browser> {
  const executablePath = firefoxPath()
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Firefox not found at ${executablePath}: install Debian firefox-esr (apt-get install firefox-esr) or set FIREFOX_PATH`)
  }
  return puppeteer.launch({
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
}

/** One Firefox for the whole test file; `session.browser` inside tests (make a context per test). */
export function openFirefox() {
  const session = {} as { browser: Browser }
  beforeAll(async () => {
    session.browser = await launchFirefox()
  }, 60_000)
  afterAll(async () => {
    await session.browser?.close()
  })
  return session
}

/**
 * A context signed in as `account` (the session cookie set by the site's own sign-in call), with the
 * consent banner answered, as the Chromium helpers' editor contexts are.
 */
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
