/**
 * A shared trip (issue 35 point 1): the link's days and stops as the server resolved them (only
 * what is published is named; a stop that is gone is counted, not shown), read-only and drawn on
 * the server, so it reads without JavaScript too. "Save as my trip" makes it this browser's trip
 * (its stops join the visitor's list).
 */
import { useMemo, useState } from 'react'
import { dayTitle, type Trip, type TripStopInfo } from '#lib/trip/model'
import { tripTextsOf } from '#lib/trip/texts/index'
import { addFavourites } from '#ui/favourites/store'
import { useApiBase } from '#ui/hooks/use-api-base'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { useLocale } from '#ui/locale'
import { TRIP_PATH } from '#lib/trip/model'
import { readTrip, writeTrip } from '#ui/trip/store'
import { DayOverview, dayWords, NextLeg, Warnings } from './parts'
import { useDayLegs } from './use-trip-data'

export function SharedTrip({ shared, routing }: { shared: { trip: Trip | null; stops: TripStopInfo[] }; routing: boolean }) {
  const { locale, href } = useLocale()
  const t = tripTextsOf(locale)
  const hydrated = useHydrated()
  const [saved, setSaved] = useState(false)
  const info = useMemo(() => new Map(shared.stops.map((s) => [s.path, s])), [shared.stops])
  const original = shared.trip
  if (!original) {
    return (
      <>
        <h1 className="font-display text-4xl font-semibold text-red-darkest sm:text-5xl">{t.sharedTitle}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft" data-trip-broken="">
          {t.sharedBroken}
        </p>
        <a href={href(TRIP_PATH)} className="mt-6 inline-block font-semibold text-red underline-offset-4 hover:underline">
          {t.viewMine}
        </a>
      </>
    )
  }
  // Only the stops the site still publishes.
  const trip: Trip = { ...original, days: original.days.map((d) => ({ ...d, stops: d.stops.filter((p) => info.has(p)) })) }
  const total = trip.days.reduce((n, d) => n + d.stops.length, 0)
  const gone = original.days.reduce((n, d) => n + d.stops.length, 0) - total
  const words = dayWords(t, locale)
  return (
    <>
      <h1 className="font-display text-4xl font-semibold text-red-darkest sm:text-5xl">{t.sharedTitle}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t.sharedIntro(trip.days.length, total)}</p>
      {gone ? <p className="mt-2 text-sm text-ink-soft">{t.sharedGone(gone)}</p> : null}
      <div className="mt-8 flex flex-wrap items-center gap-4 print:hidden">
        {hydrated ? (
          <button
            type="button"
            className="button"
            data-save-trip=""
            aria-describedby={readTrip() ? 'trip-replace-warning' : undefined}
            onClick={() => {
              addFavourites(
                trip.days.flatMap((d) => d.stops).map((path) => ({ kind: info.get(path)!.kind, path, title: info.get(path)!.title })),
              )
              writeTrip(trip)
              setSaved(true)
            }}
          >
            {t.saveShared}
          </button>
        ) : null}
        <a href={href(TRIP_PATH)} className="font-semibold text-red underline-offset-4 hover:underline">
          {t.viewMine}
        </a>
      </div>
      {hydrated && readTrip() && !saved ? (
        <p id="trip-replace-warning" className="mt-2 text-sm text-ink-soft print:hidden">
          {t.replaceWarning}
        </p>
      ) : null}
      <p role="status" className="mt-3 font-semibold text-red-darker empty:hidden">
        {saved ? t.savedShared : ''}
      </p>
      <div className="mt-10 flex flex-col gap-10">
        {trip.days.map((day, i) => (
          <SharedDay key={i} trip={trip} day={i} title={dayTitle(trip, i, words)} info={info} routing={routing} />
        ))}
      </div>
      <p className="mt-8 max-w-3xl text-sm text-ink-soft" data-distance-note="">
        {routing ? t.routed : t.estimate}
      </p>
    </>
  )
}

function SharedDay({
  trip,
  day,
  title,
  info,
  routing,
}: {
  trip: Trip
  day: number
  title: string
  info: Map<string, TripStopInfo>
  routing: boolean
}) {
  const { locale, href } = useLocale()
  const t = tripTextsOf(locale)
  const apiBase = useApiBase()
  const { date, stops } = trip.days[day]!
  const { located, legs } = useDayLegs(apiBase, routing, stops, info)
  const legAfter = new Map(located.slice(0, -1).map((s, i) => [s.path, { leg: legs[i], to: located[i + 1]!.path }]))
  const titleOf = (path: string) => info.get(path)?.title ?? path
  return (
    <section
      aria-labelledby={`shared-day-${day}`}
      className="break-inside-avoid-page rounded-sm bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
      data-day={day}
    >
      <h2 id={`shared-day-${day}`} className="font-display text-2xl font-semibold text-red-darkest sm:text-3xl">
        {t.dayHeading(title, stops.length)}
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <ol aria-label={t.stops(title)} className="flex flex-col gap-3" data-stops={`day:${day}`}>
          {stops.map((path, index) => {
            const next = legAfter.get(path)
            const note = trip.notes[path]
            return (
              <li key={path} className="break-inside-avoid rounded-sm border border-ink/10 bg-cream/40 p-4" data-stop={path}>
                <div className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-red text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <a
                      href={href(path)}
                      className="font-display text-xl leading-snug font-semibold break-words text-red-darkest underline-offset-4 hover:underline"
                      data-stop-title=""
                    >
                      {titleOf(path)}
                    </a>
                    {info.get(path)?.address ? <p className="text-sm text-ink-soft">{info.get(path)!.address}</p> : null}
                    <Warnings info={info.get(path)} date={date} t={t} locale={locale} />
                    {note ? (
                      <p className="mt-2 text-sm text-ink" data-note-print="">
                        {t.note}: {note}
                      </p>
                    ) : null}
                  </div>
                </div>
                {next ? <NextLeg leg={next.leg} from={titleOf(path)} to={titleOf(next.to)} t={t} /> : null}
              </li>
            )
          })}
        </ol>
        <DayOverview title={title} located={located} legs={legs} numberOf={(p) => stops.indexOf(p) + 1} t={t} />
      </div>
    </section>
  )
}
