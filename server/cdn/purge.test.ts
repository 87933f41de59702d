/**
 * Issue 34 points 1 and 2 (decision 031): the CDN tags of an answer, and the purges a publish
 * sends, against stand-ins of Fastly's and Cloudflare's purge APIs that answer as their
 * documentation says (status codes, limits, error shapes). Real services, real job queue, real
 * database; the stand-ins are local HTTP servers.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { eq } from 'drizzle-orm'
import { jobs as jobsTable } from '../db/schema.ts'
import { createJobQueue } from '../jobs/queue.ts'
import { isStale } from '../page-cache.ts'
import { SYSTEM } from '../services/access.ts'
import type { ContentChange } from '../services/events.ts'
import { CDN_PURGE_JOB, CDN_REPURGE_JOB, purgeBatch } from './purge.ts'
import { answerTags, MAX_PAGE_TAGS, purgeTags } from './tags.ts'

describe('CDN tags', () => {
  it('a change purges exactly the answers the page cache drops for it', () => {
    const entries = [
      { name: 'about', domainId: 'a', dependsOn: new Set(['page:p1']) },
      { name: 'grid', domainId: 'a', dependsOn: new Set(['page:p2', 'listings']) },
      { name: 'chapter', domainId: 'a', dependsOn: new Set(['page:p3', 'stories']) },
      { name: 'search', domainId: 'a', dependsOn: new Set<string>() },
      { name: 'other domain', domainId: 'b', dependsOn: new Set(['page:p9', 'listings']) },
    ]
    const changes: [string | null, ContentChange][] = [
      ['a', { kind: 'pages', ids: ['p1'] }],
      ['a', { kind: 'pages', ids: ['p3'], collection: 'chapters' }],
      ['a', { kind: 'pages' }],
      ['a', { kind: 'stories', ids: ['s1'] }],
      ['a', { kind: 'listings', ids: ['l1'] }],
      ['a', { kind: 'listing-categories' }],
      ['a', { kind: 'site' }],
      ['b', { kind: 'listings' }],
      ['a', { kind: 'domains' }],
    ]
    for (const [domainId, change] of changes) {
      const purged = new Set(purgeTags(domainId, change))
      for (const entry of entries) {
        const tags = answerTags(entry.domainId, 'en', entry.dependsOn)
        expect(
          tags.some((tag) => purged.has(tag)),
          `${entry.name} after ${domainId} ${JSON.stringify(change)}`,
        ).toBe(isStale(entry, domainId, change))
      }
    }
    // A change only another instance hears (its channel was down) is purged by the instance that made it.
    expect(purgeTags(null, { kind: 'everything' })).toBeNull()
  })

  it("bounds a busy page's tags: a grid of hundreds of listings has one listings tag, a page showing many pages one tag for them", () => {
    const grid = answerTags('a', 'de', ['page:home', 'listings'])
    expect(grid).toEqual(['all', 'd:a', 'l:a:de', 'listings:a', 'pages:a', 'p:home'])
    const many = Array.from({ length: 500 }, (_, i) => `page:p${i}`)
    const busy = answerTags('a', 'en', many)
    expect(busy.length).toBeLessThanOrEqual(8)
    expect(busy).toContain('pages-many:a')
    // Still dropped by the publish of any one of them.
    expect(purgeTags('a', { kind: 'pages', ids: ['p123'] })).toContain('pages-many:a')
    expect(answerTags('a', 'en', many.slice(0, MAX_PAGE_TAGS))).not.toContain('pages-many:a')
    // Tags carry no separators of the three headers.
    expect(answerTags('dom a,b', 'en', ['page:x y'])).toEqual(['all', 'd:dom_a_b', 'l:dom_a_b:en', 'pages:dom_a_b', 'p:x_y'])
  })
})

/** A stand-in's record of what it was asked, and how it is told to answer next. */
interface StandIn {
  url: string
  calls: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[]
  /** Answers to give before the normal one: a status and a body. */
  failures: { status: number; body: unknown }[]
  close(): Promise<void>
}

async function standIn(answer: (path: string, headers: http.IncomingHttpHeaders, body: unknown) => { status: number; body: unknown }) {
  const calls: StandIn['calls'] = []
  const failures: StandIn['failures'] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
      calls.push({ path: req.url ?? '', headers: req.headers, body })
      const { status, body: out } = failures.shift() ?? answer(req.url ?? '', req.headers, body)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(out))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies StandIn
}

