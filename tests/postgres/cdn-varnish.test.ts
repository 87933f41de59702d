/**
 * Issue 34 point 3 (decision 031): a real CDN in front. Debian's Varnish with the xkey vmod
 * (deploy/varnish/site.vcl) in front of two production instances sharing one PostgreSQL database,
 * both with CDN_PURGE=varnish. A publish on one instance purges exactly the pages it changed: Varnish
 * serves the new page within a second while every other cached page stays cached (the hit ratio is
 * measured before and after), and no editor's or draft link's answer is ever stored.
 *
 * Varnish is required, never skipped: .ci/run installs it (apt-get install varnish varnish-modules).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEditorCli } from '../helpers/cli.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts'
import { freePort, projectRoot, startProductionServer, type RunningServer } from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

const VARNISHD = process.env.VARNISHD_PATH || '/usr/sbin/varnishd'
const VARNISHSTAT = process.env.VARNISHSTAT_PATH || '/usr/bin/varnishstat'

let database: TestDatabase
const servers: RunningServer[] = []
let varnish: ChildProcess | undefined
let varnishOutput = ''
let workDir = ''
let cdn = ''
let token = ''
let a: RunningServer
let b: RunningServer

/** Varnish's counters (varnishstat on its working directory). */
function counters(): { requests: number; hits: number; misses: number; objects: number } {
  const run = spawnSync(
    VARNISHSTAT,
    [
      '-n',
      path.join(workDir, 'varnish'),
      '-1',
      '-f',
      'MAIN.client_req',
      '-f',
      'MAIN.cache_hit',
      '-f',
      'MAIN.cache_miss',
      '-f',
      'MAIN.n_object',
    ],
    {
      encoding: 'utf8',
    },
  )
  const value = (name: string) => Number(new RegExp(`^${name.replace('.', '\\.')}\\s+(\\d+)`, 'm').exec(run.stdout)?.[1] ?? NaN)
  return {
    requests: value('MAIN.client_req'),
    hits: value('MAIN.cache_hit'),
    misses: value('MAIN.cache_miss'),
    objects: value('MAIN.n_object'),
  }
}

/** Requests this file sent through Varnish and got an answer to (cdnFetch). */
let answeredByCdn = 0

/** A request through Varnish, counted. */
async function cdnFetch(address: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(`${cdn}${address}`, init)
  answeredByCdn++
  return res
}

/**
 * The counters once Varnish has added up its worker threads' (each thread adds its own every few
 * requests or when idle, the client requests with its hits and misses): once they count every
 * request this file sent.
 */
async function settledCounters() {
  await expect.poll(() => counters().requests, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(answeredByCdn)
  return counters()
}

beforeAll(async () => {
  if (!fs.existsSync(VARNISHD))
    throw new Error(
      `varnishd is missing (${VARNISHD}): this test needs Debian's Varnish with the xkey vmod. Install it with ` +
        '`apt-get install varnish varnish-modules` (.ci/run does so when it is missing), or set VARNISHD_PATH.',
    )
  database = await createTestDatabase()
  const varnishPort = await freePort()
  cdn = `http://127.0.0.1:${varnishPort}`
  // Both instances sign and check draft links with one secret (each would keep its own otherwise).
  const env = {
    DATABASE_URL: database.url!,
    DEMO: 'false',
    CDN_PURGE: 'varnish',
    VARNISH_PURGE_URLS: cdn,
    DRAFT_LINK_SECRET: 'cdn-test-draft-link-secret-of-32-characters-or-more',
  }
  // One instance seeds the demo content; the second joins it.
  a = await startProductionServer({ env: { ...env, SEED_DEMO: 'true' } })
  servers.push(a)
  b = await startProductionServer({ env: { ...env, SEED_DEMO: 'false' } })
  servers.push(b)

  // The repository's VCL, with this run's two instances as its backends.vcl.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-test-'))
  fs.writeFileSync(
    path.join(workDir, 'backends.vcl'),
    fs
      .readFileSync(path.join(projectRoot, 'deploy/varnish/backends.example.vcl'), 'utf8')
      .replace('"3000"', `"${a.port}"`)
      .replace('"3001"', `"${b.port}"`),
  )
  // In the foreground, as the current user (-j none: no privilege separation, root or not).
  varnish = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-a',
      `127.0.0.1:${varnishPort}`,
      '-T',
      'none',
      '-f',
      path.join(projectRoot, 'deploy/varnish/site.vcl'),
      '-p',
      `vcl_path=${workDir}`,
      '-n',
      path.join(workDir, 'varnish'),
      '-s',
      'malloc,64m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const keep = (chunk: Buffer) => (varnishOutput = (varnishOutput + chunk.toString()).slice(-10_000))
  varnish.stdout?.on('data', keep)
  varnish.stderr?.on('data', keep)
  let exited = false
  varnish.once('exit', () => (exited = true))
  const deadline = Date.now() + 30_000
  for (;;) {
    if (exited) throw new Error(`varnishd stopped at start (is varnish-modules, the xkey vmod, installed?):\n${varnishOutput}`)
    const up = await cdnFetch('/health', { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`varnishd did not answer in 30 s:\n${varnishOutput}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  const created = await createEditorCli(
    { username: 'cdn-admin', email: 'cdn-admin@example.com', password: 'cdn-admin-pass', roles: ['admin'] },
    { DATABASE_URL: database.url! },
  )
  expect(created.code, created.stderr).toBe(0)
  const login = await fetch(`${a.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cdn-admin', password: 'cdn-admin-pass' }),
  })
  expect(login.status).toBe(200)
  token = ((await login.json()) as { token: string }).token
}, patient(240_000))

afterAll(async () => {
  if (varnish && varnish.exitCode === null) {
    const stopped = new Promise((resolve) => varnish!.once('exit', resolve))
    varnish.kill('SIGTERM')
    await stopped
  }
  await Promise.all(servers.map((s) => s.stop()))
  await database?.close()
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true })
})

const editorHeaders = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })

