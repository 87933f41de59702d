/**
 * What the listing filters' SQL conditions are written with (filters.ts names it as a type only, so
 * the filter table can reach the browser without the database code).
 */
import { arrayContains, arrayOverlaps, inArray, not, sql } from 'drizzle-orm'
import type { SqlKit } from './filters.ts'
import { listings, listingTranslations } from './schema.ts'

export const sqlKit: SqlKit = { sql, listings, listingTranslations, arrayOverlaps, arrayContains, inArray, not }
