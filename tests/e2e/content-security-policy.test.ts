/**
 * The Content-Security-Policy (issue 29 point 8, docs/decisions/027) against the production server:
 * its header on every kind of answer (a page rendered and stored, the same page from the cache, a
 * 404, an editor's page, the API), and real Chromium loading the home page, a listing grid, a
 * listing page, a story chapter, the booking page and the editor (typing into rich text, saving)
 * under it with no violation reported and axe clean.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { texts } from '#lib/texts'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, openEditorSession, openPageForEditing } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const session = openEditorSession({ timeoutMs: 20_000 })
const run = Date.now().toString(36)

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy()
  return new Map(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

/** What every page's policy holds: no inline script or eval allowed by name, plugins, <base> and framing shut. */
function expectStrictPage(policy: string | null) {
  const d = directives(policy)
  const scripts = d.get('script-src') ?? []
  expect(scripts).toContain("'self'")
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  expect(scripts.some((s) => s === 'https:' || s === '*')).toBe(false)
  expect(d.get('object-src')).toEqual(["'none'"])
  expect(d.get('base-uri')).toEqual(["'none'"])
  expect(d.get('frame-ancestors')).toEqual(["'self'"])
  expect(d.get('form-action')?.[0]).toBe("'self'")
  return d
}

/** The inline scripts of a page (no src), as the browser would hash them. */
function inlineScripts(html: string): { attributes: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc=/.test(m[1]!) && m[2])
    .map((m) => ({ attributes: m[1]!, body: m[2]! }))
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${Buffer.from(digest).toString('base64')}'`
}

describe('the Content-Security-Policy header', () => {
  test('a visitor page rendered and stored, then served from the cache: every inline script by its hash, the same policy for everyone', async () => {
    const address = `${baseUrl}/?csp=${run}`
    const fresh = await fetch(address)
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('x-cache')).toBe('MISS')
    const policy = fresh.headers.get('content-security-policy')
    const d = expectStrictPage(policy)
    const html = await fresh.text()
    const scripts = inlineScripts(html)
    // React Router's context and route modules, the scroll restoration, the hydration loader.
    expect(scripts.length).toBeGreaterThanOrEqual(3)
    for (const script of scripts) expect(d.get('script-src')).toContain(await sha256(script.body))
    // A nonce in a stored page would be every visitor's: the cached policy names none.
    expect(policy).not.toMatch(/'nonce-/)

    const hit = await fetch(address)
    expect(hit.headers.get('x-cache')).toBe('HIT')
    expect(hit.headers.get('content-security-policy')).toBe(policy)
    expect(await hit.text()).toBe(html)
  })

  test('a 404 is rendered for each request: a fresh nonce each time, on each of its inline scripts', async () => {
    const nonces: string[] = []
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/no-such-page-${run}`)
      expect(res.status).toBe(404)
      const d = expectStrictPage(res.headers.get('content-security-policy'))
      const nonce = (d.get('script-src') ?? []).find((s) => s.startsWith("'nonce-"))
      expect(nonce).toBeTruthy()
      const value = nonce!.slice("'nonce-".length, -1)
      const scripts = inlineScripts(await res.text())
      expect(scripts.length).toBeGreaterThanOrEqual(3)
      for (const script of scripts) expect(script.attributes).toContain(`nonce="${value}"`)
      nonces.push(value)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  test("an editor's page: its own nonce, never stored, private; frames and pictures from any https address for the previews", async () => {
    const res = await session.editor.request.get(`${baseUrl}/`)
    expect(res.status()).toBe(200)
    const headers = res.headers()
    const d = expectStrictPage(headers['content-security-policy'] ?? null)
    expect((d.get('script-src') ?? []).some((s) => s.startsWith("'nonce-"))).toBe(true)
    expect(d.get('frame-src')).toContain('https:')
    expect(d.get('img-src')).toContain('https:')
    expect(headers['cache-control']).toBe('private, no-store')
    expect(headers['vary']).toMatch(/Cookie, Authorization/)
    expect(headers['x-cache']).toBeUndefined()
  })

  test('API answers and pictures may run nothing', async () => {
    for (const path of ['/api/config/loadDomain', '/api/no-such-call', '/favicon.ico']) {
      const res = await fetch(`${baseUrl}${path}`)
      const d = directives(res.headers.get('content-security-policy'))
      expect(d.get('default-src'), path).toEqual(["'none'"])
      expect(d.get('frame-ancestors'), path).toEqual(["'self'"])
    }
  })
})

/** Records the page's policy violations (reported to the page and logged to its console). */
async function watchViolations(context: BrowserContext) {
  // Init scripts come through the DevTools protocol: the page's policy does not apply to them.
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
}

function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) errors.push(message.text())
  })
  return errors
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)

/** Loaded, hydrated (the deferred module scripts ran under the policy) and settled. */
async function loaded(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
  expect(response?.status(), path).toBe(200)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
}

describe('pages under the policy in Chromium', () => {
  test('home, a listing grid, a listing, a story chapter and the booking page: no violation, axe clean', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
    await watchViolations(context)
    try {
      const grid = await (await fetch(`${baseUrl}/whats-on`)).text()
      const listing = /href="(\/listing\/[^"#?]+)"/.exec(grid)?.[1]
      expect(listing, 'a listing on the grid').toBeTruthy()
      const paths = ['/', '/whats-on', listing!, '/chapters/barossa-story/the-first-vines', '/booking']
      for (const path of paths) {
        const page = await context.newPage()
        const errors = consoleErrors(page)
        await loaded(page, path)
        // Twice: once stored by the page cache (nonce), once served from it (hashes).
        await page.reload({ waitUntil: 'load' })
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.waitForLoadState('networkidle')
        expect(await violations(page), path).toEqual([])
        expect(errors, path).toEqual([])
        const a11y = await axe(page)
        expect(a11y, `${path}: ${formatViolations(a11y)}`).toEqual([])
        await page.close()
      }
    } finally {
      await context.close()
    }
  })

  test('the editor: selecting blocks, typing into rich text and saving, with no violation', async () => {
    await watchViolations(session.editor)
    const p = await openPageForEditing(session.editor, {
      slug: `csp-${run}`,
      title: `Policy ${run}`,
      contents: [
        { componentType: 'SectionHeading', title: 'Heading', subtitle: '' },
        { componentType: 'Text', text: 'Opening paragraph.' },
      ],
    })
    const errors = consoleErrors(p)
    try {
      await p.getByRole('group', { name: editorTexts.blocks.component('Text') }).click()
      const text = p.locator('[data-editor-frame][data-selected]').getByRole('textbox', { name: 'Text', exact: true })
      await text.click()
      await p.keyboard.type(' Typed under the policy.')
      await chooseMenuItem(p, editorTexts.menu.savePage)
      const savePanel = p.getByRole('dialog', { name: editorTexts.panels.savePage })
      await savePanel.getByRole('button', { name: editorTexts.pagePanel.savePage, exact: true }).click()
      await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pageSaved }).first().waitFor()
      expect(await violations(p)).toEqual([])
      expect(errors).toEqual([])
      const a11y = await axe(p)
      expect(a11y, formatViolations(a11y)).toEqual([])
    } finally {
      await p.close()
    }
  })
})
