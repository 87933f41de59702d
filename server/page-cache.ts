import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { preferredEncoding } from './compression.ts'
import { authTokenCookie } from './session-cookie.ts'
import type { ContentChange } from './services/events.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip' | 'identity'

interface CachedPage {
  status: number
  /** Ready-made header sets per encoding, so a hit allocates nothing but the write. */
  headers: Record<Encoding, Record<string, string>>
  br: Buffer
  gzipped: Buffer
  /** The domain the page belongs to (null: unknown, dropped by any domain's change). */
  domainId: string | null
  /** What the page shows (see PageDependencies); empty: unknown, dropped by any change of its domain. */
  dependsOn: ReadonlySet<string>
}

/**
 * What a rendered page shows besides its domain's shared parts (navigation, footer, settings),
 * recorded by the loaders as they read it, so that a publish drops only the pages that show what
 * it changed (issue 16 point 5):
 * - `page:<id>`: that published page (its own page, and any page it embeds);
 * - `listings`: listing data (a grid, a listing page with its related listings);
 * - `stories`: a story's header and chapter list (chapter pages).
 * A page whose loaders recorded nothing is dropped by any change of its domain.
 */
export class PageDependencies {
  readonly tags = new Set<string>()
  page(id: string) {
    this.tags.add(`page:${id}`)
  }
  listings() {
    this.tags.add('listings')
  }
  stories() {
    this.tags.add('stories')
  }
}

/** Whether a change of `domainId` makes a cached page stale. */
export function isStale(
  entry: { domainId: string | null; dependsOn: ReadonlySet<string> },
  domainId: string | null,
  change: ContentChange,
) {
  if (change.kind === 'domains' || change.kind === 'everything' || domainId === null) return true
  if (entry.domainId !== null && entry.domainId !== domainId) return false
  if (change.kind === 'site' || entry.dependsOn.size === 0) return true
  switch (change.kind) {
    case 'pages':
      if (change.collection === 'chapters' && entry.dependsOn.has('stories')) return true
      if (!change.ids) return [...entry.dependsOn].some((tag) => tag.startsWith('page:'))
      return change.ids.some((id) => entry.dependsOn.has(`page:${id}`))
    case 'stories':
      return entry.dependsOn.has('stories')
    case 'listings':
    case 'listing-categories':
      return entry.dependsOn.has('listings')
  }
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
  return !authorization && !authTokenCookie(cookie)
}

/**
 * Visitor pages are the same for every anonymous visitor until something is published, so the
 * rendered HTML is kept in memory keyed by host and path, compressed (brotli and gzip, made in
 * libuv's thread pool, not on the event loop) and bounded by bytes. Editors never read or fill
 * it. A publish drops the pages that show what it changed (`invalidate`, by domain and by what
 * each page depends on); entries expire after maxAgeMs in any case.
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

  // Invalidation generations (issue 29 point 5). A render reads the database before a publish and
  // finishes after the publish dropped the cache: storing it would serve the old version until the
  // maximum age. Each invalidation gets a number; a render notes the number before it starts, and
  // its page is stored only if no invalidation since then concerns it (kept: the last 256; a render
  // older than those is not stored).
  let generation = 0
  const recent: { generation: number; domainId: string | null; change: ContentChange }[] = []
  function noteInvalidation(domainId: string | null, change: ContentChange) {
    generation++
    recent.push({ generation, domainId, change })
    if (recent.length > 256) recent.shift()
  }
  function invalidatedSince(since: number, page: { domainId: string | null; dependsOn: ReadonlySet<string> }) {
    if (since === generation) return false
    if (!recent.length || recent[0]!.generation > since + 1) return true
    return recent.some((r) => r.generation > since && isStale(page, r.domainId, r.change))
  }

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
    /**
     * Stores a successful HTML response and answers with an equivalent one. `page` says which
     * domain it belongs to and what it shows (without it the page is dropped by any change).
     */
    /** The invalidation generation: note it before a render starts and give it to put(). */
    get generation() {
      return generation
    },
    async put(
      request: Request,
      response: Response,
      page: { domainId?: string | null; dependsOn?: Iterable<string>; renderedSince?: number } = {},
    ): Promise<Response> {
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
        domainId: page.domainId ?? null,
        dependsOn: new Set(page.dependsOn ?? []),
      }
      // Checked after compressing too: an invalidation may arrive while it runs.
      if (page.renderedSince === undefined || !invalidatedSince(page.renderedSince, entry)) cache.set(requestKey(request), entry)
      return respond(entry, request, 'MISS')
    },
    clear: () => {
      noteInvalidation(null, { kind: 'everything' })
      cache?.clear()
    },
    /** Drops the pages a change of `domainId` makes stale; answers how many. */
    invalidate(domainId: string | null, change: ContentChange): number {
      noteInvalidation(domainId, change)
      if (!cache) return 0
      if (change.kind === 'domains' || change.kind === 'everything' || domainId === null) {
        const n = cache.size
        cache.clear()
        return n
      }
      const stale: string[] = []
      for (const [key, entry] of cache.entries()) if (isStale(entry, domainId, change)) stale.push(key)
      for (const key of stale) cache.delete(key)
      return stale.length
    },
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
