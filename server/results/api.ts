import { createRoute, z } from '@hono/zod-openapi'
import { domainLanguagesOf, offeredLocales } from '#lib/locales'
import { RESULT_TABLES, type ReferralKind, type ResultTable } from '#lib/results'
import { roleRoute } from '../api/access.ts'
import { clientIp } from '../api/client.ts'
import { createRouter, domainIdOf } from '../api/context.ts'
import { errorResponses, errorSchema, json } from '../api/schemas.ts'
import { AppError, invalidInput } from '../services/errors.ts'
import { beaconSchema, MAX_BEACON_BYTES } from './collector.ts'
import type { ResultsQuery } from './queries.ts'

/** A referral row's count of each kind (every kind present, zero when none). */
const referralCounts = {
  book: z.number(),
  website: z.number(),
  phone: z.number(),
  email: z.number(),
  social: z.number(),
} satisfies Record<ReferralKind, z.ZodNumber>

/**
 * Measurement and the team's Results (issue 37). The beacon is public (a visitor's page sends it,
 * signed in or not, consent or not: nothing personal is kept); the Results are read by
 * publishers and admins, who report to the board and the operators.
 */

/** Results are for publishers and admins (roleRoute: an admin has every role). */
const RESULTS_ROLE = 'publisher'

/** The longest range the dashboard asks for at once (three years of days). */
const MAX_RANGE_DAYS = 3 * 366

const beacon = createRoute({
  method: 'post',
  path: '/beacon',
  summary: 'A visitor page reports a view, search, filter, trip shared or referral (navigator.sendBeacon, no cookie set or read)',
  description:
    'Body: JSON sent as text/plain (so the browser needs no preflight), at most 4 KB: { k: kind, p: the page address, r?: referring host, w?: viewport width, q?/f?: search terms and whether anything was found, n?: filter names, d?: referral kind }. Answers 204 without a body whether or not the event is counted (bots, DNT or Sec-GPC, the rate limit, unknown pages are not), so a flood learns nothing; nothing is written in the request: events are written every few seconds.',
  request: {
    body: { content: { 'text/plain': { schema: z.string().openapi({ example: '{"k":"view","p":"/stay","w":390}' }) } }, required: true },
  },
  responses: { 204: { description: 'Received' }, ...errorResponses },
})

const rangeQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  domainId: z.string().min(1).max(100).optional(),
  language: z.string().max(20).optional(),
})

const rowSchema = z.object({ key: z.string(), label: z.string(), count: z.number() })
const summarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    domainId: z.string(),
    language: z.string(),
    demo: z.boolean(),
    totals: z.object({
      views: z.number(),
      visitors: z.number(),
      searches: z.number(),
      enquiries: z.number(),
      referrals: z.number(),
      tripShares: z.number(),
    }),
    daily: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
    topPages: z.array(rowSchema),
    topListings: z.array(rowSchema),
    topSearches: z.array(rowSchema),
    emptySearches: z.array(rowSchema),
    filters: z.array(rowSchema),
    referrers: z.array(rowSchema),
    devices: z.array(rowSchema),
    enquiriesByMonth: z.array(rowSchema),
    referrals: z.array(
      z.object({
        operator: z.string(),
        name: z.string(),
        counts: z.object(referralCounts),
        total: z.number(),
      }),
    ),
  })
  .openapi('ResultsSummary')

