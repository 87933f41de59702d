import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache } from './page-cache.ts'

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { host: 'localhost', ...headers } })

describe('page cache', () => {
  it('answers a repeated visitor request from memory with the same bytes', async () => {
    const cache = createPageCache(10)
    const first = await cache.put(get('/a'), html('<h1>A</h1>'))
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(await first.text()).toBe('<h1>A</h1>')
    const hit = cache.get(get('/a'))
    expect(hit?.headers.get('x-cache')).toBe('HIT')
    expect(await hit?.text()).toBe('<h1>A</h1>')
  })

  it('serves gzip to clients that accept it', async () => {
    const cache = createPageCache(10)
    await cache.put(get('/a'), html('<h1>Gzip me</h1>'))
    const hit = cache.get(get('/a', { 'accept-encoding': 'gzip, br' }))
    expect(hit?.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await hit!.arrayBuffer())).toString()).toBe('<h1>Gzip me</h1>')
  })

  it('keeps hosts and query strings apart', async () => {
    const cache = createPageCache(10)
    await cache.put(get('/a'), html('local'))
    expect(cache.get(get('/a', { host: 'eden.localhost' }))).toBeNull()
    expect(cache.get(get('/a?page=2'))).toBeNull()
  })

  it('does not keep errors, non-HTML or responses that set cookies', async () => {
    const cache = createPageCache(10)
    await cache.put(get('/missing'), html('nope', 404))
    await cache.put(get('/data'), new Response('{}', { headers: { 'content-type': 'application/json' } }))
    await cache.put(get('/cookie'), html('hi', 200, { 'set-cookie': 'a=b' }))
    expect(cache.size).toBe(0)
  })

  it('forgets everything when cleared (after a publish)', async () => {
    const cache = createPageCache(10)
    await cache.put(get('/a'), html('old'))
    cache.clear()
    expect(cache.get(get('/a'))).toBeNull()
  })

  it('holds at most the configured number of pages', async () => {
    const cache = createPageCache(2)
    for (const p of ['/1', '/2', '/3']) await cache.put(get(p), html(p))
    expect(cache.size).toBe(2)
    expect(cache.get(get('/1'))).toBeNull()
  })

  it('does not keep a page that says no-store, and forgets a page after its maximum age', async () => {
    const cache = createPageCache(10, 50)
    await cache.put(get('/login/setup'), html('<h1>Setup</h1>', 200, { 'cache-control': 'no-store' }))
    expect(cache.get(get('/login/setup'))).toBeNull()
    await cache.put(get('/old'), html('<h1>Old</h1>'))
    expect(cache.get(get('/old'))).not.toBeNull()
    await expect.poll(() => cache.get(get('/old')), { timeout: 2000, interval: 20 }).toBeNull()
  })
})
