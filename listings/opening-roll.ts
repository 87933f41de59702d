/**
 * The opening window rolled forward (issue 35 point 3). A published listing's open days and minutes
 * run OPENING_WINDOW_DAYS from when its public copy was last written (opening-window.ts), so a
 * listing the provider has not changed for about a year would run out of days and drop out of
 * "Open now" and "Open on a day". Nightly, every published listing whose window ends within
 * ROLL_MARGIN_DAYS is laid out again from its public copy: the same hours, the window from today.
 * Only rows whose days or minutes change are written (a seasonal listing's last open day may sit
 * inside the margin every night); their updated_at moves, so the in-memory index re-reads them.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Listing } from '#lib/listings'
import type { Db } from '../server/db/client.ts'
import { listings } from '../server/db/schema.ts'
import type { JobQueue } from '../server/jobs/queue.ts'
import { regionalDay } from './opening-hours.ts'
import { dayNumberOf } from './opening-lookup.ts'
import { OPENING_WINDOW_DAYS, openingWindow } from './opening-window.ts'

export const OPENING_ROLL_JOB = 'listings.opening-roll'
/** A window is laid out again when it ends within this many days. */
export const ROLL_MARGIN_DAYS = 60

const sameNumbers = (a: readonly number[] | null, b: readonly number[]) =>
  a !== null && a.length === b.length && a.every((n, i) => n === b[i])

/** Lays the ending windows out again; answers how many listings changed, per domain. */
export async function rollOpeningWindows(db: Db, now: Date = new Date()): Promise<Map<string, number>> {
  const horizon = dayNumberOf(regionalDay(now)) + OPENING_WINDOW_DAYS - ROLL_MARGIN_DAYS
  const ending = await db
    .select({
      id: listings.id,
      domainId: listings.domainId,
      doc: listings.publicDoc,
      days: listings.openDays,
      minutes: listings.openMinutes,
    })
    .from(listings)
    .where(
      and(
        eq(listings.published, true),
        isNotNull(listings.publicDoc),
        isNotNull(listings.openDays),
        // An empty window (every day gone) or one whose last open day is before the horizon.
        sql`coalesce(${listings.openDays}[cardinality(${listings.openDays})], -1) < ${horizon}`,
      ),
    )
  const changed = new Map<string, number>()
  for (const row of ending) {
    const window = openingWindow((row.doc as Listing | null)?.atdw?.openingTime, now)
    if (!window || (sameNumbers(row.days, window.days) && sameNumbers(row.minutes, window.minutes))) continue
    await db.update(listings).set({ openDays: window.days, openMinutes: window.minutes, updatedAt: now }).where(eq(listings.id, row.id))
    changed.set(row.domainId, (changed.get(row.domainId) ?? 0) + 1)
  }
  return changed
}

/** Registers the nightly roll; `changed` tells the listing caches and index of each domain whose windows moved. */
export function registerOpeningRoll(jobs: JobQueue, db: Db, changed: (domainId: string) => void) {
  jobs.register(OPENING_ROLL_JOB, async ({ now, log }) => {
    const rolled = await rollOpeningWindows(db, now)
    for (const [domainId, count] of rolled) {
      log.info({ domainId, count }, 'opening windows rolled forward')
      changed(domainId)
    }
  })
}
