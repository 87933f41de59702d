import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'

interface CachedPage {
  status: number
  headers: [string, string][]
  body: Buffer
  gzipped: Buffer
}

/**
 * Visitor pages are the same for every anonymous visitor until something is published, so the
 * rendered HTML (and its gzip) is kept in memory keyed by host and path. A publish anywhere in
 * the domain clears it; editors never read or fill it.
 */
export function createPageCache(maxEntries: number) {
  const cache = maxEntries > 0 ? new LRUCache<string, CachedPage>({ max: maxEntries }) : null

  function key(request: Request) {
    const url = new URL(request.url)
    return `${request.headers.get('host') ?? ''}${url.pathname}${url.search}`
  }

  function respond(entry: CachedPage, request: Request): Response {
    const headers = new Headers(entry.headers)
    headers.set('x-cache', 'HIT')
    const acceptsGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
    if (acceptsGzip) {
      headers.set('content-encoding', 'gzip')
      headers.set('content-length', String(entry.gzipped.length))
      return new Response(new Uint8Array(entry.gzipped), { status: entry.status, headers })
    }
    headers.set('content-length', String(entry.body.length))
    return new Response(new Uint8Array(entry.body), { status: entry.status, headers })
  }

  return {
    get(request: Request): Response | null {
      const entry = cache?.get(key(request))
      return entry ? respond(entry, request) : null
    },
    /** Stores a successful HTML response and answers with an equivalent one. */
    async put(request: Request, response: Response): Promise<Response> {
      const type = response.headers.get('content-type') ?? ''
      if (!cache || response.status !== 200 || !type.includes('text/html') || response.headers.has('set-cookie')) {
        return response
      }
      const body = Buffer.from(await response.arrayBuffer())
      const headers: [string, string][] = []
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') headers.push([name, value])
      })
      headers.push(['vary', 'Accept-Encoding, Cookie'])
      const entry: CachedPage = { status: response.status, headers, body, gzipped: gzipSync(body) }
      cache.set(key(request), entry)
      const fresh = respond(entry, request)
      fresh.headers.set('x-cache', 'MISS')
      return fresh
    },
    clear: () => cache?.clear(),
    get size() {
      return cache?.size ?? 0
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
