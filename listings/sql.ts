/**
 * What the listing filters' SQL conditions are written with (filters.ts names it as a type only, so
 * the filter table can reach the browser without the database code).
 */
import { arrayContains, arrayOverlaps, not, sql } from 'drizzle-orm'
import type { SqlKit } from './filters.ts'
import { listings } from './schema.ts'

export const sqlKit: SqlKit = { sql, listings, arrayOverlaps, arrayContains, not }
