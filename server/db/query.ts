/**
 * Typed access to what Drizzle leaves loose: the transaction handle, and the rows of a raw
 * `db.execute(sql...)`, whose result is PGlite's or node-postgres's (both carry `rows`).
 */
import type { SQL } from 'drizzle-orm'
import type { Db } from './client.ts'

/** A transaction, as `db.transaction(async (tx) => ...)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Either: code that may run inside a caller's transaction or on its own. */
export type Executor = Db | Tx

/** The rows of a raw statement, typed by the caller (the statement's select list is the contract). */
export async function rowsOf<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] }
  return result.rows
}
