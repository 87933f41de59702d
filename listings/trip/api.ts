import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { openingTimeSchema } from '#lib/listings'
import { MAX_SHARE_CHARS, MAX_STOPS } from '#lib/trip/model'
import { clientIp } from '../../server/api/client.ts'
import { createRouter, domainIdOf, type ApiEnv } from '../../server/api/context.ts'
import { errorResponses, errorSchema, json } from '../../server/api/schemas.ts'
import { MAX_ROUTE_POINTS } from '../../server/integrations/routing/osrm.ts'
import { askedLocale } from '../pdf/api.ts'

/**
 * The trip planner's calls (issue 35 point 1), public: a visitor's trip lives in their browser,
 * and these read the site for it. Each counts against the caller's address (RATE_LIMIT_SEARCH a
 * minute); nothing is stored.
 */

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const lang = z.string().max(20).optional()

const stopSchema = z
  .object({
    path: z.string(),
    kind: z.enum(['listing', 'page']),
    title: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    address: z.string(),
    event: z.object({ start: z.string(), end: z.string(), days: z.array(z.string()) }).nullable(),
    // The provider's opening times as stored (the planner's closed-day check reads them); null when none.
    openingTime: openingTimeSchema.nullable(),
  })
  .openapi('TripStop')

const stopsRoute = createRoute({
  method: 'post',
  path: '/stops',
  summary: "What the site says about a trip's stops: title, position, address, event dates, opening times",
  description: `paths: the stops' addresses on this site ('/listing/x', '/about'), at most ${MAX_STOPS}. Answers the published ones, in the order asked, in the language lang names (one the site offers; its default otherwise); the others are left out.`,
  request: body(z.object({ paths: z.array(z.string().max(301)).max(MAX_STOPS), lang }).strict()),
  responses: {
    200: json(z.object({ stops: z.array(stopSchema) }), 'The stops found'),
    429: json(errorSchema, 'Too many calls'),
    ...errorResponses,
  },
})

const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict()
const routeRoute = createRoute({
  method: 'post',
  path: '/route',
  summary: "Driving distance and time between a day's consecutive stops, from the routing provider (OSRM_URL)",
  description: `points: 2 to ${MAX_ROUTE_POINTS} positions in visiting order. legs: one per pair, km and minutes. 503 when no routing service is configured (the planner's straight-line estimate stands) or it fails.`,
  request: body(z.object({ points: z.array(point).min(2).max(MAX_ROUTE_POINTS) }).strict()),
  responses: {
    200: json(z.object({ legs: z.array(z.object({ km: z.number(), minutes: z.number() })) }), 'The legs'),
    429: json(errorSchema, 'Too many calls'),
    503: json(errorSchema, 'No routing service, or it failed'),
    ...errorResponses,
  },
})

const pdfRoute = createRoute({
  method: 'post',
  path: '/pdf',
  summary: 'The trip as a PDF download, laid out by the event calendar’s PDF worker threads',
  description: `trip: the share link's payload (base64url, at most ${MAX_SHARE_CHARS} characters); lang: the PDF's language (one the site offers, 400 otherwise). 429 with Retry-After when the PDF threads and their queue are busy.`,
  request: body(z.object({ trip: z.string().max(MAX_SHARE_CHARS), lang }).strict()),
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    429: json(errorSchema, 'Busy, or too many calls; Retry-After says when to ask again'),
    ...errorResponses,
  },
})

async function counted(c: Context<ApiEnv>) {
  await c.var.services.rateLimits.tripFrom(clientIp(c, c.var.services.config.auth.trustProxy))
}

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export const tripRouter = createRouter()
  .openapi(stopsRoute, async (c) => {
    const { paths, lang: asked } = c.req.valid('json')
    const locale = askedLocale(asked, c.var.domain)
    await counted(c)
    return c.json({ stops: await c.var.services.trips.stops(domainIdOf(c), paths, locale) }, 200)
  })
  .openapi(routeRoute, async (c) => {
    const { points } = c.req.valid('json')
    await counted(c)
    return c.json({ legs: await c.var.services.trips.route(points) }, 200)
  })
  .openapi(pdfRoute, async (c) => {
    const { trip, lang: asked } = c.req.valid('json')
    const locale = askedLocale(asked, c.var.domain)
    await counted(c)
    const pdf = await c.var.services.trips.pdf(domainIdOf(c), trip, locale).catch((err: unknown) => {
      const retryAfter = (err as { kind?: string; details?: { retryAfterSeconds?: unknown } }).details?.retryAfterSeconds
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
      throw err
    })
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Length', String(pdf.bytes.length))
    c.header('Content-Disposition', contentDisposition(pdf.fileName))
    c.header('Cache-Control', 'no-store')
    return c.body(new Uint8Array(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength) as Uint8Array<ArrayBuffer>, 200)
  })