async function loadAbout() {
  return (await (await fetch(`${a.baseUrl}/api/page/load?slug=about`, { headers: editorHeaders() })).json()) as {
    _id: string
    header: Record<string, unknown>
  }
}

async function saveAboutTitle(title: string) {
  const page = await loadAbout()
  const saved = await fetch(`${a.baseUrl}/api/page/save`, {
    method: 'POST',
    headers: editorHeaders(),
    body: JSON.stringify({ page: { ...page, header: { ...page.header, title } } }),
  })
  expect(saved.status).toBe(200)
  return saved.json() as Promise<unknown>
}

async function publishAbout(saved: unknown) {
  const published = await fetch(`${a.baseUrl}/api/page/publishPage`, {
    method: 'POST',
    headers: editorHeaders(),
    body: JSON.stringify({ page: saved }),
  })
  expect(published.status).toBe(200)
}

/** A visitor's request through Varnish: its body and whether Varnish answered from its cache. */
async function visit(address: string, headers: Record<string, string> = {}) {
  const res = await cdnFetch(address, { headers, redirect: 'manual' })
  return {
    status: res.status,
    cache: res.headers.get('x-cdn-cache'),
    cacheControl: res.headers.get('cache-control'),
    age: res.headers.get('age'),
    body: await res.text(),
  }
}

/** The published addresses of the site (from the sitemap), /about last. */
async function addresses(): Promise<string[]> {
  const sitemap = await (await fetch(`${a.baseUrl}/sitemap.xml`)).text()
  const all = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  return [...new Set(all)].filter((p) => p !== '/about').slice(0, 11)
}

