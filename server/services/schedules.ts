import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Collection } from '#lib/content'
import {
  parseScheduleTime,
  SCHEDULE_MAX_DAYS,
  scheduleTexts,
  type PageSchedule,
  type ScheduleAction,
  type ScheduledPublication,
} from '#lib/schedule'
import type { Db } from '../db/client.ts'
import { pages, pageSchedules, users } from '../db/schema.ts'
import { actorCanEdit, actorCanPublish, type Actor } from './access.ts'
import { AppError, conflict, invalidInput, notFound } from './errors.ts'
import { ALT_MISSING_MESSAGE, imagesMissingAlt } from './images.ts'
import type { PageService } from './pages.ts'
import type { TranslationService } from './translations.ts'
import { recordActivity } from './team/activity.ts'
import type { JobQueue } from '../jobs/queue.ts'

type ScheduleRow = typeof pageSchedules.$inferSelect

/** The recurring job that publishes and unpublishes what is due. */
export const SCHEDULED_PUBLISHING_JOB = 'pages.run-schedules'

/** A claim older than this is taken to be from an instance that stopped mid-run, and is run again. */
const STALE_CLAIM_MS = 10 * 60 * 1000
/** Due schedules one tick claims at most (the rest wait for the next tick). */
const CLAIM_BATCH = 20

const toSchedule = (r: ScheduleRow): PageSchedule => ({
  id: r.id,
  pageId: r.pageId,
  action: r.action as ScheduleAction,
  dueAt: r.dueAt.toISOString(),
  status: r.status as PageSchedule['status'],
  username: r.username,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  error: r.error,
  locale: r.locale,
})

/** The schedules of one language: a further language's, or (null) the page's own. */
const ofLanguage = (locale: string | null | undefined) => (locale ? eq(pageSchedules.locale, locale) : isNull(pageSchedules.locale))

const activityKind = (collection: string) => (collection === 'listings' ? 'listing' : 'page')

export interface RunReport {
  /** Schedules this call claimed and ran (publish/unpublish done). */
  ran: number[]
  /** Schedules this call claimed whose change was refused or failed (the reason is stored on the row). */
  failed: number[]
}

/**
 * Scheduled publishing and unpublishing of pages (issue 17 point 6). A schedule runs with the rights
 * of the editor who made it, through the page service's own publish and unpublish (search index,
 * version history, page-cache notifications to every instance, the activity log). A recurring job
 * looks for due schedules; each is claimed by exactly one caller with a single UPDATE ... RETURNING.
 */
