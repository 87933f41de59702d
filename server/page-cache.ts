import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { preferredEncoding } from './compression.ts'
import { authTokenCookie } from './session-cookie.ts'
import { hasConsent, inlineScriptHashes } from './content-security-policy.ts'
import type { ContentChange } from './services/events.ts'

const brotli = promisify(zlib.brotliCompress)
const unbrotli = promisify(zlib.brotliDecompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip' | 'identity'

/**
 * Brotli quality of the stored copy. Measured on the demo's pages (decision 026): quality 5 makes
 * them 2 % larger than quality 9 at a sixth of the CPU time (about 6 ms instead of 38 ms for a
 * 130 KB page), and every miss of a stampede or a crawl pays it.
 */
export const BROTLI_QUALITY = 5

interface CachedPage {
  status: number
  /** The response's headers but the encoding's (content-encoding, content-length). */
  base: Record<string, string>
  /** Ready-made header sets per encoding and consent (`br:1`), made the first time a client takes it. */
  headers: Partial<Record<string, Record<string, string>>>
  /**
   * Its Content-Security-Policy by the hashes of its inline scripts (a nonce would be every
   * visitor's): for visitors who declined (or did not choose) and for those who accepted the
   * consent-bound third parties. Absent: the response's own header, in `base`.
   */
  policy?: { declined: string; accepted: string }
  /** The one copy every page keeps: what browsers take. */
  br: Buffer
  /**
   * The gzip and plain copies, made once from the brotli copy when a client first takes them
   * (decompressing a page is a fraction of a millisecond, gzipping it 2 ms), then kept within the
   * byte budget: a client without brotli is answered from memory like any other.
   */
  gzipped?: Buffer
  plain?: Buffer
  deriving?: Partial<Record<'gzip' | 'identity', Promise<Buffer>>>
  /** The domain the page belongs to (null: unknown, dropped by any domain's change). */
  domainId: string | null
  /** What the page shows (see PageDependencies); empty: unknown, dropped by any change of its domain. */
  dependsOn: ReadonlySet<string>
  /** The request's host and path (the key's parts), to render it again. */
  host: string
  path: string
  /** When it was stored (performance.now()). */
  storedAt: number
  /** When something it shows changed (performance.now()); from then on it is served only while one render refreshes it. */
  staleSince?: number
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
  /** At most this many bytes of stored copies: the budget that matters on a big site. */
  maxBytes?: number
  /** Pages older than this are rendered again (served meanwhile), whatever happened. */
  maxAgeMs?: number
  /**
   * How long after it became stale (a publish, its maximum age) a page may still be served while
   * it is rendered again. Past this, a request waits for the render: a page unpublished or
   * redirected while nobody asked for it is never shown again.
   */
  staleWindowMs?: number
  /** Brotli quality of the stored copy (default BROTLI_QUALITY). */
  brotliQuality?: number
  /**
   * How many of the pages an invalidation makes stale are rendered again at once (the most
   * recently asked for); the others when a visitor next asks. Needs a refresher (setRefresher).
   */
  eagerRefreshes?: number
}

/**
 * Cache-Control of a copy this server knows is out of date (served stale while one render
 * refreshes it, or rendered before a publish that concerns it): a CDN in front must not keep it,
 * or the purge that followed the publish would be undone by the CDN's next fetch (decision 031).
 */
export const OUTDATED_CACHE_CONTROL = 'public, max-age=0, s-maxage=0'

/** Which stored copy a client gets: brotli, else gzip, else the plain bytes. */
const encodingFor = (acceptEncoding: string | undefined): Encoding => preferredEncoding(acceptEncoding) ?? 'identity'

/** Requests that carry a session are editors': never cached, never served from cache. */
export function isAnonymousRequest(authorization: string | null | undefined, cookie: string | null | undefined): boolean {
  return !authorization && !authTokenCookie(cookie)
}

/** What the page renderer stores a page with: its domain and what it shows. */
export interface PageMeta {
  domainId?: string | null
  dependsOn?: Iterable<string>
  /**
   * The page's Content-Security-Policy given the hash sources of its inline scripts, without and
   * with consent (server/content-security-policy.ts): it replaces the render's nonce policy.
   */
  policy?: (scripts: string[]) => { declined: string; accepted: string }
}

/**
 * One render of a page that others may wait for (single flight). `since` is the invalidation
 * generation when it began: it is stored only if nothing it shows changed since.
 */
export interface PageRender {
  readonly key: string
  readonly since: number
  /** Whether it refreshes a stale copy (no visitor waits for it). */
  readonly refresh: boolean
}

interface Flight extends PageRender {
  /** Resolves with the stored page, or null when the answer cannot be shared (not a page to keep). */
  outcome: Promise<CachedPage | null>
  settle(entry: CachedPage | null): void
  settled: boolean
}

/** What a page render that found no copy does: lead one (and others wait for it), or wait for the one in flight. */
export type RenderClaim = { lead: PageRender } | { wait: Promise<Response | null> }

export interface PageCacheStats {
  /** Pages held, and their bytes (all stored copies and a header allowance). */
  pages: number
  bytes: number
  maxBytes: number
  /** Mean bytes of a page, and how many such pages the byte budget holds. */
  meanPageBytes: number
  budgetHoldsPages: number
  /** Answers since start: from memory, stale while refreshed, after waiting for another's render, rendered. */
  hits: number
  staleHits: number
  sharedRenders: number
  misses: number
  /** Renders in flight. */
  rendering: number
}

/**
 * Visitor pages are the same for every anonymous visitor until something is published, so the
 * rendered HTML is kept in memory keyed by host and path, compressed (brotli in libuv's thread
 * pool, not on the event loop; gzip and plain copies made once when a client takes them) and
 * bounded by bytes. Editors never read or fill it.
 *
 * Under load (decision 026):
 * - one render per page: concurrent requests for a page that is not cached wait for the one
 *   render in flight (`claim`), instead of rendering and compressing it each;
 * - stale while revalidate: a publish or the maximum age marks the pages it concerns stale; a
 *   stale page is still served (x-cache: STALE) while one render refreshes it, so a publish under
 *   load costs one render, not a stall. A render that began before an invalidation that concerns
 *   it is never served as fresh (the generation rule, issue 29 point 5).
 *
 * `serve` answers a hit straight from Node's request handler, before any routing or middleware:
 * the stored headers are the full response's, security headers included.
 */
export function createPageCache({
  maxEntries,
  maxBytes = 128 * 1024 * 1024,
  maxAgeMs = 300_000,
  staleWindowMs = 60_000,
  brotliQuality = BROTLI_QUALITY,
  eagerRefreshes = 16,
}: PageCacheOptions) {
  const sizeOf = (entry: CachedPage) => entry.br.length + (entry.gzipped?.length ?? 0) + (entry.plain?.length ?? 0) + 1024
  const cache = maxEntries > 0 ? new LRUCache<string, CachedPage>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: sizeOf }) : null
  const counts = { hits: 0, staleHits: 0, sharedRenders: 0, misses: 0 }

  // Invalidation generations (issue 29 point 5). A render reads the database before a publish and
  // finishes after the publish dropped the cache: storing it would serve the old version until the
  // maximum age. Each invalidation gets a number; a render notes the number before it starts, and
  // its page is stored as fresh only if no invalidation since then concerns it (kept: the last 256;
  // a render older than those counts as concerned).
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

  // Renders in flight, by page: a request that finds no copy waits for the one rendering it.
  const flights = new Map<string, Flight>()
  function startFlight(key: string, refresh: boolean): Flight {
    let settle!: (entry: CachedPage | null) => void
    const flight: Flight = {
      key,
      since: generation,
      refresh,
      outcome: new Promise<CachedPage | null>((resolve) => (settle = resolve)),
      settled: false,
      settle(entry) {
        if (flight.settled) return
        flight.settled = true
        if (flights.get(key) === flight) flights.delete(key)
        settle(entry)
      },
    }
    flights.set(key, flight)
    return flight
  }

  // How a stale page is rendered again: the app hands in its own request handler (server/app.ts).
  let refresher: ((request: Request) => Promise<Response>) | undefined
  const refreshes = new WeakMap<Request, Flight>()
  /** Refreshes started by invalidations (the pages visitors asked for last), until they end. */
  const eager = new Set<Promise<unknown>>()
  function refresh(key: string, host: string, path: string): Promise<unknown> | undefined {
    const inFlight = flights.get(key)
    // A render begun after the last invalidation gives the fresh page already.
    if (!refresher || (inFlight && inFlight.since === generation)) return undefined
    const flight = startFlight(key, true)
    const request = new Request(`http://${host || 'localhost'}${path}`, { headers: { host, 'accept-encoding': 'br' } })
    refreshes.set(request, flight)
    return (
      refresher(request)
        .then((response) => response.body?.cancel())
        .catch(() => {})
        // A refresh that did not reach the renderer (or failed before storing) leaves no stale copy behind.
        .finally(() => {
          if (!flight.settled) {
            dropStale(key)
            flight.settle(null)
          }
        })
    )
  }
  function dropStale(key: string) {
    const entry = cache?.peek(key)
    if (entry?.staleSince !== undefined) cache!.delete(key)
  }

  function keyOf(host: string | null | undefined, url: string) {
    return `${host ?? ''}${url}`
  }

  function requestKey(request: Request) {
    const url = request.url
    const start = url.indexOf('/', url.indexOf('//') + 2)
    return keyOf(request.headers.get('host'), start === -1 ? '/' : url.slice(start))
  }

  /** Whether an entry is stale now (published since, or past its maximum age); undefined: too stale to serve. */
  function freshness(entry: CachedPage, now: number): 'fresh' | 'stale' | undefined {
    if (entry.staleSince === undefined && now - entry.storedAt > maxAgeMs) entry.staleSince = entry.storedAt + maxAgeMs
    if (entry.staleSince === undefined) return 'fresh'
    return now - entry.staleSince <= staleWindowMs ? 'stale' : undefined
  }

  /** The entry for a request and whether it is fresh; a stale one starts its refresh. */
  function lookup(host: string | undefined, path: string): { entry: CachedPage; state: 'HIT' | 'STALE' } | null {
    const key = keyOf(host, path)
    const entry = cache?.get(key)
    if (!entry) return null
    const state = freshness(entry, performance.now())
    if (state === 'fresh') {
      counts.hits++
      return { entry, state: 'HIT' }
    }
    if (state === 'stale') {
      counts.staleHits++
      void refresh(key, host ?? '', path)
      return { entry, state: 'STALE' }
    }
    // Stale for too long to be shown: rendered again while the request waits (single flight).
    cache!.delete(key)
    return null
  }

  function headersOf(entry: CachedPage, encoding: Encoding, body: Buffer, consented: boolean) {
    const key = `${encoding}:${consented ? 1 : 0}`
    let headers = entry.headers[key]
    if (!headers) {
      headers = {
        ...entry.base,
        ...(entry.policy ? { 'content-security-policy': consented ? entry.policy.accepted : entry.policy.declined } : {}),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
      }
      entry.headers[key] = headers
    }
    return headers
  }

  function bodyNow(entry: CachedPage, encoding: Encoding): Buffer | undefined {
    return encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzipped : entry.plain
  }

  /** Keeps a derived copy with its page, weighed against the budget (if it is still the cached one). */
  function keep(key: string, entry: CachedPage, encoding: 'gzip' | 'identity', body: Buffer) {
    const add = (page: CachedPage) => (encoding === 'gzip' ? (page.gzipped = body) : (page.plain = body))
    add(entry)
    // The same page (its brotli copy) still cached: stored again as a new object, since the LRU
    // weighs an entry only when a different value is set.
    const current = cache?.peek(key)
    if (current && current.br === entry.br) {
      add(current)
      cache!.set(key, { ...current })
    }
    return body
  }

  /** The gzip or plain copy, made once (in the thread pool) and kept with the page within the budget. */
  function derive(key: string, entry: CachedPage, encoding: 'gzip' | 'identity'): Promise<Buffer> {
    entry.deriving ??= {}
    let pending = entry.deriving[encoding]
    if (!pending) {
      pending = unbrotli(entry.br)
        .then((plain) => (encoding === 'gzip' ? gzip(plain, { level: 6 }) : plain))
        .then((body) => keep(key, entry, encoding, bodyNow(entry, encoding) ?? body))
        .finally(() => delete entry.deriving?.[encoding])
      entry.deriving[encoding] = pending
    }
    return pending
  }

  /** The same, at once (the Hono path: development, tests; production answers hits in `serve`). */
  function deriveNow(key: string, entry: CachedPage, encoding: 'gzip' | 'identity'): Buffer {
    const plain = entry.plain ?? zlib.brotliDecompressSync(entry.br)
    return keep(key, entry, encoding, encoding === 'gzip' ? zlib.gzipSync(plain, { level: 6 }) : plain)
  }

  function headerSet(
    entry: CachedPage,
    encoding: Encoding,
    body: Buffer,
    state: 'HIT' | 'STALE' | 'MISS',
    cookie: string | null | undefined,
    outdated = false,
  ) {
    const headers = headersOf(entry, encoding, body, !!entry.policy && hasConsent(cookie))
    if (state === 'HIT') return headers
    return { ...headers, 'x-cache': state, ...(state === 'STALE' || outdated ? { 'cache-control': OUTDATED_CACHE_CONTROL } : {}) }
  }

  function respond(
    key: string,
    entry: CachedPage,
    request: { acceptEncoding: string | null; cookie: string | null },
    state: 'HIT' | 'STALE' | 'MISS',
    outdated = false,
  ): Response {
    const encoding = encodingFor(request.acceptEncoding ?? undefined)
    const body = bodyNow(entry, encoding) ?? deriveNow(key, entry, encoding as 'gzip' | 'identity')
    return new Response(new Uint8Array(body), {
      status: entry.status,
      headers: headerSet(entry, encoding, body, state, request.cookie, outdated),
    })
  }

  const requestParts = (request: Request) => ({
    acceptEncoding: request.headers.get('accept-encoding'),
    cookie: request.headers.get('cookie'),
  })

  /** A render led by `claim` ended without a page to store: whoever waited renders it too. */
  function abandon(render: PageRender) {
    if (!('settle' in render)) return
    const flight = render as Flight
    if (flight.refresh) dropStale(flight.key)
    flight.settle(null)
  }

  return {
    /** A cached answer for the request (fresh, or stale while it is rendered again), or null. */
    get(request: Request): Response | null {
      if (!cache) return null
      const url = request.url
      const start = url.indexOf('/', url.indexOf('//') + 2)
      const path = start === -1 ? '/' : url.slice(start)
      const host = request.headers.get('host') ?? undefined
      const found = lookup(host, path)
      return found ? respond(keyOf(host, path), found.entry, requestParts(request), found.state) : null
    },
    /** Whether a page is cached, without counting it or refreshing it (tests, diagnostics). */
    peek(request: Request): 'fresh' | 'stale' | null {
      const entry = cache?.peek(requestKey(request))
      return entry ? (freshness(entry, performance.now()) ?? null) : null
    },
    /** Answers an anonymous GET from the cache directly on Node's response; false on a miss. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!cache || req.method !== 'GET' || !isAnonymousRequest(req.headers.authorization, req.headers.cookie)) return false
      const path = req.url ?? '/'
      const found = lookup(req.headers.host, path)
      if (!found) return false
      const { entry, state } = found
      const encoding = encodingFor(req.headers['accept-encoding'])
      const body = bodyNow(entry, encoding)
      if (body) {
        res.writeHead(entry.status, headerSet(entry, encoding, body, state, req.headers.cookie))
        res.end(body)
      } else {
        derive(keyOf(req.headers.host, path), entry, encoding as 'gzip' | 'identity').then(
          (made) => {
            res.writeHead(entry.status, headerSet(entry, encoding, made, state, req.headers.cookie))
            res.end(made)
          },
          (err: unknown) => res.destroy(err as Error),
        )
      }
      return true
    },
    /** Whether the request is the cache's own, rendering a stale page again (it reads no copy). */
    isRefresh: (request: Request) => refreshes.has(request),
    /** The app's own request handler, through which a stale page is rendered again. */
    setRefresher(handler: (request: Request) => Promise<Response>) {
      refresher = handler
    },
    /**
     * Called by the page renderer before it renders a page for an anonymous GET: lead the render
     * (others asking meanwhile wait for it) or wait for the one in flight. The wait answers with
     * the page that render stored, or null when it was not a page to keep (a 404, a redirect...):
     * then the caller renders it itself. A render begun before an invalidation is not waited for.
     */
    claim(request: Request): RenderClaim {
      const refreshing = refreshes.get(request)
      if (refreshing) return { lead: refreshing }
      const key = requestKey(request)
      const inFlight = flights.get(key)
      if (cache && inFlight && !inFlight.settled && inFlight.since === generation) {
        counts.sharedRenders++
        const parts = requestParts(request)
        return { wait: inFlight.outcome.then((entry) => (entry ? respond(key, entry, parts, 'MISS') : null)) }
      }
      counts.misses++
      return { lead: cache ? startFlight(key, false) : { key, since: generation, refresh: false } }
    },
    abandon,
    /** The invalidation generation: note it before a render starts and give it to put(). */
    get generation() {
      return generation
    },
    /**
     * Stores a successful HTML response and answers with an equivalent one. `page` says which
     * domain it belongs to and what it shows (without it the page is dropped by any change);
     * `render` is the claim it was rendered under (else `renderedSince`, the generation noted
     * before it began).
     */
    async put(
      request: Request,
      response: Response,
      page: PageMeta & { renderedSince?: number; render?: PageRender } = {},
    ): Promise<Response> {
      const flight = page.render && 'settle' in page.render ? (page.render as Flight) : undefined
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
        if (page.render) abandon(page.render)
        return response
      }
      const key = requestKey(request)
      let entry: CachedPage
      let outdated: boolean
      try {
        const body = Buffer.from(await response.arrayBuffer())
        const br = await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
        // The render's policy names its nonce, which the stored copy would give every visitor: the
        // stored page gets one by the hashes of its inline scripts instead.
        const policy = page.policy?.(inlineScriptHashes(body.toString('utf8')))
        const base: Record<string, string> = {}
        response.headers.forEach((value, name) => {
          if (name === 'content-security-policy' && policy) return
          if (name !== 'content-length' && name !== 'content-encoding' && name !== 'vary') base[name] = value
        })
        base.vary = 'Accept-Encoding, Cookie'
        base['x-cache'] = 'HIT'
        entry = {
          status: response.status,
          base,
          headers: {},
          ...(policy ? { policy } : {}),
          br,
          // The one who asked takes no compression: the plain bytes are at hand.
          ...(encodingFor(request.headers.get('accept-encoding') ?? undefined) === 'identity' ? { plain: body } : {}),
          domainId: page.domainId ?? null,
          dependsOn: new Set(page.dependsOn ?? []),
          host: request.headers.get('host') ?? '',
          path: key.slice((request.headers.get('host') ?? '').length),
          storedAt: performance.now(),
        }
        // Checked after compressing too: an invalidation may arrive while it runs.
        const since = page.render?.since ?? page.renderedSince
        outdated = since !== undefined && invalidatedSince(since, entry)
        if (outdated) {
          // Older than a publish that concerns it: never fresh. It still replaces an older stale
          // copy (it is newer), and is refreshed in turn by the next request.
          const current = cache.peek(key)
          if (current?.staleSince !== undefined) {
            entry.staleSince = current.staleSince
            cache.set(key, entry)
          }
        } else cache.set(key, entry)
      } catch (err) {
        if (page.render) abandon(page.render)
        throw err
      }
      flight?.settle(entry)
      return respond(key, entry, requestParts(request), 'MISS', outdated)
    },
    clear: () => {
      noteInvalidation(null, { kind: 'everything' })
      cache?.clear()
    },
    /**
     * Marks stale the pages a change of `domainId` concerns (served while rendered again) and
     * renders again at once the ones visitors asked for last (up to `eagerRefreshes`); answers how
     * many were marked.
     */
    invalidate(domainId: string | null, change: ContentChange): number {
      noteInvalidation(domainId, change)
      if (!cache) return 0
      const now = performance.now()
      const marked: [string, CachedPage][] = []
      // Most recently used first.
      for (const [key, entry] of cache.entries()) {
        if (!isStale(entry, domainId, change)) continue
        // Stale already: a refresh in flight read the page before this change, so it starts again.
        entry.staleSince ??= now
        marked.push([key, entry])
      }
      // Pages at their own address (no query string) first: the one an editor just published.
      const first = marked.filter(([, entry]) => !entry.path.includes('?'))
      const then = marked.filter(([, entry]) => entry.path.includes('?'))
      for (const [key, entry] of [...first, ...then].slice(0, eagerRefreshes)) {
        const running = refresh(key, entry.host, entry.path)
        if (running) {
          eager.add(running)
          void running.finally(() => eager.delete(running))
        }
      }
      return marked.length
    },
    /**
     * Resolves when the refreshes the invalidations so far started have ended, or after `timeoutMs`:
     * an editor's publish answers once visitors get what it published (read your own writes).
     */
    async refreshed(timeoutMs: number): Promise<void> {
      if (!eager.size) return
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.allSettled([...eager]), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))])
      clearTimeout(timer)
    },
    get size() {
      return cache?.size ?? 0
    },
    /** Bytes held (stored copies and header allowance). */
    get bytes() {
      return cache?.calculatedSize ?? 0
    },
    stats(): PageCacheStats {
      const pages = cache?.size ?? 0
      const bytes = cache?.calculatedSize ?? 0
      const meanPageBytes = pages ? Math.round(bytes / pages) : 0
      return {
        pages,
        bytes,
        maxBytes: cache ? maxBytes : 0,
        meanPageBytes,
        budgetHoldsPages: cache && meanPageBytes ? Math.min(maxEntries, Math.floor(maxBytes / meanPageBytes)) : 0,
        ...counts,
        rendering: flights.size,
      }
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>
