/**
 * Events into a visitor's calendar (issue 35 point 2): one event's `.ics` ("Add to calendar" on its
 * page) and a grid's subscription feed (`webcal:`), exactly the grid's filtered events, read from the
 * grid's own address parameters (listings/grid-filters.ts). Both are visitor answers cached like
 * pages: tagged with the domain's listings (decision 031), purged when a listing or category changes.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { plainText } from '#lib/html-text'
import { fetchRequestSchema, localiseListing, type Listing, type ListingCard } from '#lib/listings'
import { localePath, domainLanguagesOf, type LocaleCode } from '#lib/locales'
import { siteTextsOf } from '#lib/site-texts/index'
// Every language's texts, as on the server's pages (the feed's name in the grid's language).
import '#lib/site-texts/all'
import { createRouter, domainIdOf, visitorCacheable } from '../../server/api/context.ts'
import { errorResponses } from '../../server/api/schemas.ts'
import { invalidInput, notFound } from '../../server/services/errors.ts'
import { originOf } from '../../server/seo.ts'
import { fetchRequest, filtersFromSearch } from '../grid-filters.ts'
import { askedLocale, contentDisposition } from '../pdf/api.ts'
import { eventsCalendar, type CalendarEventInput } from './ics.ts'

/** Events a feed holds at most (as the PDF calendar), in the grid's order. */
export const FEED_MAX_EVENTS = 1000
const FETCH_PAGE = 100
/** How often a subscribed calendar is asked to fetch the feed again. */
export const FEED_REFRESH_SECONDS = 6 * 3600

const ICS = 'text/calendar; charset=utf-8'
const icsBody = { 200: { description: 'An iCalendar file (RFC 5545)', content: { 'text/calendar': { schema: z.string() } } } }

const eventIcs = createRoute({
  method: 'get',
  path: '/event.ics',
  summary: "One event listing as an iCalendar file ('Add to calendar')",
  description:
    "The published event listing `id` as a VEVENT: its occurrences (the provider's dates and times, on Adelaide's clock with the zone's VTIMEZONE; a regular series as an RRULE, other dates as RDATEs), its name, description, venue and page address. The UID is `<id>@<site host>`, so importing it again updates the event. lang: the language of the name and description, one the site offers (400 otherwise). 404 when the listing is not published or has no dates.",
  request: { query: z.object({ id: z.string().min(1).max(200), lang: z.string().max(20).optional() }) },
  responses: { ...icsBody, ...errorResponses },
})

const eventsFeed = createRoute({
  method: 'get',
  path: '/events.ics',
  summary: "A grid's events as a calendar feed (subscribe with webcal:)",
  description:
    "The events a listing grid shows for its filters, as one calendar: the grid's own address parameters (name, location, from, to, category...) and categoryFilterId, the block's category. At most 1,000 listings, in the grid's order; listings without dates are left out. lang as for event.ics. Calendars are asked to refresh every 6 hours (REFRESH-INTERVAL, X-PUBLISHED-TTL).",
  request: {
    query: z
      .object({ categoryFilterId: z.string().max(200).optional(), lang: z.string().max(20).optional() })
      .catchall(z.union([z.string(), z.array(z.string())])),
  },
  responses: { ...icsBody, ...errorResponses },
})

function pageUrl(origin: string, slug: string, locale: LocaleCode, languages: ReturnType<typeof domainLanguagesOf>): string {
  return `${origin}${localePath(`/${slug}`, locale, languages)}`
}

/** A SEQUENCE that grows with every change of the listing: its version, else its last change in minutes. */
function sequenceOf(listing: Listing): number {
  if (listing.version) return listing.version
  const at = Date.parse(listing.updatedAt ?? listing.lastSynced ?? '')
  return Number.isNaN(at) ? 0 : Math.floor(at / 60_000)
}

export const calendarRouter = createRouter()
  .openapi(eventIcs, async (c) => {
    const { id, lang } = c.req.valid('query')
    const domainId = domainIdOf(c)
    const locale = askedLocale(lang, c.var.domain)
    const stored = await c.var.services.listings.findById(domainId, id)
    if (!stored || !stored.atdw?.eventFrequency.length) throw notFound('No published event with this id')
    const listing = localiseListing(stored, locale)
    const origin = originOf(c.req.raw, c.var.services.config.auth.trustProxy)
    const venue = listing.atdw?.productSite.find((s) => s.attributeIdSiteType === 'VENUE')?.siteName ?? ''
    const event: CalendarEventInput = {
      id: listing._id,
      name: listing.name.value,
      description: plainText(listing.description.value),
      location: [venue, listing.physicalAddress.value].filter(Boolean).join(', '),
      url: pageUrl(origin, listing.slug, locale, domainLanguagesOf(c.var.domain)),
      occurrences: listing.atdw?.eventFrequency ?? [],
      sequence: sequenceOf(stored),
      lastModified: stored.updatedAt ?? stored.lastSynced ?? undefined,
    }
    const body = eventsCalendar([event], { name: listing.name.value, host: new URL(origin).host })
    visitorCacheable(c, domainId, ['listings'])
    c.header('Content-Type', ICS)
    c.header('Content-Disposition', contentDisposition(`${listing.name.value || 'event'}.ics`))
    return c.body(body, 200)
  })
  .openapi(eventsFeed, async (c) => {
    const domainId = domainIdOf(c)
    const url = new URL(c.req.url)
    const locale = askedLocale(url.searchParams.get('lang') ?? undefined, c.var.domain)
    const { filters } = filtersFromSearch(url.searchParams)
    const categoryFilterId = url.searchParams.get('categoryFilterId') ?? ''
    const cards: ListingCard[] = []
    for (let page = 1; cards.length < FEED_MAX_EVENTS; page++) {
      const query = fetchRequestSchema.safeParse(fetchRequest(filters, categoryFilterId, page, FETCH_PAGE, locale))
      if (!query.success)
        throw invalidInput(
          'Invalid feed filters',
          query.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        )
      const result = await c.var.services.listings.fetch(domainId, query.data)
      cards.push(...result.listings)
      if (result.listings.length < FETCH_PAGE || cards.length >= result.totalListings) break
    }
    const origin = originOf(c.req.raw, c.var.services.config.auth.trustProxy)
    const languages = domainLanguagesOf(c.var.domain)
    const nav = (await c.var.services.siteDocuments.load('nav', domainId, 'published')).doc
    const events = cards.slice(0, FEED_MAX_EVENTS).map<CalendarEventInput>((card) => ({
      id: card._id,
      name: card.name,
      description: plainText(card.description),
      location: card.address,
      url: pageUrl(origin, card.slug, locale, languages),
      occurrences: card.eventFrequency,
    }))
    const body = eventsCalendar(events, {
      name: siteTextsOf(locale).listings.grid.feedName(nav?.siteName ?? ''),
      host: new URL(origin).host,
      refreshSeconds: FEED_REFRESH_SECONDS,
    })
    visitorCacheable(c, domainId, ['listings'])
    c.header('Content-Type', ICS)
    c.header('Content-Disposition', 'inline; filename="events.ics"')
    return c.body(body, 200)
  })