export function createScheduleService(
  deps: {
    db: Db
    pages: Pick<PageService, 'publish' | 'unpublish'>
    /** A further language's schedules publish and unpublish its texts only (decision 025). */
    translations?: Pick<TranslationService, 'publish' | 'unpublish' | 'languagesOf'>
    jobs?: JobQueue
  },
  instanceId = randomUUID(),
) {
  const { db } = deps

  async function pageRow(domainId: string, collection: Collection, pageId: string) {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.id, pageId), eq(pages.domainId, domainId), eq(pages.collection, collection)))
      .limit(1)
    if (!row) throw notFound('Page not found')
    return row
  }

  /**
   * Schedules a page's publish or unpublish at `at` (a wall-clock time of the site,
   * "2026-11-24T14:30", or an instant with its offset). Replaces a pending schedule of the same
   * action and language. Needs the right to publish the page, as publishing now does. With a
   * further language (`locale`), the page's texts in that language are published or withdrawn,
   * nothing else.
   */
  async function schedule(
    domainId: string,
    collection: Collection,
    pageId: string,
    action: ScheduleAction,
    at: string,
    actor: Actor,
    now: Date = new Date(),
    locale: string | null = null,
  ): Promise<PageSchedule> {
    const due = parseScheduleTime(at)
    if (!due) throw invalidInput(scheduleTexts.notADate, [{ path: 'at', message: scheduleTexts.notADate }])
    if (due.getTime() <= now.getTime()) throw invalidInput(scheduleTexts.inThePast, [{ path: 'at', message: scheduleTexts.inThePast }])
    if (due.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000)
      throw invalidInput(scheduleTexts.tooFar, [{ path: 'at', message: scheduleTexts.tooFar }])
    const page = await pageRow(domainId, collection, pageId)
    const user = actor.user
    if (!user || !actorCanPublish(actor, page.draft))
      throw new AppError(
        'forbidden',
        action === 'publish' ? 'You are not allowed to publish this page' : 'You are not allowed to unpublish this page',
      )
    if (locale !== null) {
      const languages = await deps.translations?.languagesOf(domainId)
      if (!languages?.others.includes(locale as never))
        throw invalidInput(`This site is not offered in ${locale} besides its default language`, [
          { path: 'locale', message: 'Not a further language of this site' },
        ])
    }
    if (action === 'publish' && locale === null) {
      const missingAlt = imagesMissingAlt(page.draft)
      if (missingAlt.length) throw invalidInput(ALT_MISSING_MESSAGE(missingAlt.length), missingAlt)
    }
    const row = await db.transaction(async (tx) => {
      await tx
        .update(pageSchedules)
        .set({ status: 'cancelled', finishedAt: now })
        .where(
          and(eq(pageSchedules.pageId, pageId), eq(pageSchedules.action, action), ofLanguage(locale), eq(pageSchedules.status, 'pending')),
        )
      const [row] = await tx
        .insert(pageSchedules)
        .values({ pageId, domainId, collection, action, locale, dueAt: due, userId: user._id, username: user.username, createdAt: now })
        .returning()
      await recordActivity(tx, actor, {
        kind: activityKind(collection),
        action: action === 'publish' ? 'schedule-publish' : 'schedule-unpublish',
        domainId,
        subjectId: pageId,
        subject: `/${page.slug}`,
        details: { dueAt: due.toISOString(), scheduleId: row!.id, ...(locale ? { locale } : {}) },
      })
      // A run at the due time itself, so the schedule is on time without a tight tick (the
      // recurring tick stays as the net for a run that failed).
      await deps.jobs?.enqueue(SCHEDULED_PUBLISHING_JOB, {}, { runAt: due, key: `due:${row!.id}`, tx })
      return row!
    })
    // The runner here learns of the job now rather than at its next look (others at theirs).
    deps.jobs?.wake()
    return toSchedule(row)
  }

  /** Cancels a pending schedule (the right to publish the page is needed, as for making it). */
  async function cancel(domainId: string, scheduleId: number, actor: Actor, now: Date = new Date()): Promise<PageSchedule> {
    const [existing] = await db
      .select({ schedule: pageSchedules, draft: pages.draft, slug: pages.slug })
      .from(pageSchedules)
      .innerJoin(pages, eq(pages.id, pageSchedules.pageId))
      .where(and(eq(pageSchedules.id, scheduleId), eq(pageSchedules.domainId, domainId)))
      .limit(1)
    if (!existing || !actorCanEdit(actor, existing.draft)) throw notFound('Schedule not found')
    if (!actorCanPublish(actor, existing.draft)) throw new AppError('forbidden', 'You are not allowed to publish this page')
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pageSchedules)
        .set({ status: 'cancelled', finishedAt: now })
        .where(and(eq(pageSchedules.id, scheduleId), eq(pageSchedules.status, 'pending')))
        .returning()
      if (!row) return null
      await recordActivity(tx, actor, {
        kind: activityKind(row.collection),
        action: row.action === 'publish' ? 'cancel-schedule-publish' : 'cancel-schedule-unpublish',
        domainId,
        subjectId: row.pageId,
        subject: `/${existing.slug}`,
        details: { dueAt: row.dueAt.toISOString(), scheduleId: row.id },
      })
      return row
    })
    if (!row)
      throw conflict(
        `This schedule is ${existing.schedule.status === 'pending' ? 'running' : existing.schedule.status} and can no longer be cancelled`,
      )
    return toSchedule(row)
  }

  /** A page's pending schedules in one language, soonest first, and its last finished ones (a failure says why). */
  async function forPage(domainId: string, collection: Collection, pageId: string, actor: Actor, locale: string | null = null) {
    const page = await pageRow(domainId, collection, pageId)
    if (!actorCanEdit(actor, page.draft)) throw notFound('Page not found')
    const pending = await db
      .select()
      .from(pageSchedules)
      .where(and(eq(pageSchedules.pageId, pageId), ofLanguage(locale), inArray(pageSchedules.status, ['pending', 'running'])))
      .orderBy(asc(pageSchedules.dueAt))
    const recent = await db
      .select()
      .from(pageSchedules)
      .where(and(eq(pageSchedules.pageId, pageId), ofLanguage(locale), inArray(pageSchedules.status, ['done', 'failed'])))
      .orderBy(desc(pageSchedules.finishedAt))
      .limit(5)
    return { pending: pending.map(toSchedule), recent: recent.map(toSchedule) }
  }

  /** The domain's pending schedules of pages the actor may edit, soonest first (the dashboard). */
  async function upcoming(domainId: string, actor: Actor, limit = 20): Promise<ScheduledPublication[]> {
    const rows = await db
      .select({
        schedule: pageSchedules,
        slug: pages.slug,
        title: sql<string | null>`${pages.draft}->'header'->>'title'`,
        viewerRoles: sql<unknown>`${pages.draft}->'viewerRoles'`,
        editorRoles: sql<unknown>`${pages.draft}->'editorRoles'`,
      })
      .from(pageSchedules)
      .innerJoin(pages, eq(pages.id, pageSchedules.pageId))
      .where(and(eq(pageSchedules.domainId, domainId), inArray(pageSchedules.status, ['pending', 'running'])))
      .orderBy(asc(pageSchedules.dueAt))
      .limit(200)
    return rows
      .filter((r) => actorCanEdit(actor, r))
      .slice(0, limit)
      .map((r) => ({
        id: r.schedule.id,
        pageId: r.schedule.pageId,
        slug: r.slug,
        title: r.title ?? '',
        action: r.schedule.action as ScheduleAction,
        dueAt: r.schedule.dueAt.toISOString(),
        username: r.schedule.username,
        locale: r.schedule.locale,
      }))
  }

  /**
   * Claims the due schedules: pending → running in one statement. The outer `status` test is
   * checked again against the row as another instance's committed claim left it, so two instances
   * ticking together never both get a row (and SKIP LOCKED keeps one from waiting on the other).
   */
  async function claimDue(now: Date): Promise<ScheduleRow[]> {
    const stale = new Date(now.getTime() - STALE_CLAIM_MS)
    const claimable = sql`(${pageSchedules.status} = 'pending' OR (${pageSchedules.status} = 'running' AND ${pageSchedules.claimedAt} < ${stale}))`
    return db
      .update(pageSchedules)
      .set({ status: 'running', claimedAt: now, claimedBy: instanceId })
      .where(
        and(
          claimable,
          sql`${pageSchedules.dueAt} <= ${now}`,
          sql`${pageSchedules.id} IN (SELECT ${pageSchedules.id} FROM ${pageSchedules} WHERE ${claimable} AND ${pageSchedules.dueAt} <= ${now} ORDER BY ${pageSchedules.dueAt} LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning()
  }

  async function runOne(row: ScheduleRow): Promise<boolean> {
    try {
      const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1)
      if (!user || user.deactivatedAt) throw new AppError('forbidden', `${row.username} can no longer sign in`)
      const actor: Actor = { user: { _id: user.id, username: user.username, email: user.email, roles: user.roles } }
      const collection = row.collection as Collection
      if (row.locale) {
        // A further language: its texts only (the page's structure and other languages stay as they are).
        if (!deps.translations) throw new AppError('unavailable', 'Translations are not available here')
        if (row.action === 'publish') await deps.translations.publish('page', row.pageId, row.locale, actor, row.domainId)
        else await deps.translations.unpublish('page', row.pageId, row.locale, actor, row.domainId)
      } else if (row.action === 'publish') {
        const [page] = await db.select({ draft: pages.draft }).from(pages).where(eq(pages.id, row.pageId)).limit(1)
        const missingAlt = imagesMissingAlt(page?.draft ?? {})
        if (missingAlt.length) throw invalidInput(ALT_MISSING_MESSAGE(missingAlt.length))
        await deps.pages.publish(row.domainId, collection, row.pageId, { ...actor, logAs: 'scheduled-publish' })
      } else {
        await deps.pages.unpublish(row.domainId, collection, row.pageId, { ...actor, logAs: 'scheduled-unpublish' })
      }
      await db
        .update(pageSchedules)
        .set({ status: 'done', finishedAt: new Date(), error: null })
        .where(and(eq(pageSchedules.id, row.id), eq(pageSchedules.claimedBy, instanceId)))
      return true
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      await db
        .update(pageSchedules)
        .set({ status: 'failed', finishedAt: new Date(), error: message.slice(0, 500) })
        .where(and(eq(pageSchedules.id, row.id), eq(pageSchedules.claimedBy, instanceId)))
      return false
    }
  }

  /** Runs every schedule due at `now` that this instance claims; answers what it ran. */
  async function runDue(now: Date = new Date()): Promise<RunReport> {
    const report: RunReport = { ran: [], failed: [] }
    for (const row of await claimDue(now)) {
      if (await runOne(row)) report.ran.push(row.id)
      else report.failed.push(row.id)
    }
    return report
  }

  // The job queue runs this at each schedule's due time (a one-off job queued with the schedule)
  // and every SCHEDULE_TICK_SECONDS (server/main.ts makes it recur) as the net for a schedule whose
  // run failed; one instance at a time runs it, and each schedule is still claimed on its own row.
  deps.jobs?.register(
    SCHEDULED_PUBLISHING_JOB,
    async ({ now, log }) => {
      const report = await runDue(now)
      if (report.ran.length || report.failed.length)
        log.info(
          { report },
          `scheduled publishing: ${report.ran.length} ran, ${report.failed.length} failed (${[...report.ran, ...report.failed].join(', ')})`,
        )
      return report
    },
    { maxAttempts: 1, leaseMs: STALE_CLAIM_MS },
  )

  return { schedule, cancel, forPage, upcoming, runDue, instanceId }
}

export type ScheduleService = ReturnType<typeof createScheduleService>
