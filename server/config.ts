import path from 'node:path'
import { z } from 'zod'

/** Every setting comes from the environment; the README lists each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  BASE_URL: z.string().url().optional(),
  API_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'API_PREFIX is a single path segment, e.g. api')
    .default('api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The demo: fakes stand in for the providers that are not configured. Unset: the demo runs when
   * there is no DATABASE_URL and no provider setting (server/providers.ts).
   */
  DEMO: z.enum(['true', 'false']).optional(),
  /** Seed the demo sites into an empty database; default: in the demo only. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(50_000),
  PAGE_CACHE_MAX_MB: z.coerce.number().positive().max(65_536).default(128),
  /** The longest a cached visitor page is served, in seconds: a safety net behind the publish notifications. */
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().positive().max(86_400).default(300),
  /** Pages rendered at once; more wait their turn (cached pages never do). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Rendered image variants; defaults to ${DATA_DIR}/cache/img. */
  IMAGE_CACHE_DIR: z.string().optional(),
  /** Rendered image variants kept on disk, in MB; the least recently used go first. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().default(2048),
  /** S3-compatible media storage, used when S3_BUCKET is set; otherwise ${DATA_DIR}/media. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.union([z.literal(''), z.string().url()]).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * The password hashes' cost, log2 of scrypt's N: each step doubles the time (and memory) a hash
   * takes. 15 (~50-100 ms); the tests lower it, since they hash thousands of passwords.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** Lifetime of the authToken cookie and its session, in days (spec: 3). */
  AUTH_SESSION_DAYS: z.coerce.number().positive().max(365).default(3),
  /** smtp://user:pass@host:port or smtps://...; without it mail stays in the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Barossa Visitor Centre <no-reply@localhost>'),
  /** Seconds between attempts to send e-mail the mail server did not take (enquiries, resets). */
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  DRAFT_LINK_SECRET: z.string().min(32, 'DRAFT_LINK_SECRET must be at least 32 characters').optional(),
  DRAFT_LINK_DAYS: z.coerce.number().positive().max(90).default(7),
  /** Sign-in and password-reset attempts allowed per IP address in 15 minutes. */
  RATE_LIMIT_IP: z.coerce.number().int().positive().default(30),
  /** Failed sign-ins (or reset requests) allowed per account in 15 minutes. */
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Concierge enquiries accepted per client address per hour (spam protection). */
  RATE_LIMIT_ENQUIRY: z.coerce.number().int().positive().default(10),
  /** Public searches accepted per client address per minute. */
  RATE_LIMIT_SEARCH: z.coerce.number().int().positive().default(60),
  /** Measurement beacons accepted per client address per minute (issue 37); past it they are dropped. */
  RATE_LIMIT_BEACON: z.coerce.number().int().positive().default(120),
  /** Days the raw measurement events are kept; the daily counts stay (issue 37). */
  RESULTS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often the measurement events held in memory are written to the database, in seconds. */
  RESULTS_FLUSH_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  /** Largest request body of the JSON API, in KB (uploads have their own limit). */
  API_BODY_LIMIT_KB: z.coerce
    .number()
    .int()
    .positive()
    .max(1024 * 1024)
    .default(1024),
  /** redis://...: the rate limits keep their counters there instead of in the database. */
  REDIS_URL: z.string().optional(),
  /** Trust X-Forwarded-For for the client address (only behind a proxy you control). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Booking provider (BookEasy): its API root (cart/… and be/getOperatorsInformation under it), e.g. https://sjp.impartmedia.com. Unset: no cart calls. */
  BOOKEASY_API_URL: z.union([z.literal(''), z.string().url()]).optional(),
  /** The provider's gadget script; default: its gadget host with BOOKEASY_KEY (no key, no script). */
  BOOKEASY_GADGET_SCRIPT_URL: z.union([z.literal(''), z.string().url()]).optional(),
  /** Visitor centre id (the provider's vcID, `q` of its web API and the cart's controlId). */
  BOOKEASY_VC_ID: z.coerce.number().int().min(0).default(153),
  /** The gadgets' public key (sent to browsers). */
  BOOKEASY_KEY: z.string().default(''),
  /** The Content API's key, sent as the `apiKey` header on every call to BOOKEASY_API_URL (server only, never to browsers). */
  BOOKEASY_API_KEY: z.string().default(''),
  /** Live bookings (true) or the provider's test mode (false). */
  BOOKEASY_LIVE: z.enum(['true', 'false']).default('false'),
  /** Maps key the provider's region/search gadgets use (public, referrer-restricted). */
  BOOKEASY_MAPS_KEY: z.string().default(''),
  /** The listing map's raster tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset: a built-in offline background. */
  MAP_TILE_URL: z
    .union([z.literal(''), z.string().regex(/^https?:\/\/\S+$/, 'MAP_TILE_URL is an http(s) address with {z}, {x} and {y}')])
    .optional(),
  /** The credit the tile provider asks for, shown on the map (plain text). */
  MAP_ATTRIBUTION: z.string().max(300).default(''),
  /** A routing service speaking OSRM's HTTP API (issue 35), e.g. https://router.project-osrm.org; unset: the trip planner's straight-line estimates. */
  OSRM_URL: z.union([z.literal(''), z.string().regex(/^https?:\/\/\S+$/, 'OSRM_URL is an http(s) address')]).optional(),
  /** The OSRM profile the trip's legs are asked for (the server's `driving`, `car`...). */
  OSRM_PROFILE: z
    .string()
    .regex(/^[\w-]{1,40}$/, 'OSRM_PROFILE is a profile name')
    .default('driving'),
  /**
   * Machine translation through DeepL's API (issue 33 point 6): editors' "Suggest a translation"
   * fills a language's draft for review. A Free key (ending ":fx") goes to api-free.deepl.com, a Pro
   * key to api.deepl.com. Unset: off (the demo starts a local fake).
   */
  DEEPL_API_KEY: z.string().max(200).default(''),
  /** Another host for DeepL's API (a proxy); default: the Free or Pro host the key names. */
  DEEPL_API_URL: z.union([z.literal(''), z.string().regex(/^https?:\/\/\S+$/, 'DEEPL_API_URL is an http(s) address')]).optional(),
  /** Error reporting: Sentry in the server and, after consent, in the browser. Nothing loads without it. */
  SENTRY_DSN: z.union([z.literal(''), z.string().url()]).optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  /** Tourism provider (ATDW Atlas API) base address, e.g. https://atlas.atdw-online.com.au. Unset: the demo starts the local fake. */
  ATDW_API_URL: z.union([z.literal(''), z.string().url()]).optional(),
  ATDW_API_KEY: z.string().default(''),
  /** Which products the sync takes: state code and area of the Atlas API's `st` and `ar`. */
  ATDW_STATE: z.string().default('SA'),
  ATDW_AREA: z.string().default('Barossa'),
  /** The domain the synced listings belong to; default: the domain that serves localhost. */
  ATDW_DOMAIN_ID: z.string().optional(),
  /** When the daily listing sync runs (cron, server time zone); 'off' disables it. */
  LISTINGS_SYNC_CRON: z.string().default('0 3 * * *'),
  /**
   * The scheduled sync reads only the products changed since the last successful run (Atlas
   * `delta=`), and the whole feed when the last full run is this many days old (0: always full).
   */
  LISTINGS_FULL_SYNC_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Worker threads that lay out event-calendar PDFs; default: one per spare core, 1 or 2. */
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Calendars that may wait for a PDF worker; further requests get 429 with Retry-After. */
  PDF_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(8),
  /** A PDF worker thread without work ends after this many seconds (it holds about 130 MB). */
  PDF_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Log a warning when the event loop was held longer than this (ms) in a 10 s window. */
  EVENT_LOOP_WARN_MS: z.coerce.number().int().positive().default(100),
  /** /health answers 503 when a folder this instance writes to has less free space than this, in MB. */
  HEALTH_MIN_FREE_MB: z.coerce.number().min(0).default(100),
  /** Seconds between each instance's looks for scheduled publications that are due (tests use 1). */
  SCHEDULE_TICK_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /** The CDN in front, purged by tag on every publish (decision 031); unset: none is purged or tagged for. */
  CDN_PURGE: z.union([z.literal(''), z.enum(['varnish', 'fastly', 'cloudflare'])]).optional(),
  /** How long a shared cache may keep a visitor answer, in seconds (s-maxage); default 3600 with CDN_PURGE, else 60. */
  CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).optional(),
  /** Soft purges (marked stale, served while refetched) where the CDN has them (Fastly, Varnish xkey). */
  CDN_SOFT_PURGE: z.enum(['true', 'false']).default('true'),
  /**
   * Seconds after each purge that the same tags are purged again (0: never). It closes the moment
   * between a purge and another instance hearing of the change, in which the CDN could refetch that
   * instance's old copy (decision 031). Each publish then costs two purge calls (Cloudflare Free
   * allows 5 a minute, in bursts of 25).
   */
  CDN_REPURGE_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /** Varnish: the address(es) PURGE requests go to, comma-separated (one per Varnish server). */
  VARNISH_PURGE_URLS: z.string().optional(),
  FASTLY_API_TOKEN: z.string().optional(),
  FASTLY_SERVICE_ID: z.string().optional(),
  /** Fastly's API root (a stand-in in tests). */
  FASTLY_API_URL: z.string().url().default('https://api.fastly.com'),
  CLOUDFLARE_API_TOKEN: z.string().optional(),
  CLOUDFLARE_ZONE_ID: z.string().optional(),
  /** Cloudflare's API root (a stand-in in tests). */
  CLOUDFLARE_API_URL: z.string().url().default('https://api.cloudflare.com/client/v4'),
})