const summary = roleRoute(RESULTS_ROLE, {
  method: 'get',
  path: '/summary',
  summary:
    "The Results: visits, top pages and listings, searches, enquiries, referrals by operator, for a range of the site's days, a domain and a language",
  request: { query: rangeQuery },
  responses: { 200: json(summarySchema, 'The figures'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

const csv = roleRoute(RESULTS_ROLE, {
  method: 'get',
  path: '/csv',
  summary: 'One table of the Results as CSV',
  request: { query: rangeQuery.extend({ table: z.enum(RESULT_TABLES) }) },
  responses: {
    200: { description: 'The table', content: { 'text/csv': { schema: z.string() } } },
    401: json(errorSchema, 'Not signed in'),
    ...errorResponses,
  },
})

const operatorCsv = roleRoute(RESULTS_ROLE, {
  method: 'get',
  path: '/operatorCsv',
  summary: "One operator's referrals by day and kind, as CSV to send on",
  request: { query: rangeQuery.extend({ operator: z.string().min(1).max(200) }) },
  responses: {
    200: { description: 'The referrals', content: { 'text/csv': { schema: z.string() } } },
    401: json(errorSchema, 'Not signed in'),
    ...errorResponses,
  },
})

type Ctx = Parameters<Parameters<ReturnType<typeof createRouter>['openapi']>[1]>[0]

/** The range, domain and language asked for, checked: a clear 400 for a wrong one. */
async function queryOf(c: Ctx, q: z.infer<typeof rangeQuery>): Promise<ResultsQuery> {
  const from = Date.parse(`${q.from}T00:00:00Z`)
  const to = Date.parse(`${q.to}T00:00:00Z`)
  if (
    Number.isNaN(from) ||
    Number.isNaN(to) ||
    new Date(from).toISOString().slice(0, 10) !== q.from ||
    new Date(to).toISOString().slice(0, 10) !== q.to
  )
    throw invalidInput('from and to must be real dates (YYYY-MM-DD)', [{ path: 'from', message: 'Not a date' }])
  if (from > to) throw invalidInput('from must be on or before to', [{ path: 'from', message: 'After to' }])
  if ((to - from) / 86_400_000 > MAX_RANGE_DAYS)
    throw invalidInput(`A range is at most ${MAX_RANGE_DAYS} days`, [{ path: 'to', message: 'Too far' }])
  const domainId = domainIdOf(c, q.domainId)
  if (q.language && !offeredLocales(domainLanguagesOf(await c.var.services.domains.byId(domainId))).some((l) => l === q.language))
    throw invalidInput('language must be one the domain offers', [{ path: 'language', message: 'Not offered' }])
  return { domainId, from: q.from, to: q.to, language: q.language ? q.language : null }
}

const csvHeaders = (c: Ctx, name: string) => {
  c.header('Content-Type', 'text/csv; charset=utf-8')
  c.header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]+/g, '-')}"`)
  c.header('Cache-Control', 'private, no-store')
}

export const resultsRouter = createRouter()
  .openapi(beacon, async (c) => {
    const { services } = c.var
    // No database here: the domain comes from the cached list, the rest is held in memory.
    c.header('Cache-Control', 'no-store')
    const text = await c.req.text()
    if (text.length > MAX_BEACON_BYTES) throw new AppError('too_large', `A beacon is at most ${MAX_BEACON_BYTES} bytes`)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw invalidInput('The body must be JSON')
    }
    const body = beaconSchema.safeParse(parsed)
    if (!body.success)
      throw invalidInput(
        'Not a beacon',
        body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      )
    const domain = c.var.domain
    if (domain)
      await services.results.collector.beacon(body.data, domain, {
        ip: clientIp(c, services.config.auth.trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
        dnt: c.req.header('dnt'),
        gpc: c.req.header('sec-gpc'),
      })
    return c.body(null, 204)
  })
  .openapi(summary, async (c) => {
    const q = await queryOf(c, c.req.valid('query'))
    await c.var.services.results.refresh()
    c.header('Cache-Control', 'private, no-store')
    return c.json(await c.var.services.results.queries.summary(q), 200)
  })
  .openapi(csv, async (c) => {
    const query = c.req.valid('query')
    const q = await queryOf(c, query)
    await c.var.services.results.refresh()
    const { results } = c.var.services
    const table = query.table as ResultTable
    csvHeaders(c, `results-${table}-${q.from}-${q.to}.csv`)
    return c.body(results.queries.csv(await results.queries.summary(q), table), 200)
  })
  .openapi(operatorCsv, async (c) => {
    const query = c.req.valid('query')
    const q = await queryOf(c, query)
    await c.var.services.results.refresh()
    const { name, csv: text } = await c.var.services.results.queries.operatorCsv(q, query.operator)
    csvHeaders(c, `referrals-${name}-${q.from}-${q.to}.csv`)
    return c.body(text, 200)
  })
