/**
 * Pieces the planner and the shared (read-only) trip both show: a stop's warnings, the way to the
 * next stop, a day's map and driving total, and the words of a day.
 */
import type { LocaleCode } from '#lib/locales'
import { stopWarnings, type Leg, type TripStopInfo } from '#lib/trip/model'
import { tripDayDate, warningText, type TripTexts } from '#lib/trip/texts/index'
import { DayMap } from './DayMap'
import { closedOn } from './opening-hours'
import type { LocatedStop } from './use-trip-data'

export const dayWords = (t: TripTexts, locale: LocaleCode) => ({ day: t.day, date: (iso: string) => tripDayDate(iso, locale) })

export function Warnings({ info, date, t, locale }: { info: TripStopInfo | undefined; date: string; t: TripTexts; locale: LocaleCode }) {
  const warnings = stopWarnings(info, date, { closedOn })
  if (!warnings.length) return null
  return (
    <ul aria-label={t.warnings} className="mt-2 flex flex-col gap-1" data-warnings="">
      {warnings.map((w) => {
        const text = warningText(t, w, locale)
        return (
          <li key={text} className="flex items-start gap-2 text-sm font-semibold text-red-darker">
            <span aria-hidden="true">⚠</span>
            {text}
          </li>
        )
      })}
    </ul>
  )
}

export const legText = (t: TripTexts, leg: Leg) => t.leg(leg.km.toFixed(1), t.minutes(leg.minutes))

/** The way from a stop to the next located one. */
export function NextLeg({ leg, from, to, t }: { leg: Leg | undefined; from: string; to: string; t: TripTexts }) {
  if (!leg) return null
  return (
    <p className="mt-3 flex items-center gap-2 text-sm text-ink-soft" data-leg="">
      <span aria-hidden="true">↓</span>
      <span className="sr-only">{t.legLabel(from, to)}: </span>
      {legText(t, leg)}
    </p>
  )
}

/** A day's map and its driving total, or a line saying no stop has a position. */
export function DayOverview({
  title,
  located,
  legs,
  numberOf,
  t,
}: {
  title: string
  located: readonly LocatedStop[]
  legs: readonly Leg[]
  numberOf: (path: string) => number
  t: TripTexts
}) {
  if (!located.length) return <p className="text-sm text-ink-soft">{t.mapNone}</p>
  const km = legs.reduce((sum, l) => sum + l.km, 0)
  const minutes = legs.reduce((sum, l) => sum + l.minutes, 0)
  return (
    <div className="flex flex-col gap-2">
      <DayMap label={t.map(title, located.length)} stops={located} numberOf={numberOf} />
      {legs.length ? (
        <p className="text-sm font-semibold text-ink" data-day-total="">
          {t.dayTotal(km.toFixed(1), t.minutes(minutes))}
        </p>
      ) : null}
    </div>
  )
}
