/**
 * The process entry: reads the configuration, opens and migrates the database, starts the demo's
 * fake providers (in the demo only), seeds the demo on first start, and serves everything on one
 * port. `npm start` (production build) and `npm run dev` (Vite with hot reload) both come through here.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { startAdminChannel, type AdminChannel } from './admin/channel.ts'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import {
  assertWritableFolder,
  isDatabaseUnavailable,
  isDroppedConnection,
  openDatabase,
  type Database,
  type Listener,
} from './db/client.ts'
import { FolderInUseError } from './db/folder-owner.ts'
import { makePrivate, privateFile, setPrivateUmask } from './private-files.ts'
import { createLogger } from './log.ts'
import { reportingLogger, startSentry } from './integrations/sentry.ts'
import { providerModes, startDemoProviders } from './providers.ts'
import { listenToInstances } from './services/events.ts'
import { offerFirstEditorSetup } from './services/first-editor.ts'
import { IMAGE_CACHE_PRUNE_JOB } from './services/image-cache-pruner.ts'
import { MONTHLY_REPORT_JOB, ROLLUP_JOB as RESULTS_ROLLUP_JOB } from './results/index.ts'
import { domainLanguagesOf } from '#lib/locales'
import { MEDIA_TRASH_PURGE_JOB } from './services/media/library.ts'
import { RADAR_HOURLY_JOB } from './publish/radar.ts'
import { OPENING_ROLL_JOB } from '../listings/opening-roll.ts'
import { SCHEDULED_PUBLISHING_JOB } from './services/schedules.ts'
import { LISTINGS_SYNC_JOB, listingDomainIds, refreshBookingOperators } from '../listings/sync/jobs.ts'
import { loadReactRendererWithoutAsyncHooks } from './react-renderer.ts'
import { createServices } from './services/index.ts'
import { startEventLoopMonitor } from './event-loop.ts'

const config = loadConfig()
// With SENTRY_DSN set, every error the server logs is reported to Sentry too (nothing loads without it).
const log = config.sentry ? reportingLogger(config.logLevel, await startSentry(config.sentry)) : createLogger(config.logLevel)
// The last resort (issue 29 point 1): faults of the outside services (a dropped database connection,
// Redis, S3, SMTP, a provider) are handled where they arise and cost the requests in flight; what
// still reaches here is a bug. A rejected promise nobody awaited left nothing half-done that others
// share: it is logged and the process keeps serving. An exception thrown out of an event handler may
// have left anything half-done (a socket, a cache, a transaction), and Node documents that resuming
// after it is unsafe: the process stops cleanly (no new requests, the database closed) and exits 1
// with the reason, for the supervisor to start it again. A dropped connection reported as an event
// (ECONNRESET, a terminated PostgreSQL backend) damaged nothing shared and is only logged.
/** Set once the server is up: how a fatal fault stops it cleanly. */
const onFatalFault: { stop?: (reason: string) => void } = {}
process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection (a bug; the process keeps serving)')
})
process.on('uncaughtException', (err, origin) => {
  if (isDatabaseUnavailable(err) || isDroppedConnection(err)) {
    log.error({ err, origin }, 'a connection dropped outside any request (the process keeps serving)')
    return
  }
  log.fatal({ err, origin }, `uncaught exception: stopping cleanly for the supervisor to restart the process (${err.message})`)
  if (onFatalFault.stop) onFatalFault.stop('uncaught exception')
  else process.exit(1)
})

// How long the event loop is held (reported in /health, a warning above EVENT_LOOP_WARN_MS).
// Quiet until the server listens (it resets the monitor then): start-up keeps no request waiting.
const eventLoop = startEventLoopMonitor({ warnMs: config.eventLoopWarnMs, log, quietUntilReset: true })

