import path from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { serveStatic } from '@hono/node-server/serve-static'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { Config } from './config.ts'
import { createApi } from './api/index.ts'
import { errorJson } from './api/errors.ts'
import { texts } from '#lib/texts'
import { isDatabaseUnavailable } from './db/client.ts'
import { createDevOutbox } from './dev-outbox.ts'
import { createSeoRoutes } from './seo.ts'
import { sessionTokenFrom } from './api/session.ts'
import { createImgRouter } from './api/img.ts'
import { clientIp } from './api/client.ts'
import type { Logger } from './log.ts'
import { compressResponses } from './compression.ts'
import { createPageCache, isAnonymousRequest, PageDependencies, type PageRender } from './page-cache.ts'
import { createRenderTurns } from './render-turns.ts'
import { createHealthCheck, type HealthSources } from './health.ts'
import { checkPageAddress } from './page-address.ts'
import { providerModes } from './providers.ts'
import {
  contentSecurityPolicy,
  DEVELOPMENT_POLICY,
  hasConsent,
  newNonce,
  NON_PAGE_POLICY,
  PagePolicy,
  siteParties,
} from './content-security-policy.ts'
import { CONTENT_CHANNEL, SITE_CHANGE } from './services/events.ts'
import { hostFromHeader } from './services/domains.ts'
import { DRAFT_LINK_PARAM } from '#lib/draft-link'
import { domainLanguagesOf, ENGLISH_ONLY, LOCALES, splitLocalePath } from '#lib/locales'
import type { Services } from './services/index.ts'
import type { AppLoadContext } from 'react-router'
import './load-context.ts'
import { DEMO_NEWSLETTER_PATH, demoNewsletter } from './demo/newsletter.ts'
import { PRIVATE_CACHE_CONTROL, sharedCacheHeaders } from './cdn/headers.ts'
import { answerTags } from './cdn/tags.ts'

export interface AppOptions {
  services: Services
  config: Config
  log: Logger
  /** React Router's server build; a function in development so each request sees fresh code. */
  build?: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the built client assets, served in production. */
  clientDir?: string
  /** What /health reports beyond the database (server/health.ts); the database alone when absent. */
  health?: HealthSources
}

export { CONTENT_CHANNEL }

/** The longest a publish waits for the pages it changed to be rendered again (under a crawl they queue). */
const PUBLISH_REFRESH_WAIT_MS = 5000

/** The largest body of a request to a page (its action's form): 64 KB. */
export const PAGE_BODY_LIMIT = 64 * 1024

const isAnonymous = (request: Request) => isAnonymousRequest(request.headers.get('authorization'), request.headers.get('cookie'))

/** Set by the page renderer on a response the page cache may keep: its domain and what it shows. */
type Variables = {
  pageCacheable?: {
    domainId: string | null
    dependsOn: ReadonlySet<string>
    /** Its Content-Security-Policy by its inline scripts' hashes, for the stored copy. */
    policy: (scripts: string[]) => { declined: string; accepted: string }
  }
  /**
   * Set by the page cache for an anonymous GET: the renderer calls it before rendering. Null: this
   * request renders the page (and others asking meanwhile wait for it); else the answer of the
   * render already in flight (null again when that one was not a page to keep).
   */
  claimPageRender?: () => Promise<Response | null> | null
}

/**
 * One Hono app serves everything on one port: /health, the API under its prefix, the built
 * client assets, and every other path through React Router's server renderer.
 */
