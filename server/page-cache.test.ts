import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache, OUTDATED_CACHE_CONTROL } from './page-cache.ts'

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { host: 'localhost', ...headers } })

describe('page cache', () => {
  it('answers a repeated visitor request from memory with the same bytes', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const first = await cache.put(get('/a'), html('<h1>A</h1>'))
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(await first.text()).toBe('<h1>A</h1>')
    const hit = cache.get(get('/a'))
    expect(hit?.headers.get('x-cache')).toBe('HIT')
    expect(await hit?.text()).toBe('<h1>A</h1>')
  })

  it('serves brotli to clients that accept it, else gzip, else the plain page', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a'), html('<h1>Compress me</h1>'))
    const br = cache.get(get('/a', { 'accept-encoding': 'gzip, deflate, br' }))!
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('<h1>Compress me</h1>')
    const gz = cache.get(get('/a', { 'accept-encoding': 'gzip' }))!
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('<h1>Compress me</h1>')
    const plain = cache.get(get('/a'))!
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('<h1>Compress me</h1>')
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Cookie')
  })

  it("honours the client's weights: br;q=0 refuses brotli, q=0 on both gets the plain page, * counts", async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a'), html('<h1>Weights</h1>'))
    const encodingFor = (acceptEncoding: string) =>
      cache.get(get('/a', { 'accept-encoding': acceptEncoding }))!.headers.get('content-encoding')
    expect(encodingFor('br;q=0, gzip')).toBe('gzip')
    expect(encodingFor('gzip;q=0, br;q=0')).toBeNull()
    expect(encodingFor('gzip;q=1.0, br;q=0.5')).toBe('gzip')
    expect(encodingFor('*')).toBe('br')
    expect(encodingFor('*;q=0.1, br;q=0')).toBe('gzip')
    // Equal weights: the smaller brotli copy, whatever the client's order.
    expect(encodingFor('gzip, br')).toBe('br')
    // Not every word that contains "br" is brotli.
    expect(encodingFor('zbr, gzip')).toBe('gzip')
    const body = await cache.get(get('/a', { 'accept-encoding': 'br;q=0, gzip' }))!.arrayBuffer()
    expect(gunzipSync(Buffer.from(body)).toString()).toBe('<h1>Weights</h1>')
  })

  it('is bounded by the bytes it holds, not only by a count', async () => {
    // Pages of random text barely compress: each takes about 20 KB of the 100 KB budget twice over.
    const cache = createPageCache({ maxEntries: 1000, maxBytes: 100_000 })
    const page = (n: number) => html(`<p>${n}${Array.from({ length: 2500 }, () => Math.random().toString(36).slice(2, 10)).join('')}</p>`)
    for (let n = 0; n < 10; n++) await cache.put(get(`/${n}`), page(n))
    expect(cache.bytes).toBeLessThanOrEqual(100_000)
    expect(cache.size).toBeLessThan(10)
    expect(cache.get(get('/9'))).not.toBeNull()
    expect(cache.get(get('/0'))).toBeNull()
  })

  it("answers a hit on Node's own response, the way the production server serves it", async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a'), html('<h1>Fast</h1>', 200, { 'x-frame-options': 'SAMEORIGIN' }))
    const server = http.createServer((req, res) => {
      if (!cache.serve(req, res)) res.writeHead(404).end('miss')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    // fetch() sets Host itself; the cache is keyed by the Host a browser sends.
    const request = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers } }, (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (body += chunk))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
          })
          .on('error', reject)
      })
    try {
      const hit = await request('/a')
      expect(hit.status).toBe(200)
      expect(hit.headers['x-cache']).toBe('HIT')
      expect(hit.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(hit.body).toBe('<h1>Fast</h1>')
      // An editor (session cookie) and another path are not answered from the cache.
      expect((await request('/a', { cookie: 'authToken=x' })).status).toBe(404)
      expect((await request('/b')).status).toBe(404)
    } finally {
      server.close()
    }
  })

  it('keeps hosts and query strings apart', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a'), html('local'))
    expect(cache.get(get('/a', { host: 'eden.localhost' }))).toBeNull()
    expect(cache.get(get('/a?page=2'))).toBeNull()
  })

  it('does not keep errors, non-HTML or responses that set cookies', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/missing'), html('nope', 404))
    await cache.put(get('/data'), new Response('{}', { headers: { 'content-type': 'application/json' } }))
    await cache.put(get('/cookie'), html('hi', 200, { 'set-cookie': 'a=b' }))
    expect(cache.size).toBe(0)
  })

  it('forgets everything when cleared (after a publish)', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a'), html('old'))
    cache.clear()
    expect(cache.get(get('/a'))).toBeNull()
  })

  it('holds at most the configured number of pages', async () => {
    const cache = createPageCache({ maxEntries: 2 })
    for (const p of ['/1', '/2', '/3']) await cache.put(get(p), html(p))
    expect(cache.size).toBe(2)
    expect(cache.get(get('/1'))).toBeNull()
  })

  it('does not keep a page that says no-store; past its maximum age a page is served stale while rendered again, and then not at all', async () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 50, staleWindowMs: 100 })
    await cache.put(get('/login/setup'), html('<h1>Setup</h1>', 200, { 'cache-control': 'no-store' }))
    expect(cache.get(get('/login/setup'))).toBeNull()
    await cache.put(get('/old'), html('<h1>Old</h1>'))
    expect(cache.get(get('/old'))?.headers.get('x-cache')).toBe('HIT')
    await expect.poll(() => cache.peek(get('/old')), { timeout: 2000, interval: 10 }).toBe('stale')
    expect(cache.get(get('/old'))?.headers.get('x-cache')).toBe('STALE')
    await expect.poll(() => cache.get(get('/old')), { timeout: 2000, interval: 10 }).toBeNull()
  })
})

