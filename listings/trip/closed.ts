/**
 * "Closed on Mondays" for the trip planner (issue 35 point 1), from the listings feature's reader
 * of the provider's opening times (listings/opening-hours.ts: seasonal periods, exceptions, the
 * region's calendar). Shared by the planner in the browser and the trip's PDF on the server.
 */
import type { TripChecks } from '#lib/trip/model'
import { closedWeekdays, hoursOn, weekdayOf, type OpeningHoursInput } from '../opening-hours.ts'

/** Closed on a day: every week on its weekday, or that day only (an exception, by its name); undefined when open or unknown. */
export const closedOn: NonNullable<TripChecks['closedOn']> = (openingTime, day) => {
  const hours = openingTime as OpeningHoursInput | null
  const found = hoursOn(hours, day)
  if (found.status !== 'closed') return undefined
  const weekly = !found.exception && closedWeekdays(hours, day).includes(weekdayOf(day))
  return { weekly, exception: found.exception ?? '' }
}

export const tripChecks: TripChecks = { closedOn }
