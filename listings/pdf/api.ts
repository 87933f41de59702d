import { createRoute, z } from '@hono/zod-openapi'
import { pdfQuerySchema } from '#lib/listings'
import type { DomainDoc } from '#lib/content'
import { domainLanguagesOf, offeredLocales, type LocaleCode } from '#lib/locales'
import { AppError, invalidInput } from '../../server/services/errors.ts'
import { createRouter, domainIdOf } from '../../server/api/context.ts'
import { errorResponses, errorSchema } from '../../server/api/schemas.ts'

/** Spec 02 §7 listingsPdf: the event-calendar PDF of the public grid's filtered listings. */

const generatePdf = createRoute({
  method: 'get',
  path: '/generatePdf',
  summary: "The event calendar of the grid's filtered listings as a PDF download",
  description:
    "Same filters as listing/fetch: categoryFilterId, location, search, checkedCategories (a JSON array of tags) and filters (a JSON object of from and to, DD/MM/YYYY or YYYY-MM-DD). lang: the calendar's language (its words, dates and font), one the site offers (400 otherwise), the site's default when absent. The file is named 'Event Calendar <site name>.pdf'. At most 1,000 listings, in the grid's order, grouped by month. A calendar is built once per filters and day and then served from memory (X-Cache: HIT) until listings or the site's settings are published again. When as many calendars as the server lays out at once and queues are already being built, it answers 429 with Retry-After (seconds).",
  // The JSON fields are checked by the service (parsePdfQuery) so every mistake answers the same error shape.
  request: { query: pdfQuerySchema },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    429: {
      description: 'Busy laying out other calendars; Retry-After says when to ask again',
      content: { 'application/json': { schema: errorSchema } },
    },
    ...errorResponses,
  },
})

/** The language a file is asked for in (a calendar, a trip): one the domain offers (400 for any other), its default when none is asked for. */
export function askedLocale(lang: string | undefined, domain: DomainDoc | null): LocaleCode {
  const languages = domainLanguagesOf(domain)
  if (!lang) return languages.default
  const locale = offeredLocales(languages).find((code) => code.toLowerCase() === lang.toLowerCase())
  if (!locale)
    throw invalidInput(`lang must be a language this site offers (${offeredLocales(languages).join(', ')})`, [
      { path: 'lang', message: 'Not offered' },
    ])
  return locale
}

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export const listingsPdfRouter = createRouter().openapi(generatePdf, async (c) => {
  const { listingsPdf } = c.var.services
  const filters = listingsPdf.parseQuery(c.req.query())
  const pdf = await listingsPdf
    .generate(domainIdOf(c), filters, { locale: askedLocale(c.req.query('lang'), c.var.domain) })
    .catch((err: unknown) => {
      const retryAfter =
        err instanceof AppError && err.kind === 'rate_limited'
          ? (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
          : undefined
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
      throw err
    })
  c.header('Content-Type', 'application/pdf')
  c.header('X-Cache', pdf.cached ? 'HIT' : 'MISS')
  c.header('Content-Length', String(pdf.bytes.length))
  c.header('Content-Disposition', contentDisposition(pdf.fileName))
  c.header('Cache-Control', 'no-store')
  return c.body(new Uint8Array(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength) as Uint8Array<ArrayBuffer>, 200)
})
