import { and, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Collection } from '#lib/content'
import { PRESENCE_EXPIRY_SECONDS, type PresenceAnswer } from '#lib/schedule'
import type { Db } from '../db/client.ts'
import { pagePresence, pages } from '../db/schema.ts'
import { actorCanEdit, type Actor } from './access.ts'
import { AppError, notFound } from './errors.ts'

/**
 * Who else is here (issue 17 point 8): each editor's browser tab with a page open sends a
 * heartbeat; the answer names the other editors on the page (since when) and the stored draft's
 * version, so an editor learns at once that a colleague saved a newer draft, before saving over it.
 * Rows live in the database: every instance sees every editor. A tab not heard from for
 * PRESENCE_EXPIRY_SECONDS is gone (closed, crashed, offline).
 */
export function createPresenceService(db: Db) {
  /**
   * `sentAt` is when the tab sent this heartbeat (its clock, ms): one sent before the tab's leave but
   * answered after it (the two travel on different connections) is ignored. Without it, the
   * heartbeat counts whenever it comes. `locale`: the further language the tab edits the page in.
   */
  async function heartbeat(
    domainId: string,
    collection: Collection,
    pageId: string,
    tabId: string,
    actor: Actor,
    now: Date = new Date(),
    { sentAt = null, locale = null }: { sentAt?: number | null; locale?: string | null } = {},
  ) {
    const user = actor.user
    if (!user) throw new AppError('unauthorised', 'Please sign in to do this')
    const [page] = await db
      .select({ draft: pages.draft, version: pages.version, updatedBy: pages.updatedBy, updatedAt: pages.updatedAt })
      .from(pages)
      .where(and(eq(pages.id, pageId), eq(pages.domainId, domainId), eq(pages.collection, collection)))
      .limit(1)
    if (!page || !actorCanEdit(actor, page.draft)) throw notFound('Page not found')
    const cutoff = new Date(now.getTime() - PRESENCE_EXPIRY_SECONDS * 1000)
    await db.delete(pagePresence).where(lt(pagePresence.seenAt, cutoff))
    await db
      .insert(pagePresence)
      .values({ pageId, tabId, userId: user._id, username: user.username, since: now, seenAt: now, sentAt, locale })
      .onConflictDoUpdate({
        target: [pagePresence.pageId, pagePresence.tabId],
        // A tab is one person's: another account reusing its id starts afresh. A tab that left is
        // back from a heartbeat it sent after its leave (shown again), since then.
        set: {
          seenAt: now,
          since: sql`CASE WHEN ${pagePresence.userId} = ${user._id} AND ${pagePresence.leftAt} IS NULL THEN ${pagePresence.since} ELSE ${now} END`,
          userId: user._id,
          username: user.username,
          sentAt,
          leftAt: null,
          locale,
        },
        setWhere: sql`${pagePresence.leftAt} IS NULL OR ${sentAt}::float8 IS NULL OR ${pagePresence.leftAt} < ${sentAt}::float8`,
      })
    const others = await db
      .select({
        username: pagePresence.username,
        sinceMs: sql<number>`(extract(epoch from min(${pagePresence.since})) * 1000)::float8`,
        // Of several tabs, the language of the one heard from last.
        locale: sql<string | null>`(array_agg(${pagePresence.locale} ORDER BY ${pagePresence.seenAt} DESC))[1]`,
      })
      .from(pagePresence)
      .where(
        and(
          eq(pagePresence.pageId, pageId),
          gte(pagePresence.seenAt, cutoff),
          isNull(pagePresence.leftAt),
          ne(pagePresence.userId, user._id),
        ),
      )
      .groupBy(pagePresence.userId, pagePresence.username)
      .orderBy(sql`min(${pagePresence.since})`)
    return {
      others: others.map((o) => ({ username: o.username, since: new Date(Number(o.sinceMs)).toISOString(), locale: o.locale ?? null })),
      page: { version: page.version, updatedBy: page.updatedBy, updatedAt: page.updatedAt.toISOString() },
    } satisfies PresenceAnswer
  }

  /**
   * The tab closed the page (or left it): it is gone at once for the others. With `sentAt` (the
   * tab's clock) the row stays as a mark until expiry, so a heartbeat the tab sent before leaving
   * that arrives later does not bring it back; a mark is written even when no heartbeat came yet.
   */
  async function leave(pageId: string, tabId: string, actor: Actor, now: Date = new Date(), sentAt: number | null = null) {
    const user = actor.user
    if (!user) throw new AppError('unauthorised', 'Please sign in to do this')
    if (sentAt === null) {
      await db
        .delete(pagePresence)
        .where(and(eq(pagePresence.pageId, pageId), eq(pagePresence.tabId, tabId), eq(pagePresence.userId, user._id)))
      return
    }
    await db
      .insert(pagePresence)
      .values({ pageId, tabId, userId: user._id, username: user.username, since: now, seenAt: now, sentAt, leftAt: sentAt })
      .onConflictDoUpdate({
        target: [pagePresence.pageId, pagePresence.tabId],
        set: { leftAt: sentAt, seenAt: now },
        // Only the tab's own account, and not over a heartbeat it sent later still.
        setWhere: sql`${pagePresence.userId} = ${user._id} AND (${pagePresence.sentAt} IS NULL OR ${pagePresence.sentAt} <= ${sentAt}::float8)`,
      })
  }

  return { heartbeat, leave }
}

export type PresenceService = ReturnType<typeof createPresenceService>
