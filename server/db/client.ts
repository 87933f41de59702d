import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { makePrivate, setPrivateUmask } from '../private-files.ts'
import { claimFolder, type FolderClaim, type FolderOwner } from './folder-owner.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs the migrations in server/db/migrations; safe to call on every start. */
  migrate(): Promise<void>
  /** Answers within timeoutMs, or throws: the health check must never hang. */
  ping(timeoutMs?: number): Promise<void>
  close(): Promise<void>
  /** Postgres NOTIFY: tells every instance sharing this database (cache invalidation). */
  notify(channel: string, payload: string): Promise<void>
  /**
   * Postgres LISTEN on a connection of its own that comes back by itself when it drops (database
   * restart, failover, idle timeout); onReconnect runs after each return, since notifications sent
   * meanwhile were missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<Listener>
  /** The claim on an embedded database folder (PGlite with a folder), released by close(). */
  claim?: FolderClaim
}

export interface ListenOptions {
  onReconnect?: () => void
  /** Told when the connection drops and comes back (for logs). */
  onStatus?: (status: ListenerStatus, err?: unknown) => void
}

export type ListenerStatus = 'listening' | 'reconnecting'

export interface Listener {
  status(): ListenerStatus
  stop(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface OpenDatabaseOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite is used. */
  url?: string | undefined
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  dataDir: string
  /**
   * 'memory://' only: start from this copy of a database (PGlite's dumpDataDir) instead of an
   * empty one. The tests load one migrated template per file instead of creating and migrating.
   */
  loadDataDir?: Blob | undefined
  /**
   * Who opens an embedded database folder (server/db/folder-owner.ts): the folder is claimed for
   * this process until close(), and refused (FolderInUseError) while another process holds it.
   */
  owner?: Pick<FolderOwner, 'kind' | 'description'>
  /** Told when a PostgreSQL connection of the pool drops (for a log line); it never ends the process. */
  onConnectionError?: (err: Error) => void
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options)
  return openPglite(
    options.dataDir,
    options.owner ?? { kind: 'cli', description: `process ${process.pid} (${path.basename(process.argv[1] ?? 'node')})` },
    options.loadDataDir,
  )
}

/**
 * PGlite runs each statement on this thread, and a chain of awaited statements (a listing's ten
 * writes, a page of reads) gives the event loop no turn in between: requests wait for all of them
 * (issue 18). A turn before each statement keeps the longest hold to one statement. Drizzle calls
 * `query` and `transaction` (whose transaction object it calls `query` on).
 */
function turnBeforeEachStatement<T extends { query: Transaction['query'] }>(target: T): T {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
  return new Proxy(target, {
    get(obj, prop) {
      if (prop === 'query')
        return async (...args: Parameters<Transaction['query']>) => {
          await turn()
          return obj.query(...args)
        }
      if (prop === 'transaction' && obj instanceof PGlite)
        return <R>(fn: (tx: Transaction) => Promise<R>) => obj.transaction((tx) => fn(turnBeforeEachStatement(tx)))
      const value: unknown = Reflect.get(obj, prop, obj)
      // PGlite's methods use private fields: they run on the object itself, not on the proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(obj) : value
    },
  })
}

/**
 * Creates a new embedded database (PGlite's initdb) in a short-lived child process. The process
 * that runs initdb keeps its WebAssembly module loaded (~190 MB never given back: a fresh start's
 * server held 960 MB after the demo's first import, a restart on the same folder 560 MB); the
 * server then opens the ready folder with the database module alone.
 */
