/**
 * /trip: the visitor's trip (issue 35 point 1). Their own trip lives in this browser, so the
 * planner is drawn once the page runs; a shared link (?share=<the trip>) is read and resolved by
 * the server (only what is published is named) and shown to anyone, read-only, with "Save as my
 * trip". This route's module (the planner, drag and drop, the day maps) is a chunk of its own:
 * no other page loads it (issue 35 point 6).
 */
import { data } from 'react-router'
import { decodeTrip, TRIP_SHARE_PARAM, type Trip, type TripStopInfo } from '#lib/trip/model'
import { tripTextsOf } from '#lib/trip/texts/index'
import { withSiteName } from '~/site/site-title'
import { Planner } from '~/trip/Planner'
import { SharedTrip } from '~/trip/SharedTrip'
import type { Route } from './+types/trip'
import { enquiryPagePath } from './favourites.server'

export interface SharedTripData {
  /** Null when the link is damaged, too long or not a trip. */
  trip: Trip | null
  stops: TripStopInfo[]
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.unavailable) throw data(null, { status: 503 })
  const domainId = context.domain?._id
  const encoded = new URL(request.url).searchParams.get(TRIP_SHARE_PARAM)
  const routing = context.services.trips.routing
  if (!domainId) return { shared: null, enquiryPath: null, routing }
  const enquiryPath = await enquiryPagePath(context, domainId)
  if (encoded === null) return { shared: null, enquiryPath, routing }
  const trip = decodeTrip(encoded)
  // A damaged link is the visitor's mistake (400), with a page saying so; never a 500.
  if (!trip) return data({ shared: { trip: null, stops: [] } satisfies SharedTripData, enquiryPath, routing }, { status: 400 })
  const stops = await context.services.trips.stops(
    domainId,
    trip.days.flatMap((day) => day.stops),
    context.locale,
  )
  return { shared: { trip, stops } satisfies SharedTripData, enquiryPath, routing }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: Parameters<typeof tripTextsOf>[0] } | undefined
  const t = tripTextsOf(root?.locale ?? 'en-AU')
  // Personal: never indexed; described, for the preview a shared link shows.
  return [
    { title: withSiteName(loaderData?.shared ? t.sharedTitle : t.title, matches) },
    { name: 'description', content: t.intro },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function TripPage({ loaderData }: Route.ComponentProps) {
  return (
    // At least a screen tall: the planner is drawn from this browser's list once the page runs,
    // and would otherwise pull the footer up into view and push it down again (CLS 0.06 measured).
    <main id="main" tabIndex={-1} className="min-h-svh pb-16 outline-none lg:pb-24 print:min-h-0" data-trip-page="">
      {/* Printing the trip: the trip alone, without the site's skip link, header, footer and banners (issue 35). */}
      <style media="print">
        {'body header, body footer, body [data-consent-banner], body [data-save-bar] { display: none !important; }'}
      </style>
      <div className="container-site py-12 lg:py-16">
        {loaderData.shared ? (
          <SharedTrip shared={loaderData.shared} routing={loaderData.routing} />
        ) : (
          <Planner enquiryPath={loaderData.enquiryPath} routing={loaderData.routing} />
        )}
      </div>
    </main>
  )
}
