/**
 * When a listing is open, from the provider's opening times (Atlas `openingTime`: seasonal periods
 * with a week of `openStatus` each, and exception periods such as public holidays), read in the
 * region's time zone (Australia/Adelaide), whatever the server's or the visitor's clock says.
 *
 * Shared by the server (the grid's "Open now" and "Open on a day" filters) and the browser (the
 * trip planner's warnings), so it imports nothing but lib/.
 *
 * The rules, in order, for one calendar day of the region:
 *  1. An exception period that covers the day (its `singleDayExceptionOn`, else fromDate..toDate)
 *     and has a status for the day's weekday or ALL decides it (closed, or open at its hours).
 *  2. Else the seasonal period that covers the day (the first when several do): the day's own
 *     statuses (MON..SUN; two for a split day), else its ALL status. A period that lists days but
 *     not this one is closed on it. A status without hours, or marked isClosed, is closed.
 *  3. No period covers the day, or the listing has no opening times: unknown. Unknown is never
 *     "open" (a filter for open places leaves it out) and never "closed" (no warning).
 * A closing time at or before the opening time runs past midnight (18:00-02:00; 00:00 = midnight).
 */
import { SITE_TIME_ZONE, zoneOffsetMs } from '#lib/team'

/** The provider's values may still be loose here (strings for flags, 'MONDAY' for MON). */
type Loose = string | number | null | undefined

export interface OpenStatusInput {
  dayOfWeek?: Loose
  openingTime?: Loose
  closingTime?: Loose
  isClosed?: unknown
  singleDayExceptionOn?: Loose
}
interface PeriodInput {
  fromDate?: Loose
  toDate?: Loose
  description?: Loose
  openStatus?: readonly OpenStatusInput[] | null
}
/** AtdwData['openingTime'] (lib/listings.ts) or the provider's raw `openingTime`. */
export interface OpeningHoursInput {
  seasonalPeriods?: readonly PeriodInput[] | null
  exceptions?: { periods?: readonly PeriodInput[] | null } | null
}

/** The region's week as the provider names it; index = JavaScript's getUTCDay(). */
export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** An opening on one day, wall-clock 'HH:mm' in the region; `to` <= `from` runs past midnight. */
export interface Interval {
  from: string
  to: string
}

export interface DayHours {
  /** 'unknown' when the provider says nothing for the day. */
  status: 'open' | 'closed' | 'unknown'
  intervals: Interval[]
  /** The exception that decided the day ('Christmas Day'), when one did. */
  exception?: string
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const isoDay = (value: Loose): string => /^\d{4}-\d{2}-\d{2}/.exec(String(value ?? '').trim())?.[0] ?? ''
const hhmm = (value: Loose): string => {
  const m = /^(\d{1,2}):?(\d{2})/.exec(String(value ?? '').trim())
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : ''
}
const flagSet = (value: unknown) => value === true || value === 1 || ['true', '1', 'yes'].includes(String(value ?? '').toLowerCase())
const dayKey = (value: Loose) => {
  const key = String(value ?? '')
    .trim()
    .toUpperCase()
  return key === '' || key === 'ALL' || key.startsWith('EVERY') ? 'ALL' : key.slice(0, 3)
}

/** The weekday of a calendar day 'YYYY-MM-DD' (a date, not an instant: no time zone involved). */
export function weekdayOf(day: string): Weekday {
  const m = DAY.exec(day)
  if (!m) throw new RangeError(`not a day: ${day}`)
  return WEEKDAYS[new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()]!
}

/** The day before 'YYYY-MM-DD'. */
function previousDay(day: string): string {
  const m = DAY.exec(day)!
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) - 1)).toISOString().slice(0, 10)
}

/** The region's calendar day and wall-clock time of an instant: ['2026-03-14', '09:30']. */
export function regionalClock(at: Date, timeZone: string = SITE_TIME_ZONE): [day: string, time: string] {
  const ms = at.getTime()
  const local = new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString()
  return [local.slice(0, 10), local.slice(11, 16)]
}

/** The region's calendar day of an instant ('today' for a visitor in the region). */
export const regionalDay = (at: Date, timeZone: string = SITE_TIME_ZONE): string => regionalClock(at, timeZone)[0]