// The folders this instance writes to must be writable: a clear refusal now, not a 500 on the
// first upload. (Media on S3 needs no local folder.)
const folders = [
  ...(config.databaseUrl ? [] : [{ name: 'database', path: path.join(config.dataDir, 'db') }]),
  ...(config.s3 ? [] : [{ name: 'media', path: path.join(config.dataDir, 'media') }]),
  { name: 'imageCache', path: config.imageCacheDir },
]
// Everything this server writes is its user's alone (the database, secrets, media: 0600 files in
// 0700 folders); what an older version left readable or writable by others is closed now.
setPrivateUmask()
try {
  for (const folder of folders)
    assertWritableFolder(folder.path, `The ${folder.name === 'imageCache' ? 'image cache' : folder.name} folder`)
} catch (err) {
  log.fatal((err as Error).message)
  process.exit(1)
}
{
  const opened =
    folders.reduce((n, folder) => n + makePrivate(folder.path), 0) +
    privateFile(path.join(config.dataDir, 'db.owner.json')) +
    privateFile(path.join(config.dataDir, 'draft-link.secret'))
  if (opened)
    log.info(`file permissions: ${opened} files and folders under ${config.dataDir} made private to this user (0600 files, 0700 folders)`)
}

// A fresh demo on the embedded database is prepared by a child process (the database created, the
// demo content seeded, the fake provider's listings imported) that ends before this process opens
// the folder: what the import grows (~300 MB of heap and native memory Node keeps) leaves with it,
// and this server starts as a restart would (issue 16: ~550 MB instead of ~900 MB).
const preparingDemo = process.argv.includes('--prepare-demo')
if (!preparingDemo && config.demo && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
  log.info('first start of the demo: preparing its content and listings')
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--prepare-demo'], { stdio: 'inherit' })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) {
    log.fatal(`preparing the demo failed (exit code ${code}); see the messages above`)
    process.exit(1)
  }
}

// The embedded database has one owner: this server claims its folder, or refuses to start while
// another server holds it. A command-line tool holding it (the README's `npm run editor:create`
// typed while the first start was still preparing the demo) finishes in seconds: the server waits
// for it, up to CLI_WAIT_MS, instead of ending.
const CLI_WAIT_MS = 10 * 60_000
let database: Database
const waitingSince = Date.now()
let toldWaiting = false
for (;;) {
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      owner: { kind: 'server', description: `the site's server (port ${config.port})` },
      // A failover or restart of PostgreSQL: the requests in flight answer 503, the pool reconnects.
      onConnectionError: (err) => log.warn({ err }, 'a database connection dropped; the next request opens a new one'),
    })
    break
  } catch (err) {
    if (err instanceof FolderInUseError && err.owner.kind === 'cli' && Date.now() - waitingSince < CLI_WAIT_MS) {
      if (!toldWaiting) log.info(`waiting for ${err.owner.description} (process ${err.owner.pid}) to finish with the embedded database`)
      toldWaiting = true
      await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    if (err instanceof FolderInUseError) log.fatal(err.message)
    else log.fatal({ err }, 'the database could not be opened')
    process.exit(1)
  }
}
await database.migrate()

// Demo or real: the fakes start (and load) only in the demo; an unconfigured provider is off.
const providers = providerModes(config)
const demo = await startDemoProviders(config, providers)
log.info(
  `providers: ATDW ${providers.atdw}, BookEasy ${providers.bookeasy}, mail ${providers.mail}, storage ${providers.storage} (${config.s3 ? 'S3' : 'local folder'}), CDN purges ${providers.cdn}${config.cdn ? ` (${config.cdn.provider})` : ''}, routing ${providers.routing}, machine translation ${providers.translation}` +
    (config.demo ? ' — this is the demo: set DEMO=false, DATABASE_URL or the providers’ settings for a real site' : ''),
)
const services = createServices(database, config)

// Command-line tools (editor:create, seed, sync:listings) work through this server while it owns
// the embedded database: one writer, and the site sees their changes at once. They wait for the
// start-up (demo seed) to finish.
let startupDone: () => void = () => {}
const ready = new Promise<void>((resolve) => (startupDone = resolve))
let admin: AdminChannel | undefined
if (database.claim && !preparingDemo) {
  admin = await startAdminChannel({ services, log, ready })
  database.claim.publishAdmin({ port: admin.port, token: admin.token })
}

