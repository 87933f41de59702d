/**
 * How big a year of measurement gets (issue 37 point 3): generates a busy region's year — 5 million
 * page views by default, over 300 pages and 2,500 listings in three languages, with searches,
 * filters, referrals, enquiries and trips shared in proportion — day by day into the raw events,
 * rolls each day up and applies the raw retention as the server's job does (server/results), then
 * reports the tables' sizes in MB. On PGlite in a temporary folder, or on PostgreSQL with
 * DATABASE_URL (a database of its own: the script empties the results tables).
 *
 *   npx tsx scripts/results-year.ts [views per year, default 5000000] [raw days, default 30]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/db/client.ts'
import { rowsOf } from '../server/db/query.ts'
import { dropOldEvents, rollUp, vacuumResults } from '../server/results/rollup.ts'

const viewsPerYear = Number(process.argv[2] ?? 5_000_000)
const rawDays = Number(process.argv[3] ?? 30)
const url = process.env.DATABASE_URL
const dataDir = url ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'results-year-'))
const database = await openDatabase({ url, dataDir, owner: { kind: 'cli', description: 'results-year' } })
await database.migrate()
const { db } = database
await db.execute(sql`truncate result_events, result_daily, result_salts`)

const start = Date.parse('2026-01-01T12:00:00Z')
const perDay = Math.round(viewsPerYear / 365)
const began = Date.now()
for (let d = 0; d < 365; d++) {
  const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10)
  // Weekends are busier; the daily total still averages viewsPerYear / 365.
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
  const views = Math.round(perDay * (weekday === 0 || weekday === 6 ? 1.25 : 0.9))
  // Page views: 30 % pages (300), 70 % listings (2,500), a long tail (power of a random number);
  // visitors drawn from a pool of 40 % of the day's views; 40 referring sites; 3 device classes.
  await db.execute(sql`
    insert into result_events (at, day, domain_id, language, kind, path, target, referrer, device, visitor)
    select ${day}::timestamptz + r1 * interval '1 day', ${day}::date, 'busy',
           case when r2 < 0.8 then 'en' when r2 < 0.92 then 'zh-Hans' else 'de' end, 'view',
           case when r3 < 0.3 then 'page-' || floor(300 * power(r4, 3))::int else 'listing/listing-' || floor(2500 * power(r4, 3))::int end,
           case when r3 < 0.3 then 'page' else 'listing' end,
           case when r5 < 0.45 then 'site-' || floor(40 * power(r6, 2))::int || '.example' else '' end,
           case when r6 < 0.62 then 'mobile' when r6 < 0.93 then 'desktop' else 'tablet' end,
           substr(md5(${day} || floor(r7 * ${Math.round(views * 0.4)})::int::text), 1, 16)
      from (select random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7
              from generate_series(1, ${views})) x`)
  // Searches (8 % of views; 3,000 terms, 15 % finding nothing), filters (10 %), referrals (3 %),
  // enquiries (20 a day) and trips shared (30 a day).
  await db.execute(sql`
    insert into result_events (at, day, domain_id, language, kind, path, detail, found, operator)
    select ${day}::timestamptz + r1 * interval '1 day', ${day}::date, 'busy', 'en', kind,
           case kind when 'search' then 'search' when 'referral' then 'listing/listing-' || floor(2500 * power(r2, 3))::int else '' end,
           case kind when 'search' then 'terms ' || floor(3000 * power(r2, 3))::int
                     when 'filter' then (array['category', 'keywords', 'dates', 'location', 'tags'])[1 + floor(r3 * 5)::int]
                     when 'referral' then (array['book', 'website', 'phone', 'email', 'social'])[1 + floor(r3 * 5)::int]
                     else '' end,
           case when kind = 'search' then r3 > 0.15 end,
           case when kind = 'referral' then 'listing-' || floor(2500 * power(r2, 3))::int else '' end
      from (select random() r1, random() r2, random() r3,
                   case when g <= ${Math.round(views * 0.08)} then 'search'
                        when g <= ${Math.round(views * 0.18)} then 'filter'
                        when g <= ${Math.round(views * 0.21)} then 'referral'
                        when g <= ${Math.round(views * 0.21) + 20} then 'enquiry'
                        else 'trip-share' end as kind
              from generate_series(1, ${Math.round(views * 0.21) + 50}) g) x`)
  await rollUp(db)
  // The job's roll-up runs every five minutes; the retention and vacuum once a day, as here.
  if ((await dropOldEvents(db, rawDays, new Date(`${day}T12:00:00Z`))) > 0) await vacuumResults(db)
  if (d % 30 === 29) console.log(`day ${d + 1}: ${Math.round((Date.now() - began) / 1000)} s`)
}

const sizes = await rowsOf<{ name: string; rows: number; mb: number }>(
  db,
  sql`select c.relname as name, (select count(*) from result_daily)::int * (c.relname = 'result_daily')::int
                                + (select count(*) from result_events)::int * (c.relname = 'result_events')::int as rows,
             round(pg_total_relation_size(c.oid) / 1024.0 / 1024.0, 1)::float as mb
        from pg_class c where c.relname in ('result_daily', 'result_events') order by 1`,
)
const total = sizes.reduce((a, s) => a + s.mb, 0)
console.log(`${database.kind}: a year of ${viewsPerYear.toLocaleString('en')} page views, raw events kept ${rawDays} days`)
for (const s of sizes) console.log(`  ${s.name}: ${s.rows.toLocaleString('en')} rows, ${s.mb} MB (with indexes)`)
console.log(`  together: ${total.toFixed(1)} MB`)
await database.close()
if (dataDir) {
  const folderMb = folderSize(dataDir) / 1024 / 1024
  console.log(`  the whole embedded database folder: ${folderMb.toFixed(1)} MB`)
  fs.rmSync(dataDir, { recursive: true, force: true })
}

function folderSize(dir: string): number {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    bytes += entry.isDirectory() ? folderSize(full) : fs.statSync(full).size
  }
  return bytes
}
