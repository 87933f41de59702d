import { and, eq, gte, lt, ne, sql } from 'drizzle-orm'
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
  async function heartbeat(domainId: string, collection: Collection, pageId: string, tabId: string, actor: Actor, now: Date = new Date()) {
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
      .values({ pageId, tabId, userId: user._id, username: user.username, since: now, seenAt: now })
      .onConflictDoUpdate({
        target: [pagePresence.pageId, pagePresence.tabId],
        // A tab is one person's: another account reusing its id starts afresh.
        set: {
          seenAt: now,
          since: sql`CASE WHEN ${pagePresence.userId} = ${user._id} THEN ${pagePresence.since} ELSE ${now} END`,
          userId: user._id,
          username: user.username,
        },
      })
    const others = await db
      .select({ username: pagePresence.username, sinceMs: sql<number>`(extract(epoch from min(${pagePresence.since})) * 1000)::float8` })
      .from(pagePresence)
      .where(and(eq(pagePresence.pageId, pageId), gte(pagePresence.seenAt, cutoff), ne(pagePresence.userId, user._id)))
      .groupBy(pagePresence.userId, pagePresence.username)
      .orderBy(sql`min(${pagePresence.since})`)
    return {
      others: others.map((o) => ({ username: o.username, since: new Date(Number(o.sinceMs)).toISOString() })),
      page: { version: page.version, updatedBy: page.updatedBy, updatedAt: page.updatedAt.toISOString() },
    } satisfies PresenceAnswer
  }

  /** The tab closed the page (or left it): it is gone at once for the others. */
  async function leave(pageId: string, tabId: string, actor: Actor) {
    const user = actor.user
    if (!user) throw new AppError('unauthorised', 'Please sign in to do this')
    await db
      .delete(pagePresence)
      .where(and(eq(pagePresence.pageId, pageId), eq(pagePresence.tabId, tabId), eq(pagePresence.userId, user._id)))
  }

  return { heartbeat, leave }
}

export type PresenceService = ReturnType<typeof createPresenceService>