export function createApp({ services, config, log, build, clientDir, health }: AppOptions) {
  const app = new Hono<{ Variables: Variables }>()
  const pageCache = createPageCache({
    maxEntries: config.mode === 'development' ? 0 : config.pageCacheMaxEntries,
    maxBytes: config.pageCacheMaxMegabytes * 1024 * 1024,
    maxAgeMs: config.pageCacheMaxAgeSeconds * 1000,
    // With a CDN in front, the CDN serves the stale copy while it fetches the new one (soft purge,
    // grace): this server renders the fresh page for that fetch (one render, the others wait for
    // it) instead of answering with its own stale copy, which the CDN could not keep (decision 031).
    ...(config.cdn ? { staleWindowMs: 0 } : {}),
  })
  // A publish drops the pages that show what it changed, in this instance at once; the services
  // tell the other instances (NOTIFY), which do the same (server/main.ts).
  services.events.on('published', (domainId, change) => pageCache.invalidate(domainId, change ?? SITE_CHANGE))
  // A stale page is rendered again through the app itself, as a visitor's request would be.
  pageCache.setRefresher(async (request) => app.fetch(request))
  // Renders take turns with cached answers: while hits are served, one render at a time and a
  // rest as long as each (decision 032).
  let hitsSeen = 0
  const renderQueue = createRenderTurns({
    concurrency: config.renderConcurrency,
    servingHits: () => {
      const { hits, staleHits } = pageCache.stats()
      const moved = hits + staleHits !== hitsSeen
      hitsSeen = hits + staleHits
      return moved
    },
  })
  const checkHealth = createHealthCheck(services, health ?? { folders: [], providers: providerModes(config) })

  // Every answer has a Content-Security-Policy (issue 29 point 8, decision 027): pages their own
  // (below, and the page cache's for stored copies); anything else (JSON, pictures, plain errors)
  // may run nothing at all.
  app.use(async (c, next) => {
    await next()
    // An answer that says nothing about caching is kept by no shared cache (a CDN's default TTL
    // would otherwise keep 404s and redirects that no purge names): only tagged answers are (031).
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store')
    if (c.res.headers.has('content-security-policy')) return
    // The development mail viewer (/dev/outbox) is a page of its own, with inline styles.
    c.res.headers.set('Content-Security-Policy', config.mode === 'development' ? DEVELOPMENT_POLICY : NON_PAGE_POLICY)
  })

  // Text is sent compressed, brotli preferred (cached pages and built assets come compressed already).
  app.use(compressResponses())

  // Every request body is bounded before anything reads it (issue 29 point 4). The API
  // (API_BODY_LIMIT_KB) and uploads (20 MB) have limits of their own; everything else, page actions
  // included (React Router reads their forms, e.g. /login/setup), takes forms of a few fields.
  const pageBodyLimit = bodyLimit({
    maxSize: PAGE_BODY_LIMIT,
    onError: (c) => {
      // The rest of the body is not read: the connection is closed rather than drained.
      c.header('Connection', 'close')
      return errorJson(c, 413, `The request body is larger than the ${PAGE_BODY_LIMIT / 1024} KB a page accepts`)
    },
  })
  app.use('*', async (c, next) => {
    const own = c.req.path.startsWith(`/${config.apiPrefix}/`) || c.req.path === '/img/upload'
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || own) return next()
    return pageBodyLimit(c, next)
  })

  // Cached visitor pages first: a hit needs no routing, no database and no rendering. (In production
  // server/main.ts answers hits before Hono is reached at all.) A page the renderer marks cacheable
  // is stored with every header the layers below add. (A published redirect marks every page
  // stale, so a cached page that now redirects is served at most while it is rendered again.)
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' || !isAnonymous(c.req.raw)) return next()
    const hit = pageCache.isRefresh(c.req.raw) ? null : pageCache.get(c.req.raw)
    if (hit) return hit
    // The page renderer claims the render (below): one render per page at a time (single flight).
    let render: PageRender | undefined
    c.set('claimPageRender', () => {
      const claim = pageCache.claim(c.req.raw)
      if ('wait' in claim) return claim.wait
      render = claim.lead
      return null
    })
    // Before anything is read: a publish while this page renders keeps it out of the cache.
    const renderedSince = pageCache.generation
    try {
      await next()
    } catch (err) {
      if (render) pageCache.abandon(render)
      throw err
    }
    const cacheable = c.get('pageCacheable')
    if (cacheable) {
      const stored = await pageCache.put(c.req.raw, c.res, { ...cacheable, renderedSince, render })
      c.res = undefined
      c.res = stored
    } else if (render) pageCache.abandon(render)
  })

  // Baseline security headers on everything. Cross-origin resource and opener policies stay off:
  // images are embedded elsewhere (social cards) and booking payment opens provider windows.
  app.use(
    secureHeaders({
      // HSTS only where the site is https (BASE_URL): over plain http it means nothing, and a
      // localhost or staging address must not be pinned to https by a browser.
      strictTransportSecurity: config.baseUrl.startsWith('https:') ? 'max-age=15552000; includeSubDomains' : false,
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'SAMEORIGIN',
    }),
  )

  app.get('/health', async (c) => {
    const { healthy, body } = await checkHealth()
    if (!healthy) log.warn({ health: body }, 'health check: this instance cannot serve (503)')
    c.header('Cache-Control', 'no-store')
    // The page cache (how many pages its budget holds) and the renders waiting their turn.
    const pages = pageCache.stats()
    return c.json(
      {
        ...body,
        pageCache: {
          ...pages,
          megabytes: Math.round(pages.bytes / 1024 / 102.4) / 10,
          budgetMegabytes: Math.round(pages.maxBytes / 1024 / 1024),
        },
        renderQueue: { rendering: renderQueue.activeCount, waiting: renderQueue.pendingCount, rests: renderQueue.rests },
      },
      healthy ? 200 : 503,
    )
  })

  // Read your own writes: a change made through the API (a publish) answers once the pages it made
  // stale that visitors asked for last are rendered again (server/page-cache.ts), so whoever
  // published and then looks as a visitor sees it; the other pages are refreshed as visitors ask.
  app.use(`/${config.apiPrefix}/*`, async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const before = pageCache.generation
    await next()
    if (pageCache.generation !== before) await pageCache.refreshed(PUBLISH_REFRESH_WAIT_MS)
  })
  app.route(`/${config.apiPrefix}`, createApi(services, log))
  if (config.mode === 'development') app.route('/dev/outbox', createDevOutbox(services))
  // Anything else under the prefix is an unknown API call, answered in JSON, not by the page renderer.
  app.all(`/${config.apiPrefix}/*`, (c) => errorJson(c, 404, `No API route for ${c.req.method} ${c.req.path}`))
  app.route('/img', createImgRouter(services, log))
  // The demo's newsletter form posts to its own stand-in (nothing is sent or kept).
  if (config.demo) app.route(DEMO_NEWSLETTER_PATH, demoNewsletter())

  app.route('/', createSeoRoutes(services, config.auth.trustProxy))

  if (clientDir) {
    const root = path.relative(process.cwd(), clientDir)
    // Vite fingerprints everything under /assets: it may be cached for ever. The build wrote a
    // brotli and a gzip copy beside each text asset (scripts/compress-assets.ts).
    app.use(
      '/assets/*',
      serveStatic({ root, precompressed: true, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    )
    // The site's icons (public/) change almost never and browsers ask for them on every visit: a week.
    const icon = /\/(favicon\.ico|icon\.svg|apple-touch-icon\.png|icon-\d+\.png)$/
    app.use(
      '*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (p, c) => c.header('Cache-Control', icon.test(p) ? 'public, max-age=604800' : 'public, max-age=3600'),
      }),
    )
  }

  // Page addresses (server/page-address.ts): unstorable text answers 400 before anything looks it
  // up; after the site's own redirect rules (which may name any spelling, '/old.html'), other
  // spellings of a page's address redirect to its canonical form instead of being rendered and cached.
  app.use('*', async (c, next) => {
    // API addresses are not pages: a mis-spelt call answers 404, it is not redirected to a page
    // address (with API_PREFIX set, '/api/...' is still no page: the slug 'api' is the API's).
    if (c.req.path.startsWith('/api/')) return next()
    const checked = checkPageAddress(new URL(c.req.url))
    if (!checked.ok && checked.status === 400) return errorJson(c, 400, checked.message)
    await next()
  })

  // Redirects from the domain's published site settings apply before any page is rendered.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    // With the database down there are no redirects to apply; the page itself answers 503.
    const redirect = await services.domains
      .forHost(hostFromHeader(c.req.header('host')))
      .then((domain) => (domain ? services.redirects.match(domain._id, c.req.path) : null))
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) return null
        throw err
      })
    if (redirect) return c.redirect(redirect.location, redirect.status)
    await next()
  })
  app.use('*', async (c, next) => {
    // API addresses are not pages: a mis-spelt call answers 404, it is not redirected to a page
    // address (with API_PREFIX set, '/api/...' is still no page: the slug 'api' is the API's).
    if (c.req.path.startsWith('/api/')) return next()
    const checked = checkPageAddress(new URL(c.req.url))
    if (checked.ok || checked.status !== 308) return next()
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return errorJson(c, 404, 'No page at this address')
    return c.redirect(checked.location, 308)
  })

  if (build) {
    // A language's pages are served by React Router under its address prefix as the basename
    // (docs/decisions/019): `/de/about` routes as `/about`, and in the browser every <Link>,
    // navigation and data request of that page stays under /de. One handler per prefix, made once.
    const handlers = new Map<string, ReturnType<typeof createRequestHandler>>()
    const handlerFor = (basename: string) => {
      let handler = handlers.get(basename)
      if (!handler) {
        handler = createRequestHandler(
          basename === '/' ? build : typeof build === 'function' ? async () => ({ ...(await build()), basename }) : { ...build, basename },
          config.mode,
        )
        handlers.set(basename, handler)
      }
      return handler
    }
    // Errors of loaders and renders (app/entry.server.tsx handleError) are logged here; the logger
    // reports what it logs at level error to Sentry when SENTRY_DSN is set (server/main.ts).
    const reportError = (err: unknown, request: Request) =>
      log.error({ err, method: request.method, path: new URL(request.url).pathname }, 'page render failed')
    // Renders take their turn (RENDER_CONCURRENCY at once): a crawl's or a stampede's misses wait
    // here without holding the event loop, and cached pages, answered before any of this, are
    // served between them (decision 026).
    app.all('*', async (c) => {
      const request = c.req.raw
      const anonymous = request.method === 'GET' && isAnonymous(request)
      // The same page rendering for another visitor right now: its answer is this one's too.
      const shared = c.get('claimPageRender')?.()
      if (shared) {
        const answer = await shared
        if (answer) return answer
      }
      let context: AppLoadContext
      let basename = '/'
      // This answer's Content-Security-Policy: a nonce on every inline script it renders, and what
      // the loaders record (the domain's consent-bound third parties, the blocks' embeds).
      const nonce = newNonce()
      const contentPolicy = new PagePolicy()
      // What the page shows, recorded by the loaders: a publish drops only the pages that show it.
      const dependencies = new PageDependencies()
      // A loader whose query met a dropped database connection (a failover, a restart) reports it
      // here; the page is then answered with the 503 page, as when the database is down from the start.
      let databaseLost = false
      const reportPageError = (err: unknown, req: Request) => {
        if (isDatabaseUnavailable(err)) {
          databaseLost = true
          log.warn({ err, path: new URL(req.url).pathname }, 'database unavailable during a page render: answering 503')
        } else reportError(err, req)
      }
      try {
        const [domain, session] = await Promise.all([
          services.domains.forHost(hostFromHeader(request.headers.get('host'))),
          anonymous ? null : services.auth.resolve(sessionTokenFrom(request.headers)),
        ])
        // The address's language prefix, when the domain offers that language; any other first
        // segment is an ordinary address (`/fr/x` on a domain without French is the page fr/x).
        const languages = domainLanguagesOf(domain)
        const { locale } = splitLocalePath(new URL(request.url).pathname, languages)
        if (locale !== languages.default) basename = `/${LOCALES[locale].prefix}`
        context = {
          services,
          domain,
          locale,
          languages,
          user: session?.user ?? null,
          clientIp: clientIp(c, config.auth.trustProxy),
          unavailable: false,
          reportError: reportPageError,
          dependencies,
          cspNonce: nonce,
          contentPolicy,
        }
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err
        log.warn({ err }, 'database unavailable: answering 503')
        // The layout loader turns this into the 503 error page.
        context = {
          services,
          domain: null,
          locale: ENGLISH_ONLY.default,
          languages: ENGLISH_ONLY,
          user: null,
          clientIp: clientIp(c, config.auth.trustProxy),
          unavailable: true,
          reportError: reportPageError,
          dependencies,
          cspNonce: nonce,
          contentPolicy,
        }
      }
      const handle = handlerFor(basename)
      let response = await renderQueue.run(() => handle(request, context))
      const draftLink = new URL(request.url).searchParams.has(DRAFT_LINK_PARAM)
      const policy = (scripts: string[], consented: boolean) =>
        contentSecurityPolicy({ scripts, site: siteParties(config), page: contentPolicy, consented, editor: !anonymous || draftLink })
      const withPolicy = (answer: Response) => {
        answer.headers.set(
          'Content-Security-Policy',
          config.mode === 'development' ? DEVELOPMENT_POLICY : policy([`'nonce-${nonce}'`], hasConsent(request.headers.get('cookie'))),
        )
        return answer
      }
      if (databaseLost && response.status >= 500) {
        response = await handle(request, { ...context, unavailable: true })
        return withPolicy(response)
      }
      withPolicy(response)
      // A draft link (issue 17 point 7) shows unpublished content to whoever holds it: never stored
      // by this server's page cache, a CDN or the browser, never indexed, whatever its answer.
      if (draftLink) {
        response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
        response.headers.set('Vary', 'Cookie, Authorization')
        response.headers.set('X-Robots-Tag', 'noindex, nofollow')
        return response
      }
      if (!anonymous) {
        response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
        response.headers.set('Vary', 'Cookie, Authorization')
        return response
      }
      if (response.status === 200 && !response.headers.has('cache-control')) {
        // A CDN may hold a visitor page (CDN_MAX_AGE_SECONDS), tagged with what it shows so that a
        // publish purges exactly the pages it changes (decision 031); this server's own copy is
        // dropped at once the same way.
        const tags = answerTags(context.domain?._id ?? null, context.locale, dependencies.tags)
        for (const [name, value] of Object.entries(sharedCacheHeaders(config, tags))) response.headers.set(name, value)
      }
      c.set('pageCacheable', {
        domainId: context.domain?._id ?? null,
        dependsOn: dependencies.tags,
        policy: (scripts) => ({ declined: policy(scripts, false), accepted: policy(scripts, true) }),
      })
      return response
    })
  }

  // Reached only when rendering the error page itself failed (spec 01 §2.2).
  app.onError((err, c) => {
    log.error({ err, path: c.req.path }, 'request failed')
    if (err instanceof URIError) return c.text('Bad Request', 400)
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${texts.errors.unknown}</title></head><body><main><h1>${texts.errors.errorPageFailed}</h1><p><a href="/">${texts.errors.backHome}</a></p></main></body></html>`,
      500,
    )
  })

  return { app, pageCache }
}
