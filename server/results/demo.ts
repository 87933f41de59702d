/**
 * The demo's history (issue 37 point 6): a generated, plausible quarter of daily counts for a
 * domain, marked `demo` so the dashboard and the report say so. Made from the domain's own
 * published pages and listings, with weekends busier, so the first visit of the dashboard shows
 * figures that look like a region's. Written once, when the domain has no counts yet.
 */
import { sql } from 'drizzle-orm'
import { REFERRAL_KINDS } from '#lib/results'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/query.ts'
import { resultDaily } from '../db/schema.ts'
import { siteDay } from './collector.ts'

/** Days of generated history before today. */
export const DEMO_DAYS = 91

const SEARCHES: [string, boolean][] = [
  ['wineries', true],
  ['cellar door', true],
  ['accommodation', true],
  ['penfolds', true],
  ['markets', true],
  ['dog friendly', false],
  ['ev charging', false],
  ['gluten free', true],
  ['hot air balloon', true],
  ['bike hire', false],
  ['playground', false],
  ['vintage festival', true],
]
const REFERRERS = ['google.com', 'southaustralia.com', 'facebook.com', 'instagram.com', 'tripadvisor.com.au', 'bing.com']
const FILTERS = ['category', 'keywords', 'dates', 'location', 'tags']

/** A small seeded generator (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Writes the quarter for a domain unless it has counts already; answers how many rows were written. */
export async function seedDemoResults(db: Db, domainId: string, language = 'en', now = new Date()): Promise<number> {
  const [existing] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from result_daily where domain_id = ${domainId}`)
  if (existing && existing.n > 0) return 0
  const targets = await rowsOf<{ slug: string; collection: string; id: string }>(
    db,
    sql`select published_slug as slug, collection, id from pages
         where domain_id = ${domainId} and published and published_slug is not null
         order by collection desc, id limit 80`,
  )
  if (!targets.length) return 0
  const listingTargets = targets.filter((t) => t.collection === 'listings')
  const rand = random(37)
  const rows: (typeof resultDaily.$inferInsert)[] = []
  const today = new Date(`${siteDay(now)}T12:00:00Z`)
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const date = new Date(today.getTime() - back * 86_400_000)
    const day = date.toISOString().slice(0, 10)
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6
    const base = (weekend ? 1300 : 850) * (0.85 + rand() * 0.3)
    const push = (kind: string, subject: string, detail: string, count: number) => {
      if (count > 0) rows.push({ day, domainId, language, kind, subject, detail, count: Math.round(count), demo: true })
    }
    let views = 0
    targets.forEach((t, i) => {
      // A long tail: the first few pages take most views.
      const count = Math.round((base / (i + 2)) * (0.6 + rand() * 0.8))
      views += count
      push('view', t.slug, t.collection === 'listings' ? 'listing' : 'page', count)
    })
    push('visitors', '', '', views * (0.38 + rand() * 0.06))
    push('device', 'mobile', '', views * 0.62)
    push('device', 'desktop', '', views * 0.31)
    push('device', 'tablet', '', views * 0.07)
    REFERRERS.forEach((r, i) => push('referrer', r, '', (views * 0.3) / (i + 1.5)))
    SEARCHES.forEach(([terms, found], i) => push('search', terms, found ? 'found' : 'none', (rand() * 30) / (i + 1) + (found ? 2 : 0)))
    FILTERS.forEach((f, i) => push('filter', f, '', (rand() * 60) / (i + 1)))
    push('enquiry', '', '', rand() * (weekend ? 9 : 5))
    push('trip-share', '', '', rand() * 6)
    listingTargets.slice(0, 20).forEach((t, i) => {
      REFERRAL_KINDS.forEach((kind, k) => push('referral', t.id, kind, (rand() * 24) / (i + 1) / (k + 1)))
    })
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(resultDaily)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
  return rows.length
}
