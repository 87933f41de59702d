/**
 * The trip planner's server side (issue 35 point 1), free of HTTP: what the site says about each
 * stop of a visitor's trip (title, position, address, event dates, opening times; only what is
 * published, so a trip or a share link never names anything else), the legs between a day's
 * stops from the routing provider when one is configured, and the trip's PDF, laid out by the
 * event calendar's PDF worker threads.
 */
import { localiseListing, type Listing } from '#lib/listings'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import { slugFromPath } from '#lib/slug'
import {
  dayTitle,
  decodeTrip,
  estimateLeg,
  isSitePath,
  locatedStops,
  MAX_STOPS,
  stopWarnings,
  type Leg,
  type TripChecks,
  type TripStopInfo,
} from '#lib/trip/model'
import { tripDate, tripDayDate, tripTextsOf, warningText } from '#lib/trip/texts/index'
import { invalidInput, AppError } from '../../server/services/errors.ts'
import type { OsrmClient } from '../../server/integrations/routing/osrm.ts'
import { RoutingFailed } from '../../server/integrations/routing/osrm.ts'
import type { ListingService } from '../service.ts'
import type { ListingsPdfService } from '../pdf/calendar.tsx'
import type { TripPdfInput } from '../pdf/trip-layout.tsx'

export interface TripServiceDeps {
  listings: Pick<ListingService, 'findBySlug'>
  pages: {
    loadPublished(
      domainId: string,
      collection: 'pages',
      slug: string,
    ): Promise<{ slug: string; title?: string; header?: { title?: string } } | null>
  }
  siteDocuments: { load(kind: 'nav', domainId: string, state: 'published'): Promise<{ doc: { siteName: string } }> }
  pdf: Pick<ListingsPdfService, 'renderTrip'>
  /** The routing provider (OSRM_URL); undefined: straight-line estimates only. */
  routing?: OsrmClient | undefined
  /** Whether a place is closed on a day, from its opening times (the listings feature's reader); undefined until there is one. */
  checks?: TripChecks
}

/** Every day of an event: each occurrence's days, at most a year's worth. */
function eventDays(listing: Listing): string[] {
  const days = new Set<string>()
  for (const f of listing.atdw?.eventFrequency ?? []) {
    const from = f.frequencyStartDate.slice(0, 10)
    const to = (f.frequencyEndDate || f.frequencyStartDate).slice(0, 10)
    const at = new Date(`${from}T00:00:00Z`)
    const end = new Date(`${to}T00:00:00Z`)
    if (Number.isNaN(at.getTime()) || Number.isNaN(end.getTime())) continue
    for (let i = 0; at <= end && i < 366; i++, at.setUTCDate(at.getUTCDate() + 1)) days.add(at.toISOString().slice(0, 10))
    if (days.size > 1000) break
  }
  return [...days].sort()
}

export function stopOfListing(listing: Listing): TripStopInfo {
  const atdw = listing.atdw
  const start = (atdw?.startDate ?? '').slice(0, 10)
  const end = (atdw?.endDate ?? '').slice(0, 10)
  const days = listing.atdw ? eventDays(listing) : []
  return {
    path: `/${listing.slug}`,
    kind: 'listing',
    title: listing.name.value,
    lat: atdw?.latitude ?? null,
    lng: atdw?.longitude ?? null,
    address: listing.physicalAddress.value,
    event: start || end || days.length ? { start: start || days[0] || '', end: end || days.at(-1) || '', days } : null,
    openingTime: atdw?.openingTime ?? null,
  }
}

