/**
 * Starts the PRODUCTION server (the compiled `<BUILD_DIR>/node/main.js` under plain node, as
 * `npm start` runs it, NODE_ENV=production) as a child
 * process on a free loopback port with a fresh temporary DATA_DIR, and waits for /health.
 * Used by the e2e global setup and by the benchmark. Requires `npm run build`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

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
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, host, () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * The environment for a child process of the project (server, CLI): the parent's, less what
 * Vite/Vitest put into process.env for the test process itself (BASE_URL='/', MODE, DEV, PROD,
 * SSR, VITEST*, NODE_ENV=test), which the server's configuration would otherwise read.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'NODE_ENV', 'TEST', 'TEST_DATABASE_URL']) delete env[name]
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name]
  return { ...env, ...extra }
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. PAGE_CACHE_MAX_ENTRIES=0). */
  env?: Record<string, string>
  /** Reuse a data folder (already seeded); a fresh temporary one otherwise, removed on stop. */
  dataDir?: string
  /** How long to wait for /health to answer 200. */
  timeoutMs?: number
  /** Extra Node options before the entry (e.g. another --import). */
  nodeArgs?: string[]
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

export async function startProductionServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertProductionBuild()
  const main = ensureCompiledServer()
  const port = await freePort()
  const ownDataDir = !options.dataDir
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`

  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  // Plain node on the compiled server: the pid we signal is the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), main], {
    cwd: projectRoot,
    env: childEnv({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      // The demo's fake tourism provider: a small catalogue, so the first background sync is
      // seconds, not minutes, and crawling tests do not walk thousands of listing pages.
      FAKE_ATDW_COUNT: '40',
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

  const deadline = Date.now() + (options.timeoutMs ?? 90_000)
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