function covers(period: PeriodInput, day: string): boolean {
  const from = isoDay(period.fromDate)
  const to = isoDay(period.toDate)
  return (!from || from <= day) && (!to || day <= to)
}

/** What a list of statuses says about a weekday: null when none names it (nor ALL). */
function statusesFor(statuses: readonly OpenStatusInput[], weekday: Weekday): Pick<DayHours, 'status' | 'intervals'> | null {
  const own = statuses.filter((s) => dayKey(s.dayOfWeek) === weekday)
  const chosen = own.length ? own : statuses.filter((s) => dayKey(s.dayOfWeek) === 'ALL')
  if (!chosen.length) return null
  const intervals = chosen
    .filter((s) => !flagSet(s.isClosed))
    .map((s) => ({ from: hhmm(s.openingTime), to: hhmm(s.closingTime) }))
    .filter((i) => i.from && i.to)
    .sort((a, b) => a.from.localeCompare(b.from))
  return { status: intervals.length ? 'open' : 'closed', intervals }
}

/** A listing's hours on one calendar day of the region ('YYYY-MM-DD'). */
export function hoursOn(hours: OpeningHoursInput | null | undefined, day: string): DayHours {
  const weekday = weekdayOf(day)
  for (const period of hours?.exceptions?.periods ?? []) {
    const statuses = (period.openStatus ?? []).filter((s) => {
      const single = isoDay(s.singleDayExceptionOn)
      return single ? single === day : covers(period, day)
    })
    // An exception with no dates of its own at all applies nowhere (it would otherwise cover every day).
    if (!statuses.length || (!isoDay(period.fromDate) && !isoDay(period.toDate) && !statuses.some((s) => isoDay(s.singleDayExceptionOn))))
      continue
    const found = statusesFor(statuses, weekday)
    if (found) return { ...found, exception: String(period.description ?? '') }
  }
  const period = (hours?.seasonalPeriods ?? []).find((p) => covers(p, day))
  const statuses = period?.openStatus ?? []
  if (!statuses.length) return { status: 'unknown', intervals: [] }
  return statusesFor(statuses, weekday) ?? { status: 'closed', intervals: [] }
}

/** Whether the listing opens at all on a calendar day of the region ('YYYY-MM-DD'); false when unknown. */
export function isOpenOnDay(hours: OpeningHoursInput | null | undefined, day: string): boolean {
  return hoursOn(hours, day).status === 'open'
}

const overnight = (i: Interval) => i.to <= i.from

/**
 * Whether the listing is open at an instant, read on the region's clock. Opening time included,
 * closing time excluded; an opening past midnight counts on the next morning. False when unknown.
 */
export function isOpenAt(hours: OpeningHoursInput | null | undefined, at: Date): boolean {
  const [day, time] = regionalClock(at)
  const today = hoursOn(hours, day).intervals
  if (today.some((i) => time >= i.from && (overnight(i) || time < i.to))) return true
  return hoursOn(hours, previousDay(day)).intervals.some((i) => overnight(i) && time < i.to)
}

/**
 * The weekdays the listing is closed every week: in the seasonal period covering `onDay` when one
 * is given, else in every period it has (closed all year round on them). Week order, Monday
 * first. Empty when the provider gives no week. Exceptions (public holidays) are not weekly.
 */
export function closedWeekdays(hours: OpeningHoursInput | null | undefined, onDay?: string): Weekday[] {
  const periods = (hours?.seasonalPeriods ?? []).filter((p) => (p.openStatus ?? []).length && (!onDay || covers(p, onDay)))
  if (!periods.length) return []
  const week: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']
  return week.filter((weekday) => periods.every((p) => (statusesFor(p.openStatus ?? [], weekday)?.status ?? 'closed') === 'closed'))
}

/** Whether the provider gives any opening times for the listing (some period with a week). */
export const hasOpeningHours = (hours: OpeningHoursInput | null | undefined): boolean =>
  (hours?.seasonalPeriods ?? []).some((p) => (p.openStatus ?? []).length > 0)
