/**
 * Starts the PRODUCTION server (the compiled `<BUILD_DIR>/node/main.js` under plain node, as
 * `npm start` runs it, NODE_ENV=production) as a child
 * process on a free loopback port with a fresh temporary DATA_DIR, and waits for /health.
 * Used by the e2e global setup and by the benchmark. Requires `npm run build`.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { loadConfig } from '#server/config'

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Where the test helpers keep what they prepare once (templates, prepared demos); a clean clone starts without. */
export const testCacheDir = path.join(projectRoot, 'node_modules/.cache/tourism-tests')

export class MissingBuildError extends Error {}

/** Where `npm run build` wrote the production build (BUILD_DIR, default build/). */
export const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR || 'build')

/** Throws a readable error when `npm run build` has not produced build/. */
export function assertProductionBuild(): void {
  const serverBuild = path.join(buildDir, 'server/index.js')
  if (!fs.existsSync(serverBuild) || !fs.existsSync(path.join(buildDir, 'client'))) {
    throw new MissingBuildError(
      `No production build at ${buildDir}: run \`npm run build\` first ` +
        '(`npm test` and `npm run test:e2e` build before running the tests).',
    )
  }
}

/** Where the server's own code lives: a change under these makes the compiled server stale. */
const serverSources = ['server', 'lib', 'blocks', 'listings', 'fakes', 'scripts/build-server.ts']

function newestSourceMs(): number {
  let newest = 0
  for (const source of serverSources) {
    const full = path.join(projectRoot, source)
    if (!fs.existsSync(full)) continue
    const files = fs.statSync(full).isDirectory()
      ? fs.readdirSync(full, { recursive: true, encoding: 'utf8' }).map((file) => path.join(full, file))
      : [full]
    for (const file of files) newest = Math.max(newest, fs.statSync(file).mtimeMs)
  }
  return newest
}

/**
 * Compiles the server (scripts/build-server.ts, well under a second) when its sources changed since
 * the last compile, so a test never runs a stale server after an edit without `npm run build`.
 */
export function ensureCompiledServer(): string {
  const main = path.join(buildDir, 'node/main.js')
  if (!fs.existsSync(main) || fs.statSync(main).mtimeMs < newestSourceMs())
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', '--keep'], {
      cwd: projectRoot,
      env: childEnv({ BUILD_DIR: buildDir }),
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  return main
}

/** A port nobody listens on right now (the kernel picks it). */
/**
 * The first port the kernel hands out to outgoing connections (Linux: ip_local_port_range). A port
 * "free" in that range may be taken by any outgoing connection before the server listens on it, its
 * own health checks included (a connection to a port nobody listens on can get that very port:
 * TCP's self-connect); a CI run's server failed to start with EADDRINUSE so. Below it, only a
 * listener takes a port.
 */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > 12_000 ? low : 32_768
  } catch {
    return 32_768
  }
}
const handedOut = new Set<number>()

/** A port nothing listens on, below the range of outgoing connections' ports, not handed out before by this process. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const low = 10_000
  const high = ephemeralLow() - 1
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1))
    if (handedOut.has(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer()
      srv.unref()
      srv.once('error', () => resolve(false))
      srv.listen(port, host, () => srv.close(() => resolve(true)))
    })
    if (free) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error(`No free port found between ${low} and ${high}`)
}

/**
 * The password-hash cost of every server, tool and test app the tests start (PASSWORD_HASH_COST):
 * 2^10 instead of production's 2^15, since the suite hashes passwords thousands of times. A test
 * may set its own in the environment it passes.
 */
export const TEST_PASSWORD_HASH_COST = process.env.PASSWORD_HASH_COST || '10'

/**
 * The environment for a child process of the project (server, CLI): the parent's, less what
 * Vite/Vitest put into process.env for the test process itself (BASE_URL='/', MODE, DEV, PROD,
 * SSR, VITEST*, NODE_ENV=test), which the server's configuration would otherwise read.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'NODE_ENV', 'TEST', 'TEST_DATABASE_URL']) delete env[name]
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name]
  return { ...env, PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, ...extra }
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. PAGE_CACHE_MAX_ENTRIES=0). */
  env?: Record<string, string>
  /** Reuse a data folder (already seeded); a fresh temporary one otherwise, removed on stop. */
  dataDir?: string
  /** How long to wait for /health to answer 200 (default 90 s; 240 s for a first start). */
  timeoutMs?: number
  /** Extra Node options before the entry (e.g. another --import). */
  nodeArgs?: string[]
  /** The port (default: a free one); a caller that must name the address before the server starts chooses it with freePort. */
  port?: number
  /**
   * Without a dataDir, a demo server starts from a copy of the demo prepared once for this build and
   * these settings (preparedDemoCopy: ~3 s instead of a first start's 17-30 s). true: a real first
   * start on an empty folder, for the tests of the first start itself.
   */
  firstStart?: boolean
}