/**
 * Fastly's batch purge: POST /service/{service_id}/purge, `Fastly-Key`, JSON `surrogate_keys` (at
 * most 256); 200 with a purge id per key; 401 without a valid key; 400 past the limit.
 */
const fastly = () =>
  standIn((path, headers, body) => {
    if (headers['fastly-key'] !== 'fastly-token') return { status: 401, body: { msg: 'Provided credentials are missing or invalid' } }
    if (path !== '/service/svc-1/purge') return { status: 404, body: { msg: 'Record not found' } }
    const keys = (body as { surrogate_keys?: unknown }).surrogate_keys
    if (!Array.isArray(keys) || keys.length === 0)
      return { status: 400, body: { msg: 'Bad request', detail: 'surrogate_keys is required' } }
    if (keys.length > 256) return { status: 400, body: { msg: 'Bad request', detail: 'Too many surrogate keys (max 256)' } }
    return { status: 200, body: Object.fromEntries(keys.map((key: string, i: number) => [key, `108-${i}`])) }
  })

/**
 * Cloudflare's purge_cache: POST /zones/{zone_id}/purge_cache, Bearer token, JSON `tags` (at most
 * 100 per request); every answer is `{ success, errors, messages, result }`.
 */
const cloudflare = () =>
  standIn((path, headers, body) => {
    const envelope = (success: boolean, errors: { code: number; message: string }[], result: unknown = null) => ({
      success,
      errors,
      messages: [],
      result,
    })
    if (headers.authorization !== 'Bearer cf-token')
      return { status: 403, body: envelope(false, [{ code: 10000, message: 'Authentication error' }]) }
    if (path !== '/zones/zone-1/purge_cache') return { status: 404, body: envelope(false, [{ code: 7003, message: 'Could not route' }]) }
    const tags = (body as { tags?: unknown }).tags
    if (!Array.isArray(tags) || tags.length > 100)
      return { status: 400, body: envelope(false, [{ code: 1000, message: 'Purge request has too many tags (max 100)' }]) }
    return { status: 200, body: envelope(true, [], { id: 'purge-1' }) }
  })

/** The purge jobs queued (other work, such as the stale-content radar's refresh, is queued beside them). */
const purgeJobs = (t: TestApp) => t.database.db.select().from(jobsTable).where(eq(jobsTable.name, CDN_PURGE_JOB))

