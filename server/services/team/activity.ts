import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { ActivityEntry } from '#lib/team'
import type { Db } from '../../db/client.ts'
import { activity } from '../../db/schema.ts'
import type { Actor } from '../access.ts'

/** The database or a transaction of it: an entry is written with the change it describes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: a transaction's type differs from Db only in its schema parameter
export type Writer = PgDatabase<PgQueryResultHKT, any>

export interface ActivityInput {
  kind: string
  action: string
  domainId?: string | null
  subjectId?: string | null
  subject?: string
  details?: Record<string, unknown>
}

export interface ActivityFilter {
  userId?: string
  kind?: string
  /** YYYY-MM-DD bounds as instants (the caller turns the site's days into instants). */
  from?: Date
  to?: Date
  limit?: number
  /** Entries older than this id (paging). */
  before?: number
}

/**
 * Writes one entry on `writer` (pass the transaction making the change). The log says which
 * person changed what: the server's own jobs (the demo seed, the daily listing sync, thousands of
 * listings at a time) are left out; their versions stay in each page's history.
 */
export async function recordActivity(writer: Writer, actor: Actor | undefined, entry: ActivityInput) {
  const user = actor?.user ?? null
  if (!user) return
  await writer.insert(activity).values({
    userId: user._id,
    username: user.username,
    kind: entry.kind,
    action: entry.action,
    domainId: entry.domainId ?? null,
    subjectId: entry.subjectId ?? null,
    subject: entry.subject ?? '',
    details: entry.details ?? null,
  })
}

export function createActivityLog(db: Db) {
  async function list(filter: ActivityFilter = {}): Promise<ActivityEntry[]> {
    const where: SQL[] = []
    if (filter.userId) where.push(eq(activity.userId, filter.userId))
    if (filter.kind) where.push(eq(activity.kind, filter.kind))
    if (filter.from) where.push(gte(activity.at, filter.from))
    if (filter.to) where.push(lt(activity.at, filter.to))
    if (filter.before) where.push(lt(activity.id, filter.before))
    const rows = await db
      .select()
      .from(activity)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(activity.id))
      .limit(Math.min(filter.limit ?? 100, 500))
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      userId: r.userId,
      username: r.username,
      kind: r.kind,
      action: r.action,
      domainId: r.domainId,
      subjectId: r.subjectId,
      subject: r.subject,
    }))
  }
  return { list, record: (actor: Actor | undefined, entry: ActivityInput, writer: Writer = db) => recordActivity(writer, actor, entry) }
}

export type ActivityLog = ReturnType<typeof createActivityLog>