if (config.seedDemo) {
  const { seedDemo } = await import('./demo/seed.ts')
  const seeded = await seedDemo(services, { onlyIfEmpty: true })
  if (seeded) log.info('demo content seeded')
}
// No editor yet: the first one is created in the browser with a one-time code from this log.
if (!preparingDemo) await offerFirstEditorSetup(services, log, config.baseUrl)
startupDone()

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
  // Before the server build imports React's renderer (server/react-renderer.ts).
  loadReactRendererWithoutAsyncHooks(serverBuild)
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
  clientDir = path.join(buildDir, 'client')
} else {
  // Development: Vite serves the client with hot reload and compiles the server build on demand.
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  viteMiddlewares = vite.middlewares
  build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
}

// Another instance (or a command on PostgreSQL) published: its change is emitted on this
// instance's bus, where every cache (pages, domains, redirects, listing index, PDF calendars...)
// already listens for local changes. After the channel was down, everything counts as changed.
const channel: { listener?: Listener } = {}
const { app, pageCache } = createApp({
  services,
  config,
  log,
  build,
  clientDir,
  health: {
    folders,
    providers,
    notifications: () => channel.listener?.status() ?? 'reconnecting',
    eventLoop,
    minFreeBytes: config.healthMinFreeBytes,
  },
})
channel.listener = await listenToInstances(database, services.events, {
  onReconnect: () => log.info('notification channel back: cached pages cleared'),
  onStatus: (status, err) => {
    if (status === 'reconnecting')
      log.warn({ err }, 'notification channel lost: reconnecting (this instance reports 503 on /health meanwhile)')
  },
})

const honoListener = getRequestListener(app.fetch)
const server = http.createServer((req, res) => {
  // A cached visitor page is answered here, before any routing or middleware (server/page-cache.ts).
  if (pageCache.serve(req, res)) return
  if (demo?.handle(req, res)) return
  if (viteMiddlewares) viteMiddlewares(req, res, () => void honoListener(req, res))
  else void honoListener(req, res)
})
// An idle kept-alive connection is closed after 65 s, not Node's 5 s: longer than the idle timeout
// of the proxies and load balancers in front (AWS's ALB: 60 s), so the server never closes one as
// they send a request on it (answered with a reset or a 502). Headers must arrive before then too.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000

if (providers.atdw === 'demo') {
  // Ctrl-C during this import stops the server once the import's transaction is done: the embedded
  // database is closed cleanly, never cut off mid-write.
  let stopAsked = false
  const askStop = () => {
    stopAsked = true
    log.info('stopping once the first listing import is done')
  }
  process.on('SIGINT', askStop).on('SIGTERM', askStop)
  await firstListingSync()
  process.off('SIGINT', askStop).off('SIGTERM', askStop)
  if (stopAsked) {
    await demo?.close()
    await database.close()
    process.exit(0)
  }
}
// The demo's quarter of Results history (issue 37 point 6), from its pages and listings, once.
if (config.seedDemo) {
  try {
    for (const domain of await services.domains.list()) {
      const rows = await services.results.seedDemo(domain._id, domainLanguagesOf(domain).default)
      if (rows) log.info(`demo results history written for ${domain._id} (${rows} daily counts, marked as demo data)`)
    }
  } catch (err) {
    log.warn({ err }, 'the demo results history could not be written')
  }
}
if (preparingDemo) {
  await demo?.close()
  await database.close()
  process.exit(0)
}

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info(
    `${config.mode} server listening on http://localhost:${port} (database: ${database.kind}${database.claim ? `, ${path.join(config.dataDir, 'db')}` : ''})`,
  )
  void startListingSync()
  void startJobs()
  // Migrating and seeding before this held the event loop, but kept no request waiting.
  eventLoop.reset()
  // No PDF thread starts before the first calendar: a warm one holds about 120 MB (decision 042).
})

