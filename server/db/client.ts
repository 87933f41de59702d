import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
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
  /** Postgres LISTEN; answers a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface OpenDatabaseOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite is used. */
  url?: string | undefined
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  dataDir: string
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url)
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = dataDir
  if (dataDir !== 'memory://') {
    location = path.join(dataDir, 'db')
    fs.mkdirSync(location, { recursive: true })
  }
  // pg_trgm ships with PGlite; the migrations enable it (typo-tolerant search).
  const client = await PGlite.create({ ...(location === 'memory://' ? {} : { dataDir: location }), extensions: { pg_trgm } })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: (timeoutMs = 2000) => withTimeout(closed ? Promise.reject(new Error('database closed')) : client.query('select 1'), timeoutMs),
    close: async () => {
      closed = true
      await client.close()
    },
    notify: async (channel, payload) => {
      if (!closed) await client.query(`select pg_notify($1, $2)`, [channel, payload])
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage),
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // A query that runs longer than this is a bug or an outage; fail instead of hanging a request.
    statement_timeout: 15000,
  })
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    listen: async (channel, onMessage) => {
      // LISTEN needs a connection of its own that stays open.
      const client = new pg.Client({ connectionString: url })
      client.on('error', () => {})
      await client.connect()
      client.on('notification', (msg) => {
        if (msg.channel === channel) onMessage(msg.payload ?? '')
      })
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      const stop = async () => {
        listeners.delete(stop)
        await client.end().catch(() => {})
      }
      listeners.add(stop)
      return stop
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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006'])

/** True when an error means the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (typeof message === 'string' && /database closed|did not answer|Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|PGlite is closed/i.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