describe('a render in flight while its page is published (issue 29 point 5)', () => {
  const about = { domainId: 'main', dependsOn: ['page:about'] }

  it('does not store a page whose render began before an invalidation that concerns it', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const renderedSince = cache.generation
    // The render read version 14; the publish of version 15 drops the (empty) cache meanwhile.
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    const answer = await cache.put(get('/about'), html('<h1>Version 14</h1>'), { ...about, renderedSince })
    // The visitor who asked still gets what was rendered; the next one gets a fresh render.
    expect(await answer.text()).toBe('<h1>Version 14</h1>')
    expect(cache.get(get('/about'))).toBeNull()
  })

  it('stores it when what was published since does not concern it (another page, another domain)', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const renderedSince = cache.generation
    cache.invalidate('main', { kind: 'pages', ids: ['walks'] })
    cache.invalidate('eden', { kind: 'site' })
    await cache.put(get('/about'), html('<h1>About</h1>'), { ...about, renderedSince })
    expect(cache.get(get('/about'))).not.toBeNull()
  })

  it('does not store a render that began before the cache was cleared, nor one older than the invalidations it remembers', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const beforeClear = cache.generation
    cache.clear()
    await cache.put(get('/about'), html('<h1>Old</h1>'), { ...about, renderedSince: beforeClear })
    expect(cache.get(get('/about'))).toBeNull()

    const longAgo = cache.generation
    for (let i = 0; i < 300; i++) cache.invalidate('eden', { kind: 'pages', ids: [`other-${i}`] })
    await cache.put(get('/about'), html('<h1>Slow</h1>'), { ...about, renderedSince: longAgo })
    expect(cache.get(get('/about'))).toBeNull()
  })
})

