import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { ACTOR_NOT_SIGNED_IN, FAILED_SIGN_IN_UNKNOWN, failedSignInSubject, type ActivityEntry } from '#lib/team'
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

/**
 * Writes one entry made by no signed-in person: a command on the server (`npm run editor:create`)
 * or an anonymous caller (a failed sign-in). `by` is what the log shows as who (lib/team.ts).
 */
export async function recordUnattributed(writer: Writer, by: string, entry: ActivityInput) {
  await writer.insert(activity).values({
    userId: null,
    username: by,
    kind: entry.kind,
    action: entry.action,
    domainId: entry.domainId ?? null,
    subjectId: entry.subjectId ?? null,
    subject: entry.subject ?? '',
    details: entry.details ?? null,
  })
}

/**
 * A failed sign-in, counted per account and minute (issue 29 point 10): one entry whose count grows,
 * so a password-guessing run adds at most one row per account a minute, whatever its rate. Names
 * that match no account are counted together and not stored (a password typed into the name field
 * would otherwise be kept in the log).
 */
export async function recordFailedSignIn(db: Db, account: { id: string; username: string } | null, now = new Date()) {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  const label = account ? account.username : FAILED_SIGN_IN_UNKNOWN
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: activity.id, details: activity.details })
      .from(activity)
      .where(
        and(
          eq(activity.kind, 'account'),
          eq(activity.action, 'sign-in-failed'),
          account ? eq(activity.subjectId, account.id) : isNull(activity.subjectId),
          gte(activity.at, minute),
        ),
      )
      .limit(1)
    if (existing) {
      const count = (typeof existing.details?.count === 'number' ? existing.details.count : 1) + 1
      await tx
        .update(activity)
        .set({ details: { count }, subject: failedSignInSubject(label, count) })
        .where(eq(activity.id, existing.id))
    } else
      await recordUnattributed(tx, ACTOR_NOT_SIGNED_IN, {
        kind: 'account',
        action: 'sign-in-failed',
        subjectId: account?.id ?? null,
        subject: failedSignInSubject(label, 1),
        details: { count: 1 },
      })
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
  return {
    list,
    record: (actor: Actor | undefined, entry: ActivityInput, writer: Writer = db) => recordActivity(writer, actor, entry),
    recordUnattributed: (by: string, entry: ActivityInput, writer: Writer = db) => recordUnattributed(writer, by, entry),
  }
}

export type ActivityLog = ReturnType<typeof createActivityLog>