export function createTripService(deps: TripServiceDeps) {
  /** The published stops among these addresses, in their order; the others are left out. */
  async function stops(domainId: string, paths: readonly string[], locale: LocaleCode = DEFAULT_LOCALE): Promise<TripStopInfo[]> {
    const wanted = [...new Set(paths.filter(isSitePath))].slice(0, MAX_STOPS)
    const found = await Promise.all(
      wanted.map(async (path): Promise<TripStopInfo | null> => {
        const slug = slugFromPath(path)
        if (!slug) return null
        if (slug.startsWith('listing/')) {
          const listing = await deps.listings.findBySlug(domainId, slug)
          return listing?.published ? stopOfListing(localiseListing(listing, locale)) : null
        }
        const page = await deps.pages.loadPublished(domainId, 'pages', slug)
        if (!page) return null
        const title = page.title || page.header?.title || page.slug
        return { path: `/${page.slug}`, kind: 'page', title, lat: null, lng: null, address: '', event: null, openingTime: null }
      }),
    )
    return found.filter((stop): stop is TripStopInfo => stop !== null)
  }

  /** The legs between consecutive points from the routing provider; 503 when none is configured, 502 when it fails. */
  async function route(points: readonly { lat: number; lng: number }[]): Promise<Leg[]> {
    if (!deps.routing)
      throw new AppError('unavailable', 'No routing service is configured on this site (OSRM_URL): distances are estimates')
    try {
      return await deps.routing.legs(points)
    } catch (err) {
      if (err instanceof RoutingFailed) throw new AppError('unavailable', `Routing failed: ${err.message}`, { code: err.code })
      throw err
    }
  }

  /** A day's legs: the routing provider's when it answers, else the straight-line estimates. */
  async function legsOf(points: { lat: number; lng: number }[]): Promise<{ legs: Leg[]; routed: boolean }> {
    if (deps.routing && points.length >= 2) {
      try {
        return { legs: await deps.routing.legs(points), routed: true }
      } catch {
        // The provider is down or refuses: the estimate, said so on the PDF.
      }
    }
    return { legs: points.slice(1).map((p, i) => estimateLeg(points[i]!, p)), routed: false }
  }

  /** The PDF of a trip (its share link's payload), in a language the site offers. */
  async function pdf(
    domainId: string,
    encoded: string,
    locale: LocaleCode,
    now = new Date(),
  ): Promise<{ bytes: Uint8Array; fileName: string }> {
    const trip = decodeTrip(encoded)
    if (!trip)
      throw invalidInput('trip is not a trip link: damaged, too long, or with addresses that are not on this site', [
        { path: 'trip', message: 'Not a trip' },
      ])
    const t = tripTextsOf(locale)
    const [info, nav] = await Promise.all([
      stops(
        domainId,
        trip.days.flatMap((d) => d.stops),
        locale,
      ),
      deps.siteDocuments.load('nav', domainId, 'published'),
    ])
    const byPath = new Map(info.map((s) => [s.path, s]))
    const words = { day: t.day, date: (iso: string) => tripDayDate(iso, locale) }
    let anyRouted = false
    const days: TripPdfInput['days'] = []
    for (const [d, day] of trip.days.entries()) {
      const present = day.stops.filter((p) => byPath.has(p))
      const located = locatedStops(present, (p) => byPath.get(p)) as (TripStopInfo & { lat: number; lng: number })[]
      const { legs, routed } = await legsOf(located)
      anyRouted ||= routed
      const legAfter = new Map(located.slice(0, -1).map((s, i) => [s.path, legs[i]!]))
      const km = legs.reduce((sum, l) => sum + l.km, 0)
      const minutes = legs.reduce((sum, l) => sum + l.minutes, 0)
      days.push({
        title: dayTitle(trip, d, words),
        total: legs.length ? t.dayTotal(km.toFixed(1), t.minutes(minutes)) : '',
        stops: present.map((path) => {
          const stop = byPath.get(path)!
          const leg = legAfter.get(path)
          return {
            title: stop.title,
            address: stop.address,
            note: trip.notes[path] ?? '',
            warnings: stopWarnings(stop, day.date, deps.checks).map((w) => warningText(t, w, locale)),
            next: leg ? t.leg(leg.km.toFixed(1), t.minutes(leg.minutes)) : '',
          }
        }),
      })
    }
    const siteName = nav.doc.siteName.trim()
    const input: TripPdfInput = {
      locale,
      title: t.pdfTitle(siteName),
      siteName,
      meta: [t.pdfMade(tripDate(now.toISOString().slice(0, 10), locale, 0)), anyRouted ? t.routed : t.estimate],
      noteLabel: t.note,
      days,
    }
    return { bytes: await deps.pdf.renderTrip(input), fileName: t.pdfFileName(siteName) }
  }

  return { stops, route, pdf, routing: Boolean(deps.routing) }
}

export type TripService = ReturnType<typeof createTripService>
