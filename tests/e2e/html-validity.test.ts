/**
 * The Nu HTML Checker (vnu, the W3C's validator, from the vnu-jar package) on the HTML the server
 * sends for each public template: the home page, a content page, the /whats-on grid, a listing
 * page, /search with results, and the 404 page, and (issue 33) the German and Simplified Chinese
 * pages with their language switcher and hreflang links. Any error fails the test, listed with where it is.
 * vnu runs on the machine's Java (11 or newer); without it the test fails and says so.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { expect, test, vi } from 'vitest'
import { laneBaseUrl } from '../helpers/lane.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(240_000) })

const baseUrl = laneBaseUrl()
/** vnu-jar's main export is the path of its vnu.jar. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'))
const java = process.env.JAVA ?? (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java')

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  message: string
  extract?: string
  lastLine?: number
}

function requireJava() {
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0)
    throw new Error(
      `The Nu HTML Checker (vnu-jar) needs Java 11 or newer, and '${java}' could not be run` +
        `${probe.error ? ` (${probe.error.message})` : ''}. Install a Java runtime (Debian/Ubuntu: ` +
        `sudo apt-get install default-jre-headless) or set JAVA (or JAVA_HOME) to one.`,
    )
}

/** Runs vnu once over files (one per template) and returns its messages. */
function vnu(files: string[]): VnuMessage[] {
  const run = spawnSync(java, ['-Xss1024k', '-jar', vnuJar, '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 170_000,
  })
  if (run.error) throw run.error
  if (!run.stdout.trim()) throw new Error(`vnu wrote nothing (exit ${run.status}): ${run.stderr}`)
  return (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages
}

async function html(pathAndQuery: string, status = 200): Promise<string> {
  const res = await fetch(baseUrl + pathAndQuery)
  expect(res.status, `GET ${pathAndQuery}`).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  return res.text()
}

/** The first internal link of a page whose address matches, from its server-rendered HTML. */
function firstLink(page: string, pattern: RegExp): string {
  const href = [...page.matchAll(/<a\b[^>]*\bhref="(\/[^"#?]*)"/g)].map((m) => m[1]!).find((h) => pattern.test(h))
  if (!href) throw new Error(`no link matching ${pattern}`)
  return href
}

test('the Nu HTML Checker finds no error on any public template', async () => {
  requireJava()
  const home = await html('/')
  const whatsOn = await html('/whats-on')
  // A content page from the main navigation (not the home page, not a grid), and a listing card's page.
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const slugs = [...sitemap.matchAll(/<loc>[^<]*?\/\/[^/]+\/([^<]*)<\/loc>/g)].map((m) => m[1]!)
  const contentSlug = slugs.find((s) => s && !s.startsWith('listing/') && !s.startsWith('chapters/') && home.includes(`href="/${s}"`))
  expect(contentSlug, 'a content page linked from the home page').toBeTruthy()
  const listingPath = firstLink(whatsOn, /^\/listing\//)
  const templates: Record<string, string> = {
    home,
    content: await html(`/${contentSlug}`),
    'whats-on': whatsOn,
    listing: await html(listingPath),
    search: await html('/search?q=wine'),
    'not-found': await html(`/no-such-page-${Date.now()}`, 404),
    // The same templates in the demo's other languages (issue 33).
    'de-home': await html('/de'),
    'de-listing': await html(firstLink(await html('/de/whats-on'), /^\/de\/listing\//)),
    'zh-hans-whats-on': await html('/zh-hans/whats-on'),
    'zh-hans-search': await html('/zh-hans/search?q=wine'),
    'zh-hans-not-found': await html(`/zh-hans/no-such-page-${Date.now()}`, 404),
  }
  expect(templates['de-home']).toContain('<html lang="de"')
  expect(templates['zh-hans-whats-on']).toContain('hrefLang="x-default"')
  expect(templates.search).toMatch(/result/)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'))
  try {
    const files = Object.entries(templates).map(([name, body]) => {
      const file = path.join(dir, `${name}.html`)
      fs.writeFileSync(file, body)
      return file
    })
    const messages = vnu(files)
    // The visitor stylesheet is inlined in every page's head (issue 16 point 3). vnu's CSS checker
    // predates rules the browsers support (@property, margin-trim, ...) that Tailwind emits, so its
    // "CSS: ..." messages are left out: this test is about the markup.
    const errors = messages.filter((m) => m.type !== 'info' && !m.message.startsWith('CSS: '))
    const report = errors.map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'}: ${m.message}\n    ${m.extract ?? ''}`).join('\n')
    expect(errors.length, `vnu errors (content page /${contentSlug}, listing ${listingPath}):\n${report}`).toBe(0)
    // It did check every file (a file vnu cannot read is a 'non-document-error', counted above).
    expect(files).toHaveLength(11)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
