/**
 * Typed access to what Drizzle leaves loose: the transaction handle, and the rows of a raw
 * `db.execute(sql...)`, whose result is PGlite's or node-postgres's (both carry `rows`).
 */
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type pg from 'pg'
import type { Database, Db } from './client.ts'

/** A transaction, as `db.transaction(async (tx) => ...)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Either: code that may run inside a caller's transaction or on its own. */
export type Executor = Db | Tx

/** The rows of a raw statement, typed by the caller (the statement's select list is the contract). */
export async function rowsOf<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] }
  return result.rows
}

/**
 * The driver's own client under Drizzle (`db.$client`, Drizzle's way to reach it), for what Drizzle
 * does not do: a session of one's own from node-postgres's pool (an advisory lock held for a whole
 * run), or a store that speaks to the driver (the rate limiter). The common `Db` type leaves it
 * out because the two drivers' clients differ.
 */
export function driverClient(database: Pick<Database, 'db' | 'kind'>): DriverClient {
  const client = (database.db as Db & { $client: pg.Pool | PGlite }).$client
  return database.kind === 'postgres' ? { kind: 'postgres', pool: client as pg.Pool } : { kind: 'pglite', pglite: client as PGlite }
}

export type DriverClient = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite }
