/**
 * The team's Results (issue 37 point 4): the dashboard's figures for a range of site days, a
 * domain and a language (or all), read from the daily counts only; and each table as CSV.
 */
import { sql, type SQL } from 'drizzle-orm'
import {
  csvOf,
  REFERRAL_KINDS,
  resultsTexts as rt,
  type ReferralKind,
  type ReferralRow,
  type ResultRow,
  type ResultsSummary,
  type ResultTable,
} from '#lib/results'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/query.ts'

export interface ResultsQuery {
  domainId: string
  /** Site days, YYYY-MM-DD, both included. */
  from: string
  to: string
  /** A language code, or null for all. */
  language: string | null
}

/** Rows of each top table. */
const TOP = 25

const TOTAL_KEYS = {
  view: 'views',
  visitors: 'visitors',
  search: 'searches',
  enquiry: 'enquiries',
  referral: 'referrals',
  'trip-share': 'tripShares',
} as const

export function createResultQueries(db: Db) {
  const scope = (q: ResultsQuery, kind: string): SQL =>
    sql`d.domain_id = ${q.domainId} and d.kind = ${kind} and d.day between ${q.from}::date and ${q.to}::date${
      q.language ? sql` and d.language = ${q.language}` : sql``
    }`

  async function top(q: ResultsQuery, kind: string, extra: SQL = sql``, limit = TOP): Promise<{ key: string; count: number }[]> {
    return rowsOf(
      db,
      sql`select d.subject as key, sum(d.count)::int as count from result_daily d where ${scope(q, kind)}${extra}
           group by d.subject order by count desc, d.subject limit ${limit}`,
    )
  }

  /** Top pages or listings, labelled by their published title (or name), else their address. */
  async function topTargets(q: ResultsQuery, target: 'page' | 'listing'): Promise<ResultRow[]> {
    const rows = await rowsOf<{ key: string; count: number; label: string | null }>(
      db,
      sql`with t as (select d.subject, sum(d.count)::int as count from result_daily d
                      where ${scope(q, 'view')} and d.detail = ${target} group by d.subject order by count desc, d.subject limit ${TOP})
          select t.subject as key, t.count,
                 coalesce(nullif(l.name, ''), nullif(p.published_doc->>'title', '')) as label
            from t
            left join pages p on p.domain_id = ${q.domainId} and p.published and p.published_slug = t.subject
            left join listings l on l.id = p.id
           order by t.count desc, t.subject`,
    )
    return rows.map((r) => ({ key: r.key, count: r.count, label: r.label || (r.key ? `/${r.key}` : rt.home) }))
  }

  async function referrals(q: ResultsQuery, operator?: string): Promise<ReferralRow[]> {
    const rows = await rowsOf<{ operator: string; kind: string; count: number; name: string | null }>(
      db,
      sql`select d.subject as operator, d.detail as kind, sum(d.count)::int as count, max(l.name) as name
            from result_daily d left join listings l on l.id = d.subject
           where ${scope(q, 'referral')}${operator === undefined ? sql`` : sql` and d.subject = ${operator}`}
           group by d.subject, d.detail`,
    )
    const byOperator = new Map<string, ReferralRow>()
    for (const r of rows) {
      const row =
        byOperator.get(r.operator) ??
        ({
          operator: r.operator,
          name: r.name || r.operator,
          counts: Object.fromEntries(REFERRAL_KINDS.map((k) => [k, 0])) as Record<ReferralKind, number>,
          total: 0,
        } satisfies ReferralRow)
      if ((REFERRAL_KINDS as readonly string[]).includes(r.kind)) row.counts[r.kind as ReferralKind] += r.count
      row.total += r.count
      byOperator.set(r.operator, row)
    }
    return [...byOperator.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
  }

  async function summary(q: ResultsQuery): Promise<ResultsSummary> {
    const [totals, perDay, topPages, topListings, searches, empty, filters, referrers, devices, months, referralRows, demo] =
      await Promise.all([
        rowsOf<{ kind: string; count: number }>(
          db,
          sql`select d.kind, sum(d.count)::int as count from result_daily d
               where d.domain_id = ${q.domainId} and d.day between ${q.from}::date and ${q.to}::date${
                 q.language ? sql` and d.language = ${q.language}` : sql``
               } and d.kind in ('view', 'visitors', 'search', 'enquiry', 'referral', 'trip-share') group by d.kind`,
        ),
        rowsOf<{ day: string; views: number; visitors: number }>(
          db,
          sql`select g.day::date::text as day,
                     coalesce(sum(d.count) filter (where d.kind = 'view'), 0)::int as views,
                     coalesce(sum(d.count) filter (where d.kind = 'visitors'), 0)::int as visitors
                from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') g(day)
                left join result_daily d on d.day = g.day::date and d.domain_id = ${q.domainId}
                     and d.kind in ('view', 'visitors')${q.language ? sql` and d.language = ${q.language}` : sql``}
               group by g.day order by g.day`,
        ),
        topTargets(q, 'page'),
        topTargets(q, 'listing'),
        top(q, 'search'),
        top(q, 'search', sql` and d.detail = 'none'`),
        top(q, 'filter'),
        top(q, 'referrer'),
        top(q, 'device'),
        rowsOf<{ key: string; count: number }>(
          db,
          sql`select to_char(d.day, 'YYYY-MM') as key, sum(d.count)::int as count from result_daily d
               where ${scope(q, 'enquiry')} group by 1 order by 1`,
        ),
        referrals(q),
        rowsOf<{ demo: boolean }>(
          db,
          sql`select exists (select 1 from result_daily d where d.domain_id = ${q.domainId} and d.demo
                              and d.day between ${q.from}::date and ${q.to}::date) as demo`,
        ),
      ])
    const total = Object.fromEntries(Object.values(TOTAL_KEYS).map((k) => [k, 0])) as ResultsSummary['totals']
    for (const t of totals) total[TOTAL_KEYS[t.kind as keyof typeof TOTAL_KEYS]] = t.count
    const labelled = (rows: { key: string; count: number }[], label: (key: string) => string = (k) => k): ResultRow[] =>
      rows.map((r) => ({ key: r.key, label: label(r.key), count: r.count }))
    return {
      from: q.from,
      to: q.to,
      domainId: q.domainId,
      language: q.language ?? '',
      demo: Boolean(demo[0]?.demo),
      totals: total,
      daily: perDay,
      topPages,
      topListings,
      topSearches: labelled(searches),
      emptySearches: labelled(empty),
      filters: labelled(filters),
      referrers: labelled(referrers),
      devices: labelled(devices, (k) => rt.devices[k] ?? k),
      enquiriesByMonth: labelled(months),
      referrals: referralRows,
    }
  }

  /** One table of the summary as CSV (a header row, then one row per line of the table). */
  function csv(s: ResultsSummary, table: ResultTable): string {
    const c = rt.columns
    switch (table) {
      case 'daily':
        return csvOf([[c.day, c.views, c.visitors], ...s.daily.map((d) => [d.day, d.views, d.visitors])])
      case 'referrals':
        return csvOf([
          [c.operator, ...REFERRAL_KINDS.map((k) => rt.referralKinds[k]), c.total],
          ...s.referrals.map((r) => [r.name, ...REFERRAL_KINDS.map((k) => r.counts[k]), r.total]),
        ])
      default: {
        const heading = {
          topPages: c.page,
          topListings: c.listing,
          topSearches: c.terms,
          emptySearches: c.terms,
          filters: c.filter,
          referrers: c.site,
          devices: c.device,
          enquiriesByMonth: c.month,
        }[table]
        const extra = table === 'topPages' || table === 'topListings'
        return csvOf([
          extra ? [heading, 'Address', c.count] : [heading, c.count],
          ...s[table].map((r) => (extra ? [r.label, `/${r.key}`, r.count] : [r.label, r.count])),
        ])
      }
    }
  }

  /** One operator's referrals, day by day and by kind, for the range: the CSV an operator is sent. */
  async function operatorCsv(q: ResultsQuery, operator: string): Promise<{ name: string; csv: string }> {
    const rows = await rowsOf<{ day: string; kind: string; count: number }>(
      db,
      sql`select d.day::text as day, d.detail as kind, sum(d.count)::int as count from result_daily d
           where ${scope(q, 'referral')} and d.subject = ${operator} group by d.day, d.detail order by d.day`,
    )
    const [named] = await rowsOf<{ name: string }>(db, sql`select name from listings where id = ${operator}`)
    const days = new Map<string, Record<string, number>>()
    for (const r of rows) days.set(r.day, { ...(days.get(r.day) ?? {}), [r.kind]: r.count })
    const c = rt.columns
    return {
      name: named?.name || operator,
      csv: csvOf([
        [c.day, ...REFERRAL_KINDS.map((k) => rt.referralKinds[k]), c.total],
        ...[...days].map(([day, counts]) => {
          const values = REFERRAL_KINDS.map((k) => counts[k] ?? 0)
          return [day, ...values, values.reduce((a, b) => a + b, 0)]
        }),
      ]),
    }
  }

  return { summary, csv, operatorCsv, referrals }
}

export type ResultQueries = ReturnType<typeof createResultQueries>
