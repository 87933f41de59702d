import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'

interface CachedPage {
  status: number
  /** Ready-made header sets, so a hit allocates nothing but the Response. */
  plain: Record<string, string>
  gzip: Record<string, string>
  body: Uint8Array<ArrayBuffer>
  gzipped: Uint8Array<ArrayBuffer>
}

/**
 * Visitor pages are the same for every anonymous visitor until something is published, so the
 * rendered HTML (and its gzip) is kept in memory keyed by host and path. A publish anywhere in
 * the domain clears it; editors never read or fill it. Entries expire after maxAgeMs in any case.
 */
export function createPageCache(maxEntries: number, maxAgeMs = 300_000) {
  // The maximum age is a safety net: should a publish notification from another instance be lost,
  // a page is stale for at most this long.
  const cache = maxEntries > 0 ? new LRUCache<string, CachedPage>({ max: maxEntries, ttl: maxAgeMs, ttlAutopurge: false }) : null

  function key(request: Request) {
    const url = request.url
    const start = url.indexOf('/', url.indexOf('//') + 2)
    return `${request.headers.get('host') ?? ''}${start === -1 ? '/' : url.slice(start)}`
  }

  function respond(entry: CachedPage, request: Request, state: 'HIT' | 'MISS'): Response {
    const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
    const headers = gzip ? entry.gzip : entry.plain
    return new Response(gzip ? entry.gzipped : entry.body, {
      status: entry.status,
      headers: state === 'HIT' ? headers : { ...headers, 'x-cache': 'MISS' },
    })
  }

  return {
    get(request: Request): Response | null {
      const entry = cache?.get(key(request))
      return entry ? respond(entry, request, 'HIT') : null
    },
    /** Stores a successful HTML response and answers with an equivalent one. */
    async put(request: Request, response: Response): Promise<Response> {
      const type = response.headers.get('content-type') ?? ''
      // A page that says it must not be stored (one that changes with the site's state, such as
      // the first-editor setup) is passed through.
      const noStore = /\b(no-store|private)\b/.test(response.headers.get('cache-control') ?? '')
      if (!cache || response.status !== 200 || !type.includes('text/html') || response.headers.has('set-cookie') || noStore) {
        return response
      }
      const body = new Uint8Array(await response.arrayBuffer())
      const gzipped = new Uint8Array(gzipSync(body))
      const headers: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value
      })
      headers.vary = 'Accept-Encoding, Cookie'
      headers['x-cache'] = 'HIT'
      const entry: CachedPage = {
        status: response.status,
        plain: { ...headers, 'content-length': String(body.length) },
        gzip: { ...headers, 'content-encoding': 'gzip', 'content-length': String(gzipped.length) },
        body,
        gzipped,
      }
      cache.set(key(request), entry)
      return respond(entry, request, 'MISS')
    },
    clear: () => cache?.clear(),
    get size() {
      return cache?.size ?? 0
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
