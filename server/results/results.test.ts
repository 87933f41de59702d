/**
 * First-party measurement (issue 37) on the real database: beacons through the API, counted once,
 * never with a cookie; bots, DNT/GPC and unknown pages not counted; referrals per operator; the
 * roll-up into daily counts and the raw events' retention; the Results and their CSV; the monthly
 * report in the outbox with its PDF.
 */
import { PDFDocument } from 'pdf-lib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomListing } from '#lib/listings'
import type { ResultsSummary } from '#lib/results'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { rowsOf } from '../db/query.ts'
import { siteDay } from './collector.ts'
import { previousMonth, sendMonthlyReports } from './report.tsx'
import { dropOldEvents, rollUp } from './rollup.ts'
import { seedDemoResults } from './demo.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let t: TestApp
let admin: Caller
let listingSlug: string
const today = siteDay(new Date())

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.request('/api/results/beacon', {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const events = () =>
  rowsOf<{ kind: string; path: string; detail: string; operator: string; visitor: string | null }>(
    t.database.db,
    sql`select * from result_events order by id`,
  )

async function summary(caller: Caller, query = `from=${today}&to=${today}`): Promise<ResultsSummary> {
  const res = await caller.get(`/api/results/summary?${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as ResultsSummary
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RESULTS_FLUSH_SECONDS: '60' } })
  admin = await signIn(t, { username: 'results-admin', password: 'results-password', roles: ['admin'] })
  const listing = newCustomListing('custom-results', 'Results Picnic')
  expect((await admin.post('/api/listing/save', { listing })).status).toBe(200)
  expect((await admin.post('/api/listing/publishListing', { listing: { _id: listing._id } })).status).toBe(200)
  const [row] = await rowsOf<{ slug: string }>(t.database.db, sql`select published_slug as slug from pages where id = 'custom-results'`)
  listingSlug = row!.slug
}, 60_000)
afterAll(() => t?.close())

describe('the beacon', () => {
  it('answers 204 without a cookie, and counts one view per beacon, of a known page only', async () => {
    const res = await beacon({ k: 'view', p: '/', w: 390, r: 'www.Google.com' }, { cookie: 'consent=declined' })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.text()).toBe('')
    // Held in memory: nothing is written in the request.
    expect(await events()).toEqual([])
    await beacon({ k: 'view', p: '/no-such-page-anywhere', w: 1200 })
    await t.services.results.collector.flush()
    const rows = await events()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'view', path: '', detail: '' })
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{16}$/)
    const [stored] = await rowsOf<{ referrer: string; device: string }>(t.database.db, sql`select referrer, device from result_events`)
    expect(stored).toEqual({ referrer: 'google.com', device: 'mobile' })
  })

  it('counts nothing from bots, from browsers that send DNT or Sec-GPC, or without a user agent', async () => {
    const before = (await events()).length
    expect((await beacon({ k: 'view', p: '/' }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(204)
    expect((await beacon({ k: 'view', p: '/' }, { dnt: '1' })).status).toBe(204)
    expect((await beacon({ k: 'view', p: '/' }, { 'sec-gpc': '1' })).status).toBe(204)
    expect((await beacon({ k: 'view', p: '/' }, { 'user-agent': '' })).status).toBe(204)
    await t.services.results.collector.flush()
    expect(await events()).toHaveLength(before)
  })

  it('refuses what is not a beacon with a 400 of the API error shape, and a cross-site one with 403', async () => {
    const bad = await beacon('not json')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input')
    expect((await beacon({ k: 'nonsense', p: '/' })).status).toBe(400)
    expect((await beacon({ k: 'view', p: 'no-slash' })).status).toBe(400)
    expect((await beacon('x'.repeat(5000))).status).toBe(413)
    expect((await beacon({ k: 'view', p: '/' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
  })

  it('counts referrals per operator from a listing page, and searches, filters and trips shared', async () => {
    for (const d of ['book', 'website', 'phone', 'email', 'website'])
      expect((await beacon({ k: 'referral', p: `/${listingSlug}`, d })).status).toBe(204)
    // A referral from a page that is not a listing has no operator: not counted.
    await beacon({ k: 'referral', p: '/', d: 'website' })
    await beacon({ k: 'search', p: '/search', q: '  Dog   Friendly ', f: false })
    await beacon({ k: 'search', p: '/search', q: 'wineries', f: true })
    await beacon({ k: 'filter', p: '/', n: ['category', 'dates', 'category'] })
    await beacon({ k: 'trip-share', p: '/favourites' })
    await t.services.results.collector.flush()
    const referrals = (await events()).filter((e) => e.kind === 'referral')
    expect(referrals.map((r) => [r.operator, r.detail])).toEqual([
      ['custom-results', 'book'],
      ['custom-results', 'website'],
      ['custom-results', 'phone'],
      ['custom-results', 'email'],
      ['custom-results', 'website'],
    ])
    const s = await summary(admin)
    expect(s.referrals).toEqual([
      { operator: 'custom-results', name: 'Results Picnic', counts: { book: 1, website: 2, phone: 1, email: 1, social: 0 }, total: 5 },
    ])
    expect(s.totals).toMatchObject({ views: 1, searches: 2, referrals: 5, tripShares: 1 })
    expect(s.emptySearches).toEqual([{ key: 'dog friendly', label: 'dog friendly', count: 1 }])
    expect(s.filters.map((f) => [f.key, f.count])).toEqual([
      ['category', 1],
      ['dates', 1],
    ])
    expect(s.referrers).toEqual([{ key: 'google.com', label: 'google.com', count: 1 }])
    expect(s.topPages[0]).toMatchObject({ key: '', count: 1 })
    expect(s.daily).toEqual([{ day: today, views: 1, visitors: 1 }])
    expect(s.demo).toBe(false)
  })

  it('counts an enquiry once it is stored', async () => {
    const res = await t.app.request('/api/conciergeForm/submit', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          firstName: 'Ann',
          surname: 'Visitor',
          email: 'ann@example.com',
          phone: '0400 000 000',
          preferredContact: 'Email',
          numOfPeople: 2,
          numOfChildren: 0,
          activities: ['Golf'],
          budgetPerNight: 250,
          comments: 'Hello there',
        },
      }),
    })
    expect(res.status).toBe(200)
    const s = await summary(admin)
    expect(s.totals.enquiries).toBe(1)
    expect(s.enquiriesByMonth).toEqual([{ key: today.slice(0, 7), label: today.slice(0, 7), count: 1 }])
  })

  it('writes on close what it acknowledged', async () => {
    await beacon({ k: 'view', p: '/', w: 1400 })
    expect(t.services.results.collector.stats().held).toBe(1)
    await t.services.results.collector.close()
    expect(t.services.results.collector.stats().held).toBe(0)
    expect((await events()).filter((e) => e.kind === 'view')).toHaveLength(2)
  })
})

describe('the Results', () => {
  it('are for publishers and admins only, and check their range', async () => {
    const editor = await signIn(t, { username: 'results-editor', password: 'results-password', roles: ['editor'] })
    expect((await editor.get(`/api/results/summary?from=${today}&to=${today}`)).status).toBe(403)
    const publisher = await signIn(t, { username: 'results-publisher', password: 'results-password', roles: ['publisher'] })
    expect((await publisher.get(`/api/results/summary?from=${today}&to=${today}`)).status).toBe(200)
    expect((await admin.get('/api/results/summary?from=2026-02-30&to=2026-03-01')).status).toBe(400)
    expect((await admin.get('/api/results/summary?from=2026-03-02&to=2026-03-01')).status).toBe(400)
    expect((await admin.get(`/api/results/summary?from=${today}&to=${today}&language=fr`)).status).toBe(400)
  })

  it('download each table as CSV, and one operator’s referrals', async () => {
    const res = await admin.get(`/api/results/csv?from=${today}&to=${today}&table=referrals`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    expect(await res.text()).toBe('Operator,Book Now,Website,Phone,E-mail,Social,Total\r\nResults Picnic,1,2,1,1,0,5\r\n')
    const searches = await (await admin.get(`/api/results/csv?from=${today}&to=${today}&table=emptySearches`)).text()
    expect(searches).toBe('Search terms,Count\r\ndog friendly,1\r\n')
    const operator = await admin.get(`/api/results/operatorCsv?from=${today}&to=${today}&operator=custom-results`)
    expect(await operator.text()).toBe(`Day,Book Now,Website,Phone,E-mail,Social,Total\r\n${today},1,2,1,1,0,5\r\n`)
  })
})

describe('roll-up and retention', () => {
  it('rolls raw events up into daily counts, and drops raw rows past the retention while the counts stay', async () => {
    const db = t.database.db
    // Events of 40 days ago, as if the server had been down: rolled up, then dropped by the 30-day retention.
    await db.execute(sql`insert into result_events (at, day, domain_id, language, kind, path, target)
                         select now() - interval '40 days', ${today}::date - 40, 'barossa', 'en', 'view', '', 'page' from generate_series(1, 3)`)
    // The roll-up of the newest day only catches up from the newest day rolled up: clear the counts first.
    await db.execute(sql`delete from result_daily`)
    const days = await rollUp(db)
    expect(days[0]).toBe(new Date(Date.parse(`${today}T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10))
    expect(await dropOldEvents(db, 30)).toBe(3)
    expect(await dropOldEvents(db, 30)).toBe(0)
    const from = days[0]!
    const s = await summary(admin, `from=${from}&to=${today}`)
    expect(s.totals.views).toBe(5)
    expect(s.daily[0]).toEqual({ day: from, views: 3, visitors: 0 })
    // Rolling up again changes nothing (a day's counts are replaced, not added to).
    await rollUp(db)
    expect((await summary(admin, `from=${from}&to=${today}`)).totals.views).toBe(5)
  })
})

