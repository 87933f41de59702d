/**
 * The process entry: reads the configuration, opens and migrates the database, seeds the demo on
 * first start, and serves everything on one port. `npm start` (production build) and `npm run dev`
 * (Vite with hot reload) both come through here.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { CONTENT_CHANNEL, createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { startDemoBookEasy, wantsDemoBookEasy } from './demo/bookeasy.ts'
import { startDemoAtdw } from './demo/listings.ts'
import { seedDemo } from './demo/seed.ts'
import { createLogger } from './log.ts'
import { reportingLogger, startSentry } from './integrations/sentry.ts'
import { pruneImageCache } from './services/image-cache-pruner.ts'
import { createServices } from './services/index.ts'

const config = loadConfig()
// With SENTRY_DSN set, every error the server logs is reported to Sentry too (nothing loads without it).
const log = config.sentry ? reportingLogger(config.logLevel, await startSentry(config.sentry)) : createLogger(config.logLevel)

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
// Tourism listings: without ATDW_API_URL the demo syncs from the fake provider, started here on a
// loopback port (its pictures are served on this server's port, see server/demo/listings.ts).
const demoAtdw = !config.atdw.apiUrl && config.seedDemo ? await startDemoAtdw() : undefined
if (demoAtdw) config.atdw = { ...config.atdw, apiUrl: demoAtdw.apiUrl, apiKey: config.atdw.apiKey || 'demo' }
// The booking provider likewise: without BOOKEASY_* settings the demo books through the local fake.
const demoBookEasy = wantsDemoBookEasy(config) ? await startDemoBookEasy() : undefined
if (demoBookEasy) config.bookeasy = { ...config.bookeasy, apiUrl: demoBookEasy.apiUrl, gadgetScriptUrl: demoBookEasy.gadgetScriptUrl }
const services = createServices(database, config)
if (config.seedDemo) {
  const seeded = await seedDemo(services, { onlyIfEmpty: true })
  if (seeded) log.info('demo content seeded')
}

let build: ServerBuild | (() => Promise<ServerBuild>)
let clientDir: string | undefined
let viteMiddlewares: ((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void) | undefined

if (config.mode === 'production') {
  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const serverBuild = path.join(buildDir, 'server/index.js')
  if (!fs.existsSync(serverBuild)) {
    log.fatal(`No production build found at ${serverBuild}: run \`npm run build\` first (npm start does it for you).`)
    process.exit(1)
  }
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
  clientDir = path.join(buildDir, 'client')
} else {
  // Development: Vite serves the client with hot reload and compiles the server build on demand.
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  viteMiddlewares = vite.middlewares
  build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
}

const { app, pageCache } = createApp({ services, config, log, build, clientDir })
// Another instance published (or changed a domain): this instance's cached pages, domain list
// and redirect rules are stale too.
await database.listen(CONTENT_CHANNEL, () => {
  pageCache.clear()
  services.domains.invalidate()
  services.redirects.clear()
})
const honoListener = getRequestListener(app.fetch)
const server = http.createServer((req, res) => {
  if (demoAtdw?.handle(req, res)) return
  if (demoBookEasy?.handle(req, res)) return
  if (viteMiddlewares) viteMiddlewares(req, res, () => void honoListener(req, res))
  else void honoListener(req, res)
})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info(`${config.mode} server listening on http://localhost:${port} (database: ${database.kind})`)
  void startListingSync()
})

// The provider sync: a first one in the background when the listings domain has none yet (a fresh
// demo or installation), then daily (LISTINGS_SYNC_CRON) under a PostgreSQL advisory lock, so one
// instance of many runs it.
let listingSchedule: { stop(): void } | undefined
async function startListingSync() {
  const domainIds = async () => {
    const id = await services.listingsSync.targetDomainId(services.domains)
    return id ? [id] : []
  }
  if (services.listingsSync.configured && config.atdw.syncCron) {
    const job = services.listingsSync.schedule(config.atdw.syncCron, domainIds, log, loadBookingOperators)
    listingSchedule = job
    log.info(`listing sync scheduled (${config.atdw.syncCron}); next run ${job.nextRun()?.toISOString() ?? 'never'}`)
  }
  try {
    for (const domainId of await domainIds()) {
      const started = Date.now()
      const report = await services.listingsSync.syncIfEmpty(domainId)
      if (report) log.info({ report }, `first listing sync of ${domainId}${demoAtdw ? ` from the demo's fake provider (${demoAtdw.products} products)` : ''}: ${report.created} listings and ${report.services} services in ${Date.now() - started} ms`)
    }
  } catch (err) {
    log.error({ err }, 'the first listing sync failed; it runs again at the next start or schedule')
  }
  // The booking provider's operator information (loadBookEasyListings at start): failures are
  // swallowed into its answer and logged.
  for (const domainId of await domainIds().catch(() => [])) await loadBookingOperators(domainId)
}

async function loadBookingOperators(domainId: string) {
  if (!services.bookEasySync.configured) return
  try {
    const { refreshed, error } = await services.bookEasySync.loadBookEasyListings(domainId, { refresh: true })
    if (error) log.warn(`booking operator information not loaded: ${error}`)
    else if (refreshed) log.info({ refreshed }, `booking operator information: ${refreshed.updated} of ${refreshed.operators} listings updated`)
  } catch (err) {
    log.warn({ err }, 'booking operator information not loaded')
  }
}

// E-mail that could not be sent (mail server down) is retried every MAIL_RETRY_SECONDS (a minute).
const mailRetry = setInterval(() => {
  services.mailer.retryPending().catch((err: unknown) => log.warn({ err }, 'mail retry failed'))
}, config.mail.retrySeconds * 1000)
mailRetry.unref()

// The image cache is pruned at start and every hour (least recently used variants first).
const pruneImages = () =>
  pruneImageCache(config.imageCacheDir, config.imageCacheMaxBytes)
    .then(({ removed }) => removed && log.info(`image cache: removed ${removed} old variants`))
    .catch((err: unknown) => log.warn({ err }, 'image cache pruning failed'))
void pruneImages()
setInterval(() => void pruneImages(), 60 * 60 * 1000).unref()

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  log.info(`${signal}: shutting down`)
  server.close()
  server.closeAllConnections()
  listingSchedule?.stop()
  await demoAtdw?.close()
  await demoBookEasy?.close()
  // E-mail being sent in the background (concierge enquiries) gets a moment to finish; what does
  // not stays 'pending' in the outbox and is sent after the next start.
  await services.mailer.idle(5000)
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