export interface S3Config {
  bucket: string
  region: string
  endpoint: string | undefined
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

export interface Config {
  mode: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  baseUrl: string
  apiPrefix: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** Fakes stand in for unconfigured providers (see server/providers.ts). */
  demo: boolean
  seedDemo: boolean
  pageCacheMaxEntries: number
  /** The page cache's budget of compressed pages, in megabytes. */
  pageCacheMaxMegabytes: number
  pageCacheMaxAgeSeconds: number
  /** Pages rendered at once (RENDER_CONCURRENCY); more wait in the render queue. */
  renderConcurrency: number
  imageCacheDir: string
  imageCacheMaxBytes: number
  /** Set when S3_BUCKET is: media goes to object storage instead of the local folder. */
  s3: S3Config | undefined
  auth: {
    sessionDays: number
    rateLimitIp: number
    rateLimitAccount: number
    trustProxy: boolean
    rateLimitEnquiry: number
    /** log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST); unset: the default, 15. */
    passwordHashCost?: number
  }
  mail: { smtpUrl: string | undefined; from: string; retrySeconds: number }
  /** Draft links (issue 17 point 7): the HMAC secret (unset: one kept in DATA_DIR) and how long a link works. */
  draftLinks: { secret: string | undefined; days: number }
  /** Request limits: API body size, searches per address, and where rate-limit counters are shared (Redis, else the database). */
  limits: { apiBodyBytes: number; searchPerMinute: number; redisUrl: string | undefined }
  /** First-party measurement (issue 37): beacons per address and minute, raw days kept, flush interval. */
  results: { beaconsPerMinute: number; rawDays: number; flushMs: number }
  /** The booking provider: the API base the server calls, and what the browser's gadgets need (all public). */
  bookeasy: BookEasyConfig
  /** The listing map's tiles (MAP_TILE_URL); null: the built-in offline background. */
  map: { tileUrl: string; attribution: string } | null
  /** The trip planner's routing service (OSRM_URL, issue 35); undefined: straight-line estimates. */
  routing?: { osrmUrl: string; profile: string } | undefined
  /** Machine translation (DEEPL_API_KEY); undefined: off, or in the demo the local fake once it runs. */
  translation?: { provider: 'deepl'; apiKey: string; apiUrl?: string | undefined } | undefined
  /** Sentry, when SENTRY_DSN is set. */
  sentry: { dsn: string; environment: string } | undefined
  /** The tourism provider and the daily sync (apiUrl undefined: not configured). */
  atdw: {
    apiUrl: string | undefined
    apiKey: string
    state: string
    area: string
    syncCron: string | undefined
    /** Days between full syncs; the scheduled runs in between read the provider's changes only. */
    fullSyncDays?: number
    domainId?: string | undefined
  }
  /** The PDF worker pool: threads (undefined: by core count) and how many calendars may queue. */
  pdf: { workers: number | undefined; queueMax: number; idleSeconds: number }
  /** Event-loop delay above which a warning is logged, in ms. */
  eventLoopWarnMs: number
  /** Seconds between the scheduled-publishing ticks (issue 17 point 6). */
  scheduleTickSeconds: number
  /** /health: least free space, in bytes, on the folders this instance writes to. */
  healthMinFreeBytes: number
  /** The CDN in front and how it is purged (CDN_PURGE; undefined: none). */
  cdn: CdnConfig | undefined
  /** s-maxage of cacheable visitor answers (CDN_MAX_AGE_SECONDS). */
  cdnMaxAgeSeconds: number
}

export type CdnConfig = { soft: boolean; /** CDN_REPURGE_SECONDS in ms (0: no second purge). */ repurgeMs: number } & (
  | { provider: 'varnish'; purgeUrls: string[] }
  | { provider: 'fastly'; apiToken: string; serviceId: string; apiUrl: string }
  | { provider: 'cloudflare'; apiToken: string; zoneId: string; apiUrl: string }
)

/** CDN_PURGE and the settings of the provider it names; an error message per missing or wrong one. */
function cdnConfig(e: z.infer<typeof envSchema>): { cdn: CdnConfig | undefined; problems: string[] } {
  const soft = e.CDN_SOFT_PURGE === 'true'
  const repurgeMs = e.CDN_REPURGE_SECONDS * 1000
  const missing = (names: [string, string | undefined][]) =>
    names.filter(([, value]) => !value).map(([name]) => `  ${name}: required with CDN_PURGE=${e.CDN_PURGE}`)
  switch (e.CDN_PURGE) {
    case 'varnish': {
      const urls = (e.VARNISH_PURGE_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean)
      const bad = urls.filter((u) => !/^https?:\/\/[^\s/]+/.test(u))
      if (!urls.length) return { cdn: undefined, problems: missing([['VARNISH_PURGE_URLS', undefined]]) }
      if (bad.length) return { cdn: undefined, problems: [`  VARNISH_PURGE_URLS: not an http(s) address: ${bad.join(', ')}`] }
      return { cdn: { provider: 'varnish', purgeUrls: urls, soft, repurgeMs }, problems: [] }
    }
    case 'fastly': {
      const problems = missing([
        ['FASTLY_API_TOKEN', e.FASTLY_API_TOKEN],
        ['FASTLY_SERVICE_ID', e.FASTLY_SERVICE_ID],
      ])
      if (problems.length) return { cdn: undefined, problems }
      const apiUrl = e.FASTLY_API_URL.replace(/\/+$/, '')
      return {
        cdn: { provider: 'fastly', apiToken: e.FASTLY_API_TOKEN!, serviceId: e.FASTLY_SERVICE_ID!, apiUrl, soft, repurgeMs },
        problems,
      }
    }
    case 'cloudflare': {
      const problems = missing([
        ['CLOUDFLARE_API_TOKEN', e.CLOUDFLARE_API_TOKEN],
        ['CLOUDFLARE_ZONE_ID', e.CLOUDFLARE_ZONE_ID],
      ])
      if (problems.length) return { cdn: undefined, problems }
      const apiUrl = e.CLOUDFLARE_API_URL.replace(/\/+$/, '')
      return {
        cdn: { provider: 'cloudflare', apiToken: e.CLOUDFLARE_API_TOKEN!, zoneId: e.CLOUDFLARE_ZONE_ID!, apiUrl, soft, repurgeMs },
        problems,
      }
    }
    default:
      return { cdn: undefined, problems: [] }
  }
}

export interface BookEasyConfig {
  /** Unset: the cart calls answer that online booking is not configured. */
  apiUrl: string | undefined
  /** '' when neither BOOKEASY_GADGET_SCRIPT_URL nor BOOKEASY_KEY is set: the gadgets show their failure state. */
  gadgetScriptUrl: string
  vcId: number
  /** The gadgets' public key (BOOKEASY_KEY). */
  key: string
  /** The Content API's `apiKey` header (BOOKEASY_API_KEY); '' sends none. A secret: never passed to browsers. */
  apiKey: string
  live: boolean
  mapsKey: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const { cdn, problems } = cdnConfig(e)
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  const dataDir = path.resolve(e.DATA_DIR)
  // A real deployment names its database or a provider; only a bare install is the demo.
  const providerSettings = [
    e.ATDW_API_URL,
    e.ATDW_API_KEY,
    e.BOOKEASY_API_URL,
    e.BOOKEASY_GADGET_SCRIPT_URL,
    e.BOOKEASY_KEY,
    e.BOOKEASY_API_KEY,
    e.DEEPL_API_KEY,
  ].some(Boolean)
  const demo = e.DEMO ? e.DEMO === 'true' : !e.DATABASE_URL && !providerSettings
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiPrefix: e.API_PREFIX,
    logLevel: e.LOG_LEVEL,
    demo,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : demo,
    pageCacheMaxEntries: e.PAGE_CACHE_MAX_ENTRIES,
    pageCacheMaxMegabytes: e.PAGE_CACHE_MAX_MB,
    pageCacheMaxAgeSeconds: e.PAGE_CACHE_MAX_AGE_SECONDS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    imageCacheDir: e.IMAGE_CACHE_DIR ? path.resolve(e.IMAGE_CACHE_DIR) : path.join(dataDir, 'cache', 'img'),
    imageCacheMaxBytes: e.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          // Most S3-compatible services ignore the region but the SDK requires one.
          region: e.S3_REGION || 'us-east-1',
          endpoint: e.S3_ENDPOINT || undefined,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          // Path-style is what MinIO and most self-hosted stores need when an endpoint is given.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    auth: {
      sessionDays: e.AUTH_SESSION_DAYS,
      rateLimitIp: e.RATE_LIMIT_IP,
      rateLimitAccount: e.RATE_LIMIT_ACCOUNT,
      rateLimitEnquiry: e.RATE_LIMIT_ENQUIRY,
      trustProxy: e.TRUST_PROXY === 'true',
      passwordHashCost: e.PASSWORD_HASH_COST,
    },
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM, retrySeconds: e.MAIL_RETRY_SECONDS },
    draftLinks: { secret: e.DRAFT_LINK_SECRET || undefined, days: e.DRAFT_LINK_DAYS },
    limits: { apiBodyBytes: e.API_BODY_LIMIT_KB * 1024, searchPerMinute: e.RATE_LIMIT_SEARCH, redisUrl: e.REDIS_URL || undefined },
    results: { beaconsPerMinute: e.RATE_LIMIT_BEACON, rawDays: e.RESULTS_RAW_DAYS, flushMs: Math.round(e.RESULTS_FLUSH_SECONDS * 1000) },
    bookeasy: {
      apiUrl: e.BOOKEASY_API_URL ? e.BOOKEASY_API_URL.replace(/\/+$/, '') : undefined,
      gadgetScriptUrl:
        e.BOOKEASY_GADGET_SCRIPT_URL ||
        (e.BOOKEASY_KEY ? `https://gadgets.impartmedia.com/gadgets.jsz?key=${encodeURIComponent(e.BOOKEASY_KEY)}` : ''),
      vcId: e.BOOKEASY_VC_ID,
      key: e.BOOKEASY_KEY,
      apiKey: e.BOOKEASY_API_KEY,
      live: e.BOOKEASY_LIVE === 'true',
      mapsKey: e.BOOKEASY_MAPS_KEY,
    },
    map: e.MAP_TILE_URL ? { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION } : null,
    routing: e.OSRM_URL ? { osrmUrl: e.OSRM_URL.replace(/\/+$/, ''), profile: e.OSRM_PROFILE } : undefined,
    translation: e.DEEPL_API_KEY
      ? { provider: 'deepl', apiKey: e.DEEPL_API_KEY, apiUrl: e.DEEPL_API_URL ? e.DEEPL_API_URL.replace(/\/+$/, '') : undefined }
      : undefined,
    sentry: e.SENTRY_DSN ? { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT || e.NODE_ENV } : undefined,
    atdw: {
      apiUrl: e.ATDW_API_URL ? e.ATDW_API_URL.replace(/\/+$/, '') : undefined,
      apiKey: e.ATDW_API_KEY,
      state: e.ATDW_STATE,
      area: e.ATDW_AREA,
      syncCron: e.LISTINGS_SYNC_CRON === 'off' ? undefined : e.LISTINGS_SYNC_CRON,
      fullSyncDays: e.LISTINGS_FULL_SYNC_DAYS,
      domainId: e.ATDW_DOMAIN_ID || undefined,
    },
    pdf: { workers: e.PDF_WORKERS, queueMax: e.PDF_QUEUE_MAX, idleSeconds: e.PDF_IDLE_SECONDS },
    eventLoopWarnMs: e.EVENT_LOOP_WARN_MS,
    scheduleTickSeconds: e.SCHEDULE_TICK_SECONDS,
    healthMinFreeBytes: e.HEALTH_MIN_FREE_MB * 1024 * 1024,
    cdn,
    cdnMaxAgeSeconds: e.CDN_MAX_AGE_SECONDS ?? (cdn ? 3600 : 60),
  }
}