describe('purges against Fastly', () => {
  let api: StandIn
  let t: TestApp
  beforeAll(async () => {
    api = await fastly()
    t = await createTestApp({
      env: { CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 'fastly-token', FASTLY_SERVICE_ID: 'svc-1', FASTLY_API_URL: api.url },
    })
    await t.services.domains.upsert({ _id: 'dom-a', name: 'A', hostnames: ['a.test'], published: true })
    // The new domain's own purge (everything) is queued as the change is announced: let it arrive
    // before the tests start from an empty queue (on PostgreSQL it came after a plain delete).
    await vi.waitFor(async () => expect((await purgeJobs(t)).length).toBe(1))
    await t.database.db.delete(jobsTable)
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })
  afterEach(async () => {
    await t.database.db.delete(jobsTable)
    api.calls.length = 0
    api.failures.length = 0
  })

  const health = async () => (await (await t.app.request('/health')).json()) as { status: string; cdnPurges: Record<string, unknown> }

  it('a page publish is soft-purged by its tags, in one batch call, after the publish answered', async () => {
    const page = await t.services.pages.save(
      'dom-a',
      'pages',
      { slug: 'about', template: 'generic', header: { title: 'About' }, contents: [] },
      SYSTEM,
    )
    await t.services.pages.publish('dom-a', 'pages', page._id, SYSTEM)
    // The publish queues the purge as it is announced (on the content bus): nothing is called yet.
    await expect.poll(async () => (await purgeJobs(t)).length).toBe(1)
    expect(api.calls).toHaveLength(0)
    expect((await health()).cdnPurges).toMatchObject({ provider: 'fastly', pending: 1, failed: 0 })
    const report = await t.services.jobs.runDue({ names: [CDN_PURGE_JOB] })
    expect(report.done).toHaveLength(1)
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]!.headers['fastly-soft-purge']).toBe('1')
    expect(api.calls[0]!.body).toEqual({ surrogate_keys: [`p:${page._id}`, 'pages-many:dom-a', 'sitemap:dom-a', 'any:dom-a'] })
    expect(await health()).toMatchObject({ status: 'ok', cdnPurges: { status: 'ok', pending: 0, failed: 0 } })
  })

  it('purges the same keys a second time CDN_REPURGE_SECONDS later, for a copy refetched from an instance that had not heard yet', async () => {
    t.services.events.emit('published', 'dom-a', { kind: 'listings' })
    await expect.poll(async () => (await purgeJobs(t)).length).toBe(1)
    const now = new Date()
    const both = [CDN_PURGE_JOB, CDN_REPURGE_JOB]
    expect((await t.services.jobs.runDue({ names: both, now })).done.map((d) => d.name)).toEqual([CDN_PURGE_JOB])
    // Not before its time; the health's pending count is the first purge's only.
    expect((await t.services.jobs.runDue({ names: both, now: new Date(now.getTime() + 1_000) })).done).toEqual([])
    expect((await health()).cdnPurges).toMatchObject({ pending: 0, failed: 0 })
    expect((await t.services.jobs.runDue({ names: both, now: new Date(now.getTime() + 2_500) })).done.map((d) => d.name)).toEqual([
      CDN_REPURGE_JOB,
    ])
    expect(api.calls.map((c) => (c.body as { surrogate_keys: string[] }).surrogate_keys)).toEqual([
      ['listings:dom-a', 'any:dom-a'],
      ['listings:dom-a', 'any:dom-a'],
    ])
    expect(api.calls.every((c) => c.headers['fastly-soft-purge'] === '1')).toBe(true)
  })

  it('a navigation publish purges its domain; a change of 600 pages goes in batches of at most 256 keys', async () => {
    await t.services.siteDocuments.save('nav', 'dom-a', { siteName: 'A', items: [] })
    await t.services.siteDocuments.publish('nav', 'dom-a')
    t.services.events.emit('published', 'dom-a', { kind: 'pages', ids: Array.from({ length: 600 }, (_, i) => `page-${i}`) })
    await expect.poll(async () => (await purgeJobs(t)).length).toBe(4)
    await t.services.jobs.runDue({ names: [CDN_PURGE_JOB] })
    const sizes = api.calls.map((c) => (c.body as { surrogate_keys: string[] }).surrogate_keys.length).sort((a, b) => a - b)
    expect(sizes).toEqual([1, 91, 256, 256])
    expect(api.calls.every((c) => c.headers['content-type'] === 'application/json')).toBe(true)
    expect(api.calls.some((c) => JSON.stringify(c.body) === JSON.stringify({ surrogate_keys: ['d:dom-a'] }))).toBe(true)
  })

  it('a purge Fastly refuses (503, then 429) is retried with back-off, after a restart too, and shown on /health meanwhile', async () => {
    api.failures.push({ status: 503, body: { msg: 'Service unavailable' } }, { status: 429, body: { msg: 'Too many requests' } })
    t.services.events.emit('published', 'dom-a', { kind: 'listings' })
    await expect.poll(async () => (await purgeJobs(t)).length).toBe(1)
    const now = new Date()
    expect((await t.services.jobs.runDue({ names: [CDN_PURGE_JOB], now })).retried).toHaveLength(1)
    const degraded = await health()
    expect(degraded.status).toBe('degraded')
    expect(degraded.cdnPurges).toMatchObject({ status: 'degraded', pending: 1, retrying: 1, failed: 0 })
    expect(String(degraded.cdnPurges.lastError)).toContain('Fastly answered 503')
    // A restart: another queue on the same database (the job is a row) retries it once it is due.
    const restarted = createJobQueue(t.database.db)
    restarted.register(CDN_PURGE_JOB, ({ payload }) => purgeBatch(t.config.cdn!, (payload as { tags: string[] }).tags, true), {
      backoffMs: 2000,
    })
    expect((await restarted.runDue({ now })).done).toHaveLength(0)
    expect((await restarted.runDue({ now: new Date(now.getTime() + 3_000) })).retried).toHaveLength(1)
    expect((await restarted.runDue({ now: new Date(now.getTime() + 15_000) })).done).toHaveLength(1)
    expect(api.calls.map((c) => (c.body as { surrogate_keys: string[] }).surrogate_keys)).toEqual([
      ['listings:dom-a', 'any:dom-a'],
      ['listings:dom-a', 'any:dom-a'],
      ['listings:dom-a', 'any:dom-a'],
    ])
    expect(await health()).toMatchObject({ status: 'ok', cdnPurges: { pending: 0, retrying: 0, failed: 0 } })
  })

  it('a wrong token is given up after the last attempt and reported as failed; the publish itself never fails', async () => {
    const wrong = { ...t.config.cdn!, apiToken: 'expired' } as NonNullable<typeof t.config.cdn>
    await expect(purgeBatch(wrong, ['d:dom-a'], true)).rejects.toThrow(/Fastly answered 401: .*credentials are missing or invalid/)
    const queue = createJobQueue(t.database.db)
    queue.register(CDN_PURGE_JOB, ({ payload }) => purgeBatch(wrong, (payload as { tags: string[] }).tags, true), {
      maxAttempts: 2,
      backoffMs: 1,
    })
    await queue.enqueue(CDN_PURGE_JOB, { tags: ['d:dom-a'], soft: true })
    await queue.runDue()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await queue.runDue()).dead).toHaveLength(1)
    expect((await health()).cdnPurges).toMatchObject({ status: 'degraded', failed: 1, lastError: expect.stringContaining('401') })
  })
})

