/**
 * What the listing filters' SQL conditions are written with (filters.ts names it as a type only, so
 * the filter table can reach the browser without the database code).
 */
import { sql } from 'drizzle-orm'
import type { SqlKit } from './filters.ts'
import { listings } from './schema.ts'

/** A Postgres text[] literal of these strings, as a bound parameter. */
export const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`

export const sqlKit: SqlKit = { sql, listings, textArray }