async function createClusterInChild(location: string) {
  const pglite = import.meta.resolve('@electric-sql/pglite')
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create({ dataDir: process.env.PGLITE_NEW_DIR }); await db.close()`
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, PGLITE_NEW_DIR: location },
    timeout: 120_000,
  })
}

/**
 * An on-disk database's buffer pool: 64 MB instead of Postgres's 128 MB. The pool lives in the
 * WebAssembly memory, which never shrinks, and the demo's first import filled it: the server held
 * 560-608 MB after the first start (issue 16 point 8: at most 600). Pages beyond it are read back
 * through the file system, which the operating system caches.
 */
const ON_DISK_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB']

async function openPglite(dataDir: string, who: Pick<FolderOwner, 'kind' | 'description'>, loadDataDir?: Blob): Promise<Database> {
  let location = dataDir
  let claim: FolderClaim | undefined
  if (dataDir !== 'memory://') {
    // PGlite creates its files with the process's umask: they are this user's alone (0600), as
    // PostgreSQL's are (server/private-files.ts; a command-line tool opening the folder too).
    setPrivateUmask()
    location = path.join(dataDir, 'db')
    fs.mkdirSync(location, { recursive: true })
    assertWritableFolder(location, 'The embedded database folder')
    claim = claimFolder(location, who)
  }
  let client: PGlite
  try {
    if (location !== 'memory://' && !fs.existsSync(path.join(location, 'PG_VERSION'))) await createClusterInChild(location)
    // pg_trgm and unaccent ship with PGlite; the migrations enable them (typo-tolerant, accent-folding search).
    client = await PGlite.create({
      ...(location === 'memory://' ? (loadDataDir ? { loadDataDir } : {}) : { dataDir: location, startParams: ON_DISK_START_PARAMS }),
      extensions: { pg_trgm, unaccent },
    })
    // PGlite gives the files of its initdb mode 0666, and the relation cache files it writes as it
    // starts (pg_internal.init) 0644, whatever the umask: they are made 0600 once it has started,
    // and again at close (the folder is 0700 in any case).
    if (location !== 'memory://') makePrivate(location, { always: true })
  } catch (err) {
    claim?.release()
    throw new Error(`The embedded database in ${location} could not be opened: ${(err as Error).message}`, { cause: err })
  }
  // Services are written against what both drivers share (PgDatabase); Drizzle types each driver's
  // query results apart (PgliteQueryResultHKT, NodePgQueryResultHKT), hence the one cast per driver.
  const db = drizzlePglite({ client: turnBeforeEachStatement(client), schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind: 'pglite',
    claim,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: (timeoutMs = 2000) => withTimeout(closed ? Promise.reject(new Error('database closed')) : client.query('select 1'), timeoutMs),
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
      if (location !== 'memory://') makePrivate(location, { always: true })
      claim?.release()
    },
    notify: async (channel, payload) => {
      if (!closed) await client.query(`select pg_notify($1, $2)`, [channel, payload])
    },
    // One process, one connection: notifications cannot be lost to a dropped connection.
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage)
      return { status: () => 'listening', stop: unlisten }
    },
  }
}

/** Throws a clear error naming a folder this process cannot write (read-only mount, permissions). */
export function assertWritableFolder(folder: string, what: string): void {
  const probe = path.join(folder, `.write-test-${process.pid}`)
  try {
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(probe, '')
    fs.rmSync(probe, { force: true })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new Error(
      `${what} ${path.resolve(folder)} cannot be written (${code ?? (err as Error).message}). Make it writable by this user, or choose another folder.`,
      {
        cause: err,
      },
    )
  }
}

async function openPostgres(url: string, options: Pick<OpenDatabaseOptions, 'onConnectionError'>): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // A query that runs longer than this is a bug or an outage; fail instead of hanging a request.
    statement_timeout: 15000,
  })
  // A connection that drops (pg_terminate_backend, a restart or failover of the server) emits
  // 'error' on its Client. The pool listens only while a client is idle; a checked-out one (a
  // transaction between two statements, the sync's advisory-lock session) would have no listener,
  // and an unhandled 'error' event ends the process. Every client gets a listener of its own for
  // its whole life: the query in flight fails (503), the pool drops the broken client on release
  // (pg-pool checks `_queryable`) and opens a fresh one for the next request.
  pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)))
  // The pool re-emits an idle client's error (already told above by the client's own listener).
  pool.on('error', () => {})
  // As for PGlite above: the driver's own result type, widened to what both drivers share.
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const listeners = new Set<Listener>()
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()))
      await pool.end()
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    listen: async (channel, onMessage, options = {}) => {
      const listener = await listenWithReconnect(url, channel, onMessage, options)
      listeners.add(listener)
      return {
        status: listener.status,
        stop: async () => {
          listeners.delete(listener)
          await listener.stop()
        },
      }
    },
  }
}

/** How the LISTEN connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'tourism-site listener'
/** First wait before the LISTEN connection is opened again; doubles up to LISTEN_RETRY_MAX_MS. */
const LISTEN_RETRY_MIN_MS = 250
const LISTEN_RETRY_MAX_MS = 15_000
/** A query on the LISTEN connection this often: a connection that died silently is found out. */
const LISTEN_HEARTBEAT_MS = 10_000

/**
 * LISTEN needs a connection of its own that stays open. When it drops, it is opened again with
 * back-off (the first attempt at once), and onReconnect tells the owner that notifications may
 * have been missed in between.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  options: ListenOptions,
): Promise<Listener> {
  let status: ListenerStatus = 'reconnecting'
  let stopped = false
  let client: pg.Client | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined
  let delay = LISTEN_RETRY_MIN_MS

  const setStatus = (next: ListenerStatus, err?: unknown) => {
    if (next === status) return
    status = next
    options.onStatus?.(next, err)
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: LISTEN_APPLICATION_NAME,
    })
    let failed = false
    const fail = (err?: unknown) => {
      if (failed) return
      failed = true
      clearInterval(heartbeat)
      next.end().catch(() => {})
      if (stopped) return
      setStatus('reconnecting', err)
      retry = setTimeout(() => void reconnect(), delay)
      retry.unref()
      delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS)
    }
    next.on('error', fail)
    next.on('end', () => fail(new Error('the LISTEN connection ended')))
    next.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '')
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (err) {
      fail(err)
      throw err
    }
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    delay = LISTEN_RETRY_MIN_MS
    heartbeat = setInterval(() => void next.query('select 1').catch(fail), LISTEN_HEARTBEAT_MS)
    heartbeat.unref()
    setStatus('listening')
  }

  async function reconnect() {
    if (stopped) return
    try {
      await connect()
      options.onReconnect?.()
    } catch {
      // connect() scheduled the next attempt.
    }
  }

  // The first connection must work: a server that cannot listen at start says so.
  try {
    await connect()
  } catch (err) {
    stopped = true
    clearTimeout(retry)
    throw err
  }
  return {
    status: () => status,
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      await client?.end().catch(() => {})
    },
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
])

/** True when an error means the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (
      typeof message === 'string' &&
      /database closed|did not answer|Connection terminated|not queryable|Cannot use a pool after calling end|timeout exceeded when trying to connect|PGlite is closed/i.test(
        message,
      )
    )
      return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** A socket error that means the other side went away (nothing of ours was left half-done). */
export function isDroppedConnection(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT'].includes(code)
}
