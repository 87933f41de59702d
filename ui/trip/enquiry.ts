/**
 * "Send my trip with an enquiry" (issue 35 point 1): the enquiry form's message, written from the
 * visitor's trip in this browser: a line per day, then each stop with its address and note. The
 * form loads this module only when it is opened with ?trip=1, so the enquiry page carries none of
 * the trip's code otherwise.
 */
import type { LocaleCode } from '#lib/locales'
import { tripLines } from '#lib/trip/model'
import { tripDayDate, tripTextsOf } from '#lib/trip/texts/index'
import { readFavourites } from '../favourites/store'
import { readTrip } from './store'

/** The message and its notice, or null when this browser holds no trip (or an empty one). */
export function tripEnquiry(origin: string, locale: LocaleCode): { message: string; notice: string } | null {
  const trip = readTrip()
  const stops = trip?.days.reduce((n, d) => n + d.stops.length, 0) ?? 0
  if (!trip || !stops) return null
  const t = tripTextsOf(locale)
  const titles = new Map(readFavourites().map((f) => [f.path, f.title]))
  const lines = tripLines(trip, origin, (path) => titles.get(path) ?? '', {
    day: t.day,
    date: (iso) => tripDayDate(iso, locale),
    note: t.note,
  })
  return { message: t.enquiryMessage(lines), notice: t.enquiryNotice(stops) }
}