describe('the monthly report', () => {
  it('is sent to every admin through the outbox, with the headline figures and a PDF', async () => {
    const now = new Date()
    const month = previousMonth(now)
    await seedDemoResults(t.database.db, 'eden-valley', 'en', now)
    const sent = await sendMonthlyReports(
      { db: t.database.db, mailer: t.services.mailer, queries: t.services.results.queries, domains: await t.services.domains.list() },
      now,
    )
    expect(sent).toBeGreaterThan(0)
    const mails = (await t.services.mailer.recent(50)).filter((m) => m.to === 'results-admin@example.com')
    const eden = mails.find((m) => m.subject.includes(month.label) && m.subject.startsWith('Eden'))
    expect(eden, mails.map((m) => m.subject).join(' | ')).toBeTruthy()
    expect(eden!.text).toContain('Page views: ')
    expect(eden!.text).toContain('Demo data')
    const [attachment] = eden!.attachments ?? []
    expect(attachment).toMatchObject({ contentType: 'application/pdf' })
    const pdf = await PDFDocument.load(Buffer.from(attachment!.content, 'base64'))
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toBe(`Results for ${month.label}`)
    // Not to editors who are not admins.
    expect((await t.services.mailer.recent(100)).some((m) => m.to === 'results-editor@example.com')).toBe(false)
  })
})