describe('Varnish with xkey in front of two instances on PostgreSQL', () => {
  it('keeps visitor pages, tagged by what they show, and never an editor’s or a draft link’s answer', async () => {
    // The origin tags a visitor page with what it shows, for xkey; Varnish removes the header.
    const origin = await fetch(`${a.baseUrl}/about`)
    const about = await loadAbout()
    expect(origin.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=300')
    expect(origin.headers.get('xkey')?.split(' ')).toEqual(expect.arrayContaining(['all', `p:${about._id}`]))
    // An editor's answer from the origin: private, and tagged for nobody.
    const editorOrigin = await fetch(`${a.baseUrl}/about`, { headers: { cookie: `authToken=${token}` } })
    await editorOrigin.text()
    expect(editorOrigin.headers.get('cache-control')).toBe('private, no-store')
    expect(editorOrigin.headers.get('xkey')).toBeNull()
    const first = await visit('/about')
    expect(first.status).toBe(200)
    const second = await visit('/about')
    expect(second.cache).toBe('HIT')
    expect(Number(second.age)).toBeGreaterThanOrEqual(0)

    // A draft title, seen by the editor and by whoever holds a draft link, never by a visitor.
    const draftTitle = `Draft about ${Date.now()}`
    await saveAboutTitle(draftTitle)
    const link = (await (
      await fetch(`${a.baseUrl}/api/draftLink/create`, {
        method: 'POST',
        headers: editorHeaders(),
        body: JSON.stringify({ id: about._id }),
      })
    ).json()) as { path: string }
    const before = await settledCounters()
    for (let i = 0; i < 3; i++) {
      const editor = await visit('/about', { cookie: `authToken=${token}` })
      expect(editor.body.includes(draftTitle), 'the editor sees the draft').toBe(true)
      expect(editor.cacheControl).toBe('private, no-store')
      expect(editor.cache).toBe('PASS')
      const bearer = await visit('/about', { authorization: `Bearer ${token}` })
      expect(bearer.cache).toBe('PASS')
      const draft = await visit(link.path)
      expect(draft.body.includes(draftTitle), `the draft link (${draft.status}) shows the draft`).toBe(true)
      expect(draft.cacheControl).toBe('private, no-store')
      expect(draft.cache).not.toBe('HIT')
      const visitor = await visit('/about')
      expect(visitor.cache).toBe('HIT')
      expect(visitor.body.includes(draftTitle), 'a visitor never sees the draft').toBe(false)
    }
    // Nothing was stored for them (not even a hit-for-miss marker): the objects Varnish holds
    // come back to at most what they were once the passed answers' transient copies are freed.
    await expect.poll(() => counters().objects, { timeout: 5000 }).toBeLessThanOrEqual(before.objects)
  })

  it('after a publish on one instance Varnish serves the new page within a second; the other pages stay cached', async () => {
    const others = await addresses()
    expect(others.length).toBeGreaterThanOrEqual(3)
    // Warm: every page once (a miss), then again (a hit).
    for (const address of ['/about', ...others]) await visit(address)
    const beforeCounters = await settledCounters()
    const warm = await Promise.all(['/about', ...others].map((address) => visit(address)))
    const hitRatioBefore = warm.filter((r) => r.cache === 'HIT').length / warm.length
    expect(hitRatioBefore).toBe(1)

    const title = `About the Barossa, published ${Date.now()}`
    const saved = await saveAboutTitle(title)
    // Polled as a visitor would, from the moment the publish is sent: through Varnish, which sends
    // misses to either instance.
    const started = performance.now()
    let answered = Infinity
    const publishing = publishAbout(saved).then(() => (answered = performance.now()))
    let servedAt: number
    for (;;) {
      const page = await visit('/about')
      if (page.body.includes(title)) {
        servedAt = performance.now()
        break
      }
      if (performance.now() - started > 10_000) throw new Error('Varnish still served the old /about 10 s after the publish was sent')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await publishing
    const afterPublish = await Promise.all(others.map((address) => visit(address)))
    const stillCached = afterPublish.filter((r) => r.cache === 'HIT').length
    const hitRatioAfter = stillCached / others.length
    const afterCounters = await settledCounters()
    console.log(
      `Varnish: /about new ${Math.round(servedAt - started)} ms after the publish was sent, ${Math.round(servedAt - answered)} ms after it answered (${Math.round(answered - started)} ms: it answers once its instance rendered the page again); ` +
        `hit ratio of ${others.length + 1} pages before the publish ${hitRatioBefore.toFixed(2)}, of the ${others.length} other pages after it ${hitRatioAfter.toFixed(2)}; ` +
        `varnishstat during the run: ${afterCounters.hits - beforeCounters.hits} hits, ${afterCounters.misses - beforeCounters.misses} misses`,
    )
    expect(servedAt - answered).toBeLessThan(1000)
    // Only what shows the published page was purged: every other page is still a hit.
    const purged = others.filter((_, i) => afterPublish[i]!.cache !== 'HIT')
    expect(purged).toEqual([])
    expect(hitRatioAfter).toBe(1)
  })

  it("keeps one copy per consent choice, ignores other cookies, and never keeps a visitor's cart", async () => {
    const csp = async (headers: Record<string, string>) => {
      const res = await cdnFetch('/things-to-do', { headers })
      await res.text()
      return { cache: res.headers.get('x-cdn-cache'), policy: res.headers.get('content-security-policy') ?? '' }
    }
    await csp({})
    const declined = await csp({ cookie: '_ga=GA1.1.123; consent=declined' })
    expect(declined.cache).toBe('HIT')
    // A visitor who accepted the consent-bound third parties gets a copy of its own (its policy names
    // them when the site has any; the demo's analytics stand-in is the site's own script), shared
    // by every visitor who accepted, whatever their other cookies.
    const acceptedFirst = await csp({ cookie: '_ga=GA1.1.123; consent=accepted' })
    const accepted = await csp({ cookie: 'consent=accepted; _ga=GA1.1.456' })
    expect(acceptedFirst.cache).toBe('MISS')
    expect(accepted.cache).toBe('HIT')
    expect(accepted.policy).toMatch(/script-src/)
    // A cart call is a visitor's own: with a cookie it is passed, without one it is never kept.
    for (let i = 0; i < 2; i++) {
      const withCookie = await visit('/api/cart/getBECart?cartId=1', { cookie: '_ga=GA1.1.123' })
      expect(withCookie.cache).toBe('PASS')
      expect(withCookie.cacheControl).toBe('private, no-store')
      const bare = await visit('/api/cart/getBECart?cartId=1')
      expect(bare.cache).not.toBe('HIT')
      expect(bare.cacheControl).toBe('private, no-store')
    }
  })

  it('reports the purges on /health of both instances', async () => {
    for (const server of [a, b]) {
      const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as Record<string, unknown>
      expect(health).toMatchObject({ providers: { cdn: 'real' }, cdnPurges: { provider: 'varnish', failed: 0 } })
    }
  })
})