export interface RunningServer {
  baseUrl: string
  port: number
  dataDir: string
  /** The server's recent output, for error messages. */
  output(): string
  /** Stops the server (SIGTERM, then SIGKILL; or SIGKILL at once, a crash) and removes a temporary data dir. */
  stop(options?: { keepDataDir?: boolean; signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>
  /** The server's process id. */
  pid: number
}

/** What every server a test starts is told: production mode, on 127.0.0.1:`port`, its data in `dataDir`. */
export function serverAddressEnv(port: number, dataDir: string): Record<string, string> {
  return { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, BASE_URL: `http://127.0.0.1:${port}` }
}

export async function startProductionServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertProductionBuild()
  const main = ensureCompiledServer()
  const port = options.port ?? (await freePort())
  const ownDataDir = !options.dataDir
  const dataDir =
    options.dataDir ??
    (!options.firstStart && startsPreparedDemo(options.env)
      ? await preparedDemoCopy(options.env)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-')))
  const baseUrl = `http://127.0.0.1:${port}`

  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  // Plain node on the compiled server: the pid we signal is the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), main], {
    cwd: projectRoot,
    env: childEnv({
      ...serverAddressEnv(port, dataDir),
      ...serverDefaults,
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let hasExited = false
  void exited.then(() => (hasExited = true))

  async function stop(stopOptions: { keepDataDir?: boolean; signal?: 'SIGTERM' | 'SIGKILL' } = {}) {
    if (!hasExited) {
      child.kill(stopOptions.signal ?? 'SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    if (ownDataDir && !stopOptions.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }

  // A first start (the demo prepared before the server answers) takes longer on a busy machine.
  const deadline = Date.now() + (options.timeoutMs ?? (options.firstStart ? 240_000 : 90_000))
  for (;;) {
    if (hasExited) {
      await stop()
      throw new Error(`The production server exited before answering /health (exit code ${await exited}). Its output:\n${output}`)
    }
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The production server did not answer /health at ${baseUrl} in time. Its output:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }

  return { baseUrl, port, dataDir, output: () => output, stop, pid: child.pid ?? 0 }
}

/** What every test server runs with unless a test says otherwise. */
const serverDefaults = {
  DATABASE_URL: '',
  // The demo's fake tourism provider: a small catalogue, so the first background sync is
  // seconds, not minutes, and crawling tests do not walk thousands of listing pages.
  FAKE_ATDW_COUNT: '40',
}

/**
 * Settings that change nothing a demo's preparation writes (addresses, logging, limits, mail,
 * timings): servers that differ only in these start from the same prepared demo. Any other setting
 * a test passes gets a preparation of its own.
 */
const notPreparationSettings = new Set([
  'PORT',
  'HOST',
  'BASE_URL',
  'DATA_DIR',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_RETRY_SECONDS',
  'PAGE_CACHE_MAX_ENTRIES',
  'PAGE_CACHE_MAX_MB',
  'PAGE_CACHE_MAX_AGE_SECONDS',
  'SCHEDULE_TICK_SECONDS',
  'SENTRY_DSN',
  'SENTRY_ENVIRONMENT',
  'PASSWORD_HASH_COST',
  'EVENT_LOOP_WARN_MS',
  'PDF_WORKERS',
  'PDF_QUEUE_MAX',
  'PDF_IDLE_SECONDS',
  'AUTH_SESSION_DAYS',
  'TRUST_PROXY',
  'HEALTH_MIN_FREE_MB',
  'IMAGE_CACHE_MAX_MB',
  'DRAFT_LINK_DAYS',
  'API_BODY_LIMIT_KB',
])
const isRateLimit = (name: string) => name.startsWith('RATE_LIMIT_')

/** Does a server with these settings start as the demo on its own embedded database (what can be prepared)? */
export function startsPreparedDemo(env: Record<string, string> = {}): boolean {
  const config = loadConfig({ ...childEnv({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), ...serverDefaults, ...env }) })
  return config.demo && !config.databaseUrl && !config.s3
}

/** A hash of what a prepared demo depends on: the compiled server, the fakes and demo content, the settings. */
function preparedDemoKey(env: Record<string, string>): string {
  const hash = createHash('sha256')
  const settings = Object.entries({ ...serverDefaults, ...env })
    .filter(([name]) => !notPreparationSettings.has(name) && !isRateLimit(name))
    .sort(([a], [b]) => a.localeCompare(b))
  hash.update(JSON.stringify(settings))
  const nodeBuild = path.join(buildDir, 'node')
  for (const folder of [nodeBuild, path.join(projectRoot, 'fakes'), path.join(projectRoot, 'server/demo')]) {
    if (!fs.existsSync(folder)) continue
    for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(folder, file)
      if (file.endsWith('.map') || /\.test\.tsx?$/.test(file) || !fs.statSync(full).isFile()) continue
      hash.update(file).update(fs.readFileSync(full))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

const preparations = new Map<string, Promise<string>>()

/**
 * The demo's data folder as a first start leaves it (the embedded database created and migrated,
 * the demo content seeded, the fake provider's listings imported: `main.js --prepare-demo`, what
 * the server runs on a first start), made once per build and settings and kept under testCacheDir.
 * Never started from directly: preparedDemoCopy copies it.
 */
export function preparedDemo(env: Record<string, string> = {}): Promise<string> {
  assertProductionBuild()
  const main = ensureCompiledServer()
  const key = preparedDemoKey(env)
  let prepared = preparations.get(key)
  if (!prepared) {
    prepared = (async () => {
      const folder = path.join(testCacheDir, `demo-${key}`)
      if (fs.existsSync(folder)) return folder
      fs.mkdirSync(testCacheDir, { recursive: true })
      const building = fs.mkdtempSync(path.join(testCacheDir, `demo-${key}.building-`))
      try {
        await promisify(execFile)(process.execPath, ['--enable-source-maps', main, '--prepare-demo'], {
          cwd: projectRoot,
          env: childEnv({
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: '0',
            DATA_DIR: building,
            ...serverDefaults,
            LOG_LEVEL: 'warn',
            ...env,
          }),
          timeout: 600_000,
          maxBuffer: 64 * 1024 * 1024,
        })
        moveWhole(building, folder)
      } catch (err) {
        fs.rmSync(building, { recursive: true, force: true })
        throw new Error(`Preparing the demo (${JSON.stringify(env)}) failed: ${(err as Error).message}`, { cause: err })
      }
      pruneOldPreparations()
      return folder
    })()
    preparations.set(key, prepared)
    prepared.catch(() => preparations.delete(key))
  }
  return prepared
}

/** A fresh data folder holding a copy of the prepared demo (preparedDemo); the caller removes it. */
export async function preparedDemoCopy(env: Record<string, string> = {}): Promise<string> {
  const prepared = await preparedDemo(env)
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-'))
  fs.cpSync(prepared, copy, { recursive: true })
  // In use: pruning goes by this time.
  const now = new Date()
  fs.utimesSync(prepared, now, now)
  return copy
}

/** A folder made whole under a temporary name, then put under its own (another worker may have finished first: its copy is as good). */
function moveWhole(building: string, folder: string) {
  try {
    fs.renameSync(building, folder)
  } catch (err) {
    if (!fs.existsSync(folder)) throw err
    fs.rmSync(building, { recursive: true, force: true })
  }
}

const variants = new Map<string, Promise<string>>()

/**
 * A copy of the prepared demo with more done to it once (`prepare`, e.g. the e2e lanes' accounts
 * created with the CLI), kept beside it under `name` and copied like preparedDemoCopy: each e2e
 * project's lanes start from it without running the CLI again.
 */
export async function preparedVariantCopy(name: string, prepare: (dataDir: string) => Promise<void>): Promise<string> {
  const prepared = await preparedDemo()
  const folder = `${prepared}-${name}`
  let variant = variants.get(folder)
  if (!variant) {
    variant = (async () => {
      if (fs.existsSync(folder)) return folder
      const building = fs.mkdtempSync(`${folder}.building-`)
      try {
        fs.cpSync(prepared, building, { recursive: true })
        await prepare(building)
        moveWhole(building, folder)
      } catch (err) {
        fs.rmSync(building, { recursive: true, force: true })
        throw err
      }
      return folder
    })()
    variants.set(folder, variant)
    variant.catch(() => variants.delete(folder))
  }
  const ready = await variant
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-'))
  fs.cpSync(ready, copy, { recursive: true })
  const now = new Date()
  fs.utimesSync(ready, now, now)
  return copy
}

/** Prepared demos of earlier builds, unused for a day, are removed (each is tens of MB). */
function pruneOldPreparations() {
  const dayAgo = Date.now() - 24 * 3600 * 1000
  for (const name of fs.readdirSync(testCacheDir)) {
    if (!name.startsWith('demo-')) continue
    const full = path.join(testCacheDir, name)
    try {
      if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { recursive: true, force: true })
    } catch {
      // Another process removed or renamed it meanwhile.
    }
  }
}