describe('one render per page under load (issue 32 point 1)', () => {
  const about = { domainId: 'main', dependsOn: ['page:about'] }

  /** A renderer as server/app.ts drives the cache: claim, render (counted), store. */
  function site(cache: ReturnType<typeof createPageCache>, version: { n: number; status?: number }) {
    const renders: number[] = []
    let release: () => void = () => {}
    let gate = Promise.resolve()
    const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)))
    async function visit(path: string, headers: Record<string, string> = {}, request = get(path, headers)): Promise<Response> {
      const hit = cache.isRefresh(request) ? null : cache.get(request)
      if (hit) return hit
      const claim = cache.claim(request)
      if ('wait' in claim) {
        const shared = await claim.wait
        if (shared) return shared
      }
      const since = cache.generation
      const rendered = version.n
      renders.push(rendered)
      await gate
      const response = html(`<h1>Version ${rendered}</h1>`, version.status ?? 200)
      return cache.put(request, response, { ...about, renderedSince: since, ...('lead' in claim ? { render: claim.lead } : {}) })
    }
    cache.setRefresher((request) => visit('', {}, request))
    return { visit, renders, hold, release: () => release() }
  }

  it('concurrent requests for a page not cached wait for one render, and all get it', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const s = site(cache, { n: 1 })
    s.hold()
    const answers = Array.from({ length: 50 }, (_, i) => s.visit('/about', i % 2 ? { 'accept-encoding': 'gzip' } : {}))
    s.release()
    const texts = await Promise.all(
      answers.map(async (a) => {
        const answer = await a
        const bytes = Buffer.from(await answer.arrayBuffer())
        return (answer.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString()
      }),
    )
    expect(s.renders).toEqual([1])
    expect(new Set(texts)).toEqual(new Set(['<h1>Version 1</h1>']))
    expect(cache.stats()).toMatchObject({ misses: 1, sharedRenders: 49, rendering: 0 })
  })

  it('a render that gives no page to keep (a 404) makes each waiting request render for itself', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const s = site(cache, { n: 1, status: 404 })
    s.hold()
    const answers = [s.visit('/gone'), s.visit('/gone'), s.visit('/gone')]
    s.release()
    for (const answer of answers) expect((await answer).status).toBe(404)
    expect(s.renders).toHaveLength(3)
    expect(cache.size).toBe(0)
  })

  it('after a publish the old page is served (STALE) while one render refreshes it, then the new one', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const version = { n: 1 }
    const s = site(cache, version)
    await s.visit('/about')
    version.n = 2
    s.hold()
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    const during = await Promise.all(Array.from({ length: 20 }, () => s.visit('/about')))
    expect(during.map((r) => r.headers.get('x-cache'))).toEqual(Array(20).fill('STALE'))
    expect(await during[0]!.text()).toBe('<h1>Version 1</h1>')
    // One refresh, whatever the number of visitors.
    expect(s.renders).toEqual([1, 2])
    s.release()
    await expect.poll(() => cache.peek(get('/about'))).toBe('fresh')
    const after = await s.visit('/about')
    expect(after.headers.get('x-cache')).toBe('HIT')
    expect(await after.text()).toBe('<h1>Version 2</h1>')
  })

  it('a publish while its page is refreshed starts the refresh again: once refreshed, never older than the last publish', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const version = { n: 1 }
    const s = site(cache, version)
    await s.visit('/about')
    version.n = 2
    s.hold()
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    expect(await (await s.visit('/about')).text()).toBe('<h1>Version 1</h1>')
    // Version 3 is published while the refresh that read version 2 runs.
    version.n = 3
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    expect(s.renders).toEqual([1, 2, 3])
    s.release()
    await cache.refreshed(5000)
    expect(cache.peek(get('/about'))).toBe('fresh')
    expect(await (await s.visit('/about')).text()).toBe('<h1>Version 3</h1>')
  })

  it('a publish renders again at once the pages visitors asked for last, and refreshed() waits for them', async () => {
    const cache = createPageCache({ maxEntries: 100, eagerRefreshes: 3 })
    const version = { n: 1 }
    const s = site(cache, version)
    for (let i = 0; i < 6; i++) await s.visit(`/p${i}`)
    await s.visit('/p5')
    await s.visit('/p4')
    version.n = 2
    s.hold()
    expect(cache.invalidate('main', { kind: 'site' })).toBe(6)
    let done = false
    const waiting = cache.refreshed(10_000).then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(done).toBe(false)
    s.release()
    await waiting
    // The three asked for last are fresh; the others are rendered again when a visitor asks.
    const states = Array.from({ length: 6 }, (_, i) => cache.peek(get(`/p${i}`)))
    expect(states).toEqual(['stale', 'stale', 'stale', 'fresh', 'fresh', 'fresh'])
  })

  it('a request that comes after an invalidation does not wait for a render that began before it', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const version = { n: 1 }
    const s = site(cache, version)
    s.hold()
    const early = s.visit('/about')
    version.n = 2
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    const late = s.visit('/about')
    s.release()
    expect(await (await early).text()).toBe('<h1>Version 1</h1>')
    expect(await (await late).text()).toBe('<h1>Version 2</h1>')
    expect(cache.peek(get('/about'))).toBe('fresh')
    expect(await cache.get(get('/about'))!.text()).toBe('<h1>Version 2</h1>')
  })

  it('a refresh that answers no page (unpublished, redirected) drops the stale copy', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    const version: { n: number; status?: number } = { n: 1 }
    const s = site(cache, version)
    await s.visit('/about')
    version.status = 404
    cache.invalidate('main', { kind: 'pages', ids: ['about'] })
    expect((await s.visit('/about')).headers.get('x-cache')).toBe('STALE')
    await expect.poll(() => cache.peek(get('/about'))).toBeNull()
    expect((await s.visit('/about')).status).toBe(404)
  })

  it('keeps a plain copy for clients that take no compression, made once and weighed in the budget', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/a', { 'accept-encoding': 'br' }), html(`<h1>${'Plain '.repeat(2000)}</h1>`))
    const before = cache.bytes
    const first = cache.get(get('/a'))!
    expect(first.headers.get('content-encoding')).toBeNull()
    expect(await first.text()).toBe(`<h1>${'Plain '.repeat(2000)}</h1>`)
    const withPlain = cache.bytes
    expect(withPlain - before).toBe(12_009)
    cache.get(get('/a'))
    expect(cache.bytes).toBe(withPlain)
  })

  it('says how many pages its budget holds', async () => {
    const cache = createPageCache({ maxEntries: 50_000, maxBytes: 1024 * 1024 })
    for (let i = 0; i < 4; i++) await cache.put(get(`/${i}`), html(`<p>${i}</p>`))
    const stats = cache.stats()
    expect(stats.pages).toBe(4)
    expect(stats.budgetHoldsPages).toBe(Math.floor((1024 * 1024) / stats.meanPageBytes))
  })
})

