/**
 * Kept small for years (issue 37 point 3): the raw events roll up into daily counts, and raw rows
 * older than RESULTS_RAW_DAYS are deleted. A day is rolled up again (its counts replaced) while it
 * still has raw events at or after the newest day rolled up, so today's figures follow the events
 * and a day missed while the server was down is caught up.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/query.ts'
import { siteDay } from './collector.ts'

/** Rolls up every day that may have changed; answers the days rolled up. */
export async function rollUp(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const days = (
      await rowsOf<{ day: string }>(
        tx,
        sql`select distinct day::text as day from result_events
             where day >= coalesce((select max(day) from result_daily where not demo), '1970-01-01'::date)
             order by 1`,
      )
    ).map((r) => r.day)
    if (!days.length) return days
    const list = sql.join(
      days.map((d) => sql`${d}::date`),
      sql`, `,
    )
    await tx.execute(sql`delete from result_daily where day in (${list})`)
    await tx.execute(sql`
      insert into result_daily (day, domain_id, language, kind, subject, detail, count)
      select day, domain_id, language, 'view', path, target, count(*)::int from result_events
        where kind = 'view' and day in (${list}) group by day, domain_id, language, path, target
      union all
      select day, domain_id, language, 'visitors', '', '', count(distinct visitor)::int from result_events
        where kind = 'view' and visitor is not null and day in (${list}) group by day, domain_id, language
      union all
      select day, domain_id, language, 'referrer', referrer, '', count(*)::int from result_events
        where kind = 'view' and referrer <> '' and day in (${list}) group by day, domain_id, language, referrer
      union all
      select day, domain_id, language, 'device', device, '', count(*)::int from result_events
        where kind = 'view' and device <> '' and day in (${list}) group by day, domain_id, language, device
      union all
      select day, domain_id, language, 'search', detail, case when found is false then 'none' else 'found' end, count(*)::int
        from result_events where kind = 'search' and day in (${list})
        group by day, domain_id, language, detail, case when found is false then 'none' else 'found' end
      union all
      select day, domain_id, language, kind, case when kind = 'referral' then operator else detail end,
             case when kind = 'referral' then detail else '' end, count(*)::int
        from result_events where kind in ('filter', 'enquiry', 'trip-share', 'referral') and day in (${list})
        group by day, domain_id, language, kind, case when kind = 'referral' then operator else detail end,
                 case when kind = 'referral' then detail else '' end
    `)
    return days
  })
}

/** Deletes raw events older than `rawDays` site days (the daily counts stay); answers how many went. */
export async function dropOldEvents(db: Db, rawDays: number, now = new Date()): Promise<number> {
  const today = siteDay(now)
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from result_events where day < ${today}::date - ${rawDays}::int returning 1) select count(*)::int as n from gone`,
  )
  return rows[0]?.n ?? 0
}

/**
 * Makes the space of deleted rows reusable (PGlite runs no autovacuum; on PostgreSQL this is what
 * autovacuum would do): the roll-up replaces today's counts every few minutes and the retention
 * deletes a day of raw events daily, so without it the tables would only grow.
 */
export async function vacuumResults(db: Db): Promise<void> {
  await db.execute(sql`vacuum result_events, result_daily`)
}
