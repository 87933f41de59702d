import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache } from './page-cache.ts'

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

  it('does not keep a page that says no-store, and forgets a page after its maximum age', async () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 50 })
    await cache.put(get('/login/setup'), html('<h1>Setup</h1>', 200, { 'cache-control': 'no-store' }))
    expect(cache.get(get('/login/setup'))).toBeNull()
    await cache.put(get('/old'), html('<h1>Old</h1>'))
    expect(cache.get(get('/old'))).not.toBeNull()
    await expect.poll(() => cache.get(get('/old')), { timeout: 2000, interval: 20 }).toBeNull()
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