describe('page cache with a CDN in front (decision 031)', () => {
  const shared = 'public, max-age=0, s-maxage=3600, stale-while-revalidate=300'

  it('sends a copy it knows is outdated with s-maxage=0, so a CDN fetching it after a purge does not keep it', async () => {
    const cache = createPageCache({ maxEntries: 10 })
    await cache.put(get('/about'), html('<h1>Old</h1>', 200, { 'cache-control': shared }), {
      domainId: 'a',
      dependsOn: ['page:about'],
    })
    expect(cache.get(get('/about'))?.headers.get('cache-control')).toBe(shared)
    cache.invalidate('a', { kind: 'pages', ids: ['about'] })
    const stale = cache.get(get('/about'))!
    expect(stale.headers.get('x-cache')).toBe('STALE')
    expect(stale.headers.get('cache-control')).toBe(OUTDATED_CACHE_CONTROL)

    // A render that began before the publish answers its visitor, but not as shareable.
    const since = cache.generation
    cache.invalidate('a', { kind: 'pages', ids: ['about'] })
    const late = await cache.put(get('/about'), html('<h1>Old, rendered before</h1>', 200, { 'cache-control': shared }), {
      domainId: 'a',
      dependsOn: ['page:about'],
      renderedSince: since,
    })
    expect(late.headers.get('cache-control')).toBe(OUTDATED_CACHE_CONTROL)
  })

  it('serves no stale copy when told so: the request waits for the fresh render instead', async () => {
    const cache = createPageCache({ maxEntries: 10, staleWindowMs: 0 })
    await cache.put(get('/about'), html('<h1>Old</h1>', 200, { 'cache-control': shared }), { domainId: 'a', dependsOn: ['page:about'] })
    cache.invalidate('a', { kind: 'pages', ids: ['about'] })
    await new Promise((resolve) => setTimeout(resolve, 2))
    expect(cache.get(get('/about'))).toBeNull()
  })
})