describe('purges against Cloudflare', () => {
  let api: StandIn
  let t: TestApp
  beforeAll(async () => {
    api = await cloudflare()
    t = await createTestApp({
      env: { CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 'cf-token', CLOUDFLARE_ZONE_ID: 'zone-1', CLOUDFLARE_API_URL: api.url },
    })
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it('purges tags in calls of at most 100, hard (Cloudflare has no soft purge by tag), and reads success and errors', async () => {
    t.services.events.emit('published', 'dom-a', { kind: 'pages', ids: Array.from({ length: 150 }, (_, i) => `page-${i}`) })
    await expect.poll(async () => (await purgeJobs(t)).length).toBe(2)
    await t.services.jobs.runDue({ names: [CDN_PURGE_JOB] })
    expect(api.calls.map((c) => (c.body as { tags: string[] }).tags.length).sort((a, b) => a - b)).toEqual([53, 100])
    expect(api.calls.every((c) => c.headers.authorization === 'Bearer cf-token' && !c.headers['fastly-soft-purge'])).toBe(true)

    // An answer of 200 that says success: false is a failure too, with its errors.
    api.failures.push({
      status: 200,
      body: { success: false, errors: [{ code: 1134, message: 'Purge temporarily unavailable' }], messages: [], result: null },
    })
    await expect(purgeBatch(t.config.cdn!, ['d:dom-a'], true)).rejects.toThrow(
      'Cloudflare answered 200: 1134 Purge temporarily unavailable',
    )
    const tooMany = Array.from({ length: 101 }, (_, i) => `t${i}`)
    await expect(purgeBatch(t.config.cdn!, tooMany, true)).rejects.toThrow('101 tags in one call; the limit is 100')
    await expect(purgeBatch({ ...t.config.cdn!, apiToken: 'nope' } as NonNullable<typeof t.config.cdn>, ['d:dom-a'], true)).rejects.toThrow(
      'Cloudflare answered 403: 10000 Authentication error',
    )
  })
})

describe('cacheable visitor API answers', () => {
  it('are tagged for the CDN and public for visitors, private for anyone with a session', async () => {
    const t = await createTestApp({ env: { CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://127.0.0.1:9' } })
    try {
      await t.services.domains.upsert({ _id: 'dom-a', name: 'A', hostnames: ['localhost'], published: true })
      const visitor = await t.app.request('/api/listing/loadTags?domainId=dom-a')
      expect(visitor.status).toBe(200)
      expect(visitor.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=300')
      expect(visitor.headers.get('xkey')).toBe('all d:dom-a listings:dom-a')
      const withSession = await t.app.request('/api/listing/loadTags?domainId=dom-a', { headers: { cookie: 'authToken=whatever' } })
      expect(withSession.headers.get('cache-control')).toBe('private, no-store')
      expect(withSession.headers.get('xkey')).toBeNull()
      // An answer that names no caching (here a 404 of this app without pages) is kept by no shared cache.
      const unknown = await t.app.request('/no-such-address')
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('cache-control')).toBe('no-store')
      const sitemap = await t.app.request('/sitemap.xml')
      expect(sitemap.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600')
      expect(sitemap.headers.get('xkey')).toBe('all d:dom-a sitemap:dom-a')
      // The web manifest names the site (its navigation): dropped with any change of its domain.
      const manifest = await t.app.request('/site.webmanifest')
      expect(manifest.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=3600')
      expect(manifest.headers.get('xkey')).toBe('all d:dom-a any:dom-a')
    } finally {
      await t.close()
    }
  })
})
