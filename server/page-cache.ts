import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { preferredEncoding } from './compression.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip' | 'identity'

interface CachedPage {
  status: number
  /** Ready-made header sets per encoding, so a hit allocates nothing but the write. */
  headers: Record<Encoding, Record<string, string>>
  br: Buffer
  gzipped: Buffer
}

export interface PageCacheOptions {
  /** At most this many pages (0 turns the cache off). */
  maxEntries: number
  /** At most this many bytes of compressed pages: the budget that matters on a big site. */
  maxBytes?: number
  /** Pages older than this are rendered again, whatever happened meanwhile. */
  maxAgeMs?: number
}

/** Which stored copy a client gets: brotli, else gzip, else the plain bytes. */
const encodingFor = (acceptEncoding: string | undefined): Encoding => preferredEncoding(acceptEncoding) ?? 'identity'

/** Requests that carry a session are editors': never cached, never served from cache. */
export function isAnonymousRequest(authorization: string | null | undefined, cookie: string | null | undefined): boolean {
  return !authorization && !/(?:^|;\s*)authToken=/.test(cookie ?? '')
}

/**
 * Visitor pages are the same for every anonymous visitor until something is published, so the
 * rendered HTML is kept in memory keyed by host and path, compressed (brotli and gzip, made in
 * libuv's thread pool, not on the event loop) and bounded by bytes. Editors never read or fill
 * it. A publish clears it; entries expire after maxAgeMs in any case.
 *
 * `serve` answers a hit straight from Node's request handler, before any routing or middleware:
 * the stored headers are the full response's, security headers included.
 */
export function createPageCache({ maxEntries, maxBytes = 128 * 1024 * 1024, maxAgeMs = 300_000 }: PageCacheOptions) {
  // The maximum age is a safety net: should a publish notification from another instance be lost,
  // a page is stale for at most this long.
  const cache =
    maxEntries > 0
      ? new LRUCache<string, CachedPage>({
          max: maxEntries,
          maxSize: maxBytes,
          sizeCalculation: (entry) => entry.br.length + entry.gzipped.length + 1024,
          ttl: maxAgeMs,
          ttlAutopurge: false,
        })
      : null

  function keyOf(host: string | null | undefined, url: string) {
    return `${host ?? ''}${url}`
  }

  function requestKey(request: Request) {
    const url = request.url
    const start = url.indexOf('/', url.indexOf('//') + 2)
    return keyOf(request.headers.get('host'), start === -1 ? '/' : url.slice(start))
  }

  function bodyOf(entry: CachedPage, encoding: Encoding): Buffer {
    if (encoding === 'br') return entry.br
    if (encoding === 'gzip') return entry.gzipped
    // Clients that take no compression are rare (some bots, curl): unzip for them rather than
    // keep a third copy of every page.
    return zlib.gunzipSync(entry.gzipped)
  }

  function respond(entry: CachedPage, request: Request, state: 'HIT' | 'MISS'): Response {
    const encoding = encodingFor(request.headers.get('accept-encoding') ?? undefined)
    const headers = entry.headers[encoding]
    return new Response(new Uint8Array(bodyOf(entry, encoding)), {
      status: entry.status,
      headers: state === 'HIT' ? headers : { ...headers, 'x-cache': 'MISS' },
    })
  }

  return {
    get(request: Request): Response | null {
      const entry = cache?.get(requestKey(request))
      return entry ? respond(entry, request, 'HIT') : null
    },
    /** Answers an anonymous GET from the cache directly on Node's response; false on a miss. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!cache || req.method !== 'GET' || !isAnonymousRequest(req.headers.authorization, req.headers.cookie)) return false
      const entry = cache.get(keyOf(req.headers.host, req.url ?? '/'))
      if (!entry) return false
      const encoding = encodingFor(req.headers['accept-encoding'])
      res.writeHead(entry.status, entry.headers[encoding])
      res.end(bodyOf(entry, encoding))
      return true
    },
    /** Stores a successful HTML response and answers with an equivalent one. */
    async put(request: Request, response: Response): Promise<Response> {
      const type = response.headers.get('content-type') ?? ''
      // A page that says it must not be stored (one that changes with the site's state, such as
      // the first-editor setup) is passed through.
      const noStore = /\b(no-store|private)\b/.test(response.headers.get('cache-control') ?? '')
      if (
        !cache ||
        response.status !== 200 ||
        !type.includes('text/html') ||
        response.headers.has('set-cookie') ||
        response.headers.has('content-encoding') ||
        noStore
      ) {
        return response
      }
      const body = Buffer.from(await response.arrayBuffer())
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            // Quality 9 of 11: within a few per cent of the smallest, at a fraction of the time.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 6 }),
      ])
      const base: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding' && name !== 'vary') base[name] = value
      })
      base.vary = 'Accept-Encoding, Cookie'
      base['x-cache'] = 'HIT'
      const entry: CachedPage = {
        status: response.status,
        headers: {
          br: { ...base, 'content-encoding': 'br', 'content-length': String(br.length) },
          gzip: { ...base, 'content-encoding': 'gzip', 'content-length': String(gzipped.length) },
          identity: { ...base, 'content-length': String(body.length) },
        },
        br,
        gzipped,
      }
      cache.set(requestKey(request), entry)
      return respond(entry, request, 'MISS')
    },
    clear: () => cache?.clear(),
    get size() {
      return cache?.size ?? 0
    },
    /** Bytes held (compressed copies and header allowance). */
    get bytes() {
      return cache?.calculatedSize ?? 0
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
