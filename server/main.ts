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
import { seedDemo } from './demo/seed.ts'
import { createLogger } from './log.ts'
import { pruneImageCache } from './services/image-cache-pruner.ts'
import { createServices } from './services/index.ts'

const config = loadConfig()
const log = createLogger(config.logLevel)

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
const services = createServices(database, config)
if (config.seedDemo) {
  const seeded = await seedDemo(services, { onlyIfEmpty: true })
  if (seeded) log.info('demo content seeded')
}

let build: ServerBuild | (() => Promise<ServerBuild>)
let clientDir: string | undefined
let viteMiddlewares: ((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void) | undefined

if (config.mode === 'production') {
  const serverBuild = path.resolve('build/server/index.js')
  if (!fs.existsSync(serverBuild)) {
    log.fatal('No production build found at build/server/index.js: run `npm run build` first (npm start does it for you).')
    process.exit(1)
  }
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
  clientDir = path.resolve('build/client')
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
  if (viteMiddlewares) viteMiddlewares(req, res, () => void honoListener(req, res))
  else void honoListener(req, res)
})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info(`${config.mode} server listening on http://localhost:${port} (database: ${database.kind})`)
})

// E-mail that could not be sent (mail server down) is retried every minute.
const mailRetry = setInterval(() => {
  services.mailer.retryPending().catch((err: unknown) => log.warn({ err }, 'mail retry failed'))
}, 60_000)
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
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
