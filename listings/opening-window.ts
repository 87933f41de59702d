/**
 * A listing's opening times laid out over a window of days (issue 35 point 3), for the grid's
 * "Open now" and "Open on a day" filters: the listings table keeps them as two integer arrays
 * (schema.ts open_days, open_minutes), which the SQL condition and the in-memory index both test
 * (filters.ts), so the two always agree. The rules themselves are opening-hours.ts's.
 *
 * The window runs from the day before the listing was written to OPENING_WINDOW_DAYS after: the
 * daily sync rewrites changed listings, and a nightly job lays out again those the provider has not
 * changed before their window runs out (opening-roll.ts). Server side only.
 */
import { SITE_TIME_ZONE, zonedInstant } from '#lib/team'
import { hasOpeningHours, hoursOn, regionalDay, type OpeningHoursInput } from './opening-hours.ts'
import { dayNumberOf } from './opening-lookup.ts'

export const OPENING_WINDOW_DAYS = 400

const DAY_MS = 86_400_000

/** Minutes since the epoch of an instant (what open_minutes holds). */
export const minuteOf = (at: Date): number => Math.floor(at.getTime() / 60_000)

const isoOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The instant (minutes since the epoch) of a wall-clock minute of a region's day. */
function instantMinute(dayNumber: number, minute: number, timeZone: string): number {
  const d = new Date(dayNumber * DAY_MS)
  const extraDays = Math.floor(minute / 1440)
  const at = zonedInstant(
    timeZone,
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate() + extraDays,
    Math.floor((minute % 1440) / 60),
    minute % 60,
  )
  return minuteOf(at)
}

export interface OpeningWindow {
  /** Region days it opens on (days since 1970-01-01), ascending. */
  days: number[]
  /** [start, end) pairs of minutes since the epoch, ascending, overlaps merged. */
  minutes: number[]
}

/** The window's open days and minutes, or null when the provider gives no opening times. */
export function openingWindow(
  hours: OpeningHoursInput | null | undefined,
  now: Date = new Date(),
  timeZone: string = SITE_TIME_ZONE,
): OpeningWindow | null {
  if (!hasOpeningHours(hours)) return null
  const first = dayNumberOf(regionalDay(now, timeZone)) - 1
  const days: number[] = []
  const spans: [number, number][] = []
  for (let n = first; n <= first + OPENING_WINDOW_DAYS; n++) {
    const { status, intervals } = hoursOn(hours, isoOf(n))
    if (status !== 'open') continue
    days.push(n)
    for (const { from, to } of intervals) {
      const start = toMinutes(from)
      // Past midnight (or to midnight, 00:00) it ends on the next day.
      const end = toMinutes(to) <= start ? toMinutes(to) + 1440 : toMinutes(to)
      spans.push([instantMinute(n, start, timeZone), instantMinute(n, end, timeZone)])
    }
  }
  spans.sort((a, b) => a[0] - b[0])
  const minutes: number[] = []
  for (const [start, end] of spans) {
    const last = minutes.length - 1
    if (last > 0 && start <= minutes[last]!) minutes[last] = Math.max(minutes[last]!, end)
    else minutes.push(start, end)
  }
  return { days, minutes }
}