// Background work runs on the job queue (server/jobs/queue.ts): each job is a row of the `jobs`
// table, and one instance runs it. Handlers are registered with the services; what recurs is set here.
async function startJobs() {
  const { jobs } = services
  try {
    // The embedded database has one owner, this process: a claim left in it is from a run that ended.
    if (database.kind === 'pglite') await jobs.releaseClaims()
    // Scheduled publishing (issue 17 point 6): each schedule runs at its due time (a job queued with it);
    // this tick, every SCHEDULE_TICK_SECONDS, is the net for one whose run failed.
    await jobs.recurring(SCHEDULED_PUBLISHING_JOB, { everySeconds: config.scheduleTickSeconds })
    // This machine's image cache, hourly (and as variants are written: images.ts).
    await jobs.recurring(IMAGE_CACHE_PRUNE_JOB, '0 * * * *', { runOn: 'this-host' })
    // Measurement (issue 37): the daily counts every five minutes (and the old raw events dropped);
    // the monthly report on the first of each month, in the morning.
    await jobs.recurring(RESULTS_ROLLUP_JOB, '*/5 * * * *')
    await jobs.recurring(MONTHLY_REPORT_JOB, '0 9 1 * *')
    // The stale-content radar, hourly (and after each sync and publish: server/publish/radar.ts);
    // once at start, so an installation upgraded to it has its findings without waiting.
    await jobs.recurring(RADAR_HOURLY_JOB, '7 * * * *')
    for (const domain of await services.domains.list()) await services.staleRadar.schedule(domain._id)
    // The media library's trash: files trashed more than 30 days ago are removed for good, nightly.
    await jobs.recurring(MEDIA_TRASH_PURGE_JOB, '30 3 * * *')
    // Listings' opening windows, laid out a year ahead again before they run out, nightly.
    await jobs.recurring(OPENING_ROLL_JOB, '40 2 * * *')
    // The provider sync, daily (LISTINGS_SYNC_CRON, server time zone) when the provider is on.
    if (services.listingsSync.configured && config.atdw.syncCron) {
      await jobs.recurring(LISTINGS_SYNC_JOB, config.atdw.syncCron)
      const [next] = await jobs.list(LISTINGS_SYNC_JOB)
      log.info(`listing sync scheduled (${config.atdw.syncCron}); next run ${next?.runAt.toISOString() ?? 'never'}`)
    } else await jobs.unschedule(LISTINGS_SYNC_JOB)
  } catch (err) {
    log.error({ err }, 'the recurring jobs could not be set up; queued jobs still run')
  }
  jobs.start({ log })
}

// The provider sync: a first one when the listings domain has none yet (a fresh demo or
// installation); the daily one is a job (above). The demo's first import (its fake provider, ~2,100
// products in a few seconds) runs before the server listens, so its grids are full on the first
// page view; a real provider's runs in the background after it listens (the site answers meanwhile).
async function firstListingSync() {
  try {
    for (const domainId of services.listingsSync.configured ? await listingDomainIds(services) : []) {
      const started = Date.now()
      const report = await services.listingsSync.syncIfEmpty(domainId)
      if (report)
        log.info(
          { report },
          `first listing sync of ${domainId}${demo?.atdwProducts ? ` from the demo's fake provider (${demo.atdwProducts} products)` : ''}: ${report.created} listings and ${report.services} services in ${Date.now() - started} ms`,
        )
    }
  } catch (err) {
    log.error({ err }, 'the first listing sync failed; it runs again at the next start or schedule')
  }
}

async function startListingSync() {
  if (providers.atdw !== 'demo') await firstListingSync()
  // The booking provider's operator information (loadBookEasyListings at start): failures are
  // swallowed into its answer and logged.
  for (const domainId of await listingDomainIds(services).catch(() => [])) await refreshBookingOperators(services, domainId, log)
}

let stopping = false
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return
  stopping = true
  log.info(`${signal}: shutting down`)
  // Whatever hangs (a database that does not answer), the process ends within 10 s.
  setTimeout(() => process.exit(exitCode || 1), 10_000).unref()
  server.close()
  server.closeAllConnections()
  // A job still running after this is claimed again when its lease runs out (or at the next start).
  await services.jobs.stop()
  // The measurement events held in memory are written: what was acknowledged is kept.
  await services.results.close().catch((err: unknown) => log.warn({ err }, 'measurement events could not be written'))
  await admin?.close()
  await channel.listener?.stop()
  await demo?.close()
  // E-mail being sent in the background (concierge enquiries) gets a moment to finish; what does
  // not stays 'pending' in the outbox and is sent after the next start.
  await services.mailer.idle(5000)
  await database.close().catch((err: unknown) => log.warn({ err }, 'the database did not close cleanly'))
  process.exit(exitCode)
}
onFatalFault.stop = (reason) => void shutdown(reason, 1)
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
