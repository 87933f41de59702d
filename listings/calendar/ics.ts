/**
 * Events as iCalendar (RFC 5545), for "Add to calendar" (one event) and the grid's subscription feed
 * (its filtered events), written with ical-generator and the zone's VTIMEZONE from
 * @touch4it/ical-timezones. Pure: no HTTP, no database (listings/calendar/api.ts serves it).
 *
 * - Times are wall-clock times of the region (TZID=Australia/Adelaide, with its VTIMEZONE), so a
 *   calendar elsewhere shows them at the right instant across the change of summer time.
 * - An event's occurrences (the provider's `eventFrequency`, each a run of days with its times) are
 *   one VEVENT: the first occurrence, an RRULE when the others follow at a fixed step (every day,
 *   every week), else RDATEs; an occurrence with other times is an override (RECURRENCE-ID).
 *   Occurrences without times are all-day.
 * - UID is `<listing id>@<site host>`: importing the file again, or the feed refreshing, updates the
 *   event instead of adding a second one. SEQUENCE is the listing's stored version.
 */
import ical, { ICalCalendarMethod, type ICalCalendar, type ICalEventData } from 'ical-generator'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { TZDate } from '@date-fns/tz'
import { SITE_TIME_ZONE } from '#lib/team'

export interface CalendarEventInput {
  /** The listing's id: the event's identity across imports. */
  id: string
  name: string
  description: string
  /** Venue and address as the page shows them. */
  location: string
  /** The listing page's full address. */
  url: string
  /** The provider's occurrences (YYYY-MM-DD dates, HH:mm or '' times). */
  occurrences: readonly { frequencyStartDate: string; frequencyEndDate: string; frequencyStartTime: string; frequencyEndTime: string }[]
  /** The listing's stored version: a higher SEQUENCE tells calendars the event changed. */
  sequence?: number
  lastModified?: string | undefined
}

export interface CalendarOptions {
  /** The calendar's name (X-WR-CALNAME, NAME). */
  name: string
  /** The site's host, the right-hand side of every UID. */
  host: string
  /** How often a subscribed calendar should fetch the feed again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
  refreshSeconds?: number
  now?: Date
  timeZone?: string
}

/** Occurrences written at most per event (a daily event over years would otherwise write thousands). */
export const MAX_OCCURRENCES = 400

const DAY_MS = 86_400_000
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

interface Instance {
  /** Days since the epoch of the occurrence's (first) day. */
  day: number
  /** Minutes after midnight; null for all-day. */
  start: number | null
  /** Timed: minutes the occurrence lasts (null: no end given). All-day: days it spans. */
  length: number | null
}

const dayNumber = (iso: string): number | null => {
  const m = DAY.exec(iso)
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null
}
const minutes = (hhmm: string): number | null => {
  const m = TIME.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** The occurrences as single instances, sorted: a timed run of days is one instance per day; an all-day run is one. */
export function instancesOf(occurrences: CalendarEventInput['occurrences']): Instance[] {
  const timed = occurrences.length > 0 && occurrences.every((o) => minutes(o.frequencyStartTime) !== null)
  const out: Instance[] = []
  for (const o of occurrences) {
    const first = dayNumber(o.frequencyStartDate)
    if (first === null) continue
    const last = Math.max(first, dayNumber(o.frequencyEndDate) ?? first)
    if (!timed) {
      out.push({ day: first, start: null, length: last - first + 1 })
      continue
    }
    const start = minutes(o.frequencyStartTime)!
    const end = minutes(o.frequencyEndTime)
    // A closing time at or before the start runs past midnight.
    const length = end === null ? null : end > start ? end - start : end + 24 * 60 - start
    for (let day = first; day <= last && out.length < MAX_OCCURRENCES * 2; day++) out.push({ day, start, length })
  }
  out.sort((a, b) => a.day - b.day || (a.start ?? 0) - (b.start ?? 0))
  // The same day and time twice (overlapping runs) is one occurrence.
  return out.filter((i, n) => n === 0 || i.day !== out[n - 1]!.day || i.start !== out[n - 1]!.start).slice(0, MAX_OCCURRENCES)
}

/** The constant step in days between the instances' days, or null when there is none (or two share a day). */
function regularStep(instances: Instance[]): number | null {
  if (instances.length < 2) return null
  const step = instances[1]!.day - instances[0]!.day
  if (step <= 0) return null
  return instances.every((i, n) => n === 0 || i.day - instances[n - 1]!.day === step) ? step : null
}

function wallClock(day: number, minute: number, timeZone: string): TZDate {
  const d = new Date(day * DAY_MS)
  return new TZDate(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Math.floor(minute / 60), minute % 60, 0, timeZone)
}
/** An all-day date: ical-generator writes a plain Date's UTC calendar day. */
const dateOnly = (day: number) => new Date(day * DAY_MS)
const icsDate = (day: number) => dateOnly(day).toISOString().slice(0, 10).replaceAll('-', '')
const icsLocal = (day: number, minute: number) =>
  `${icsDate(day)}T${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}00`

function times(i: Instance, timeZone: string): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> {
  if (i.start === null) return { allDay: true, start: dateOnly(i.day), end: dateOnly(i.day + (i.length ?? 1)) }
  const start = wallClock(i.day, i.start, timeZone)
  return {
    timezone: timeZone,
    start,
    end: i.length === null ? null : new TZDate(start.getTime() + i.length * 60_000, timeZone),
  }
}

/** Adds one listing's event (a VEVENT, and its overrides) to a calendar; nothing when it has no dated occurrence. */
export function addEvent(calendar: ICalCalendar, event: CalendarEventInput, options: { host: string; timeZone?: string; now?: Date }) {
  const timeZone = options.timeZone ?? SITE_TIME_ZONE
  const instances = instancesOf(event.occurrences)
  const master = instances[0]
  if (!master) return
  const common: Omit<ICalEventData, 'start'> = {
    id: `${event.id}@${options.host}`,
    sequence: event.sequence ?? 0,
    stamp: options.now ?? new Date(),
    summary: event.name,
    description: event.description || null,
    location: event.location || null,
    url: event.url,
    ...(event.lastModified && !Number.isNaN(Date.parse(event.lastModified)) ? { lastModified: new Date(event.lastModified) } : {}),
  }
  const step = regularStep(instances)
  const rest = instances.slice(1)
  let repeating: string | null = null
  // Where each later instance sits in the recurrence set (its RECURRENCE-ID when it needs an override).
  let slotOf: (i: Instance) => Instance
  if (step !== null) {
    const weekly = step % 7 === 0
    repeating = `RRULE:FREQ=${weekly ? 'WEEKLY' : 'DAILY'};INTERVAL=${weekly ? step / 7 : step};COUNT=${instances.length}`
    slotOf = (i) => ({ ...master, day: i.day })
  } else if (rest.length) {
    // Irregular dates: one RDATE line per date (ical-generator takes several lines as they are).
    // The first date is named too: RFC 5545 counts a date that DTSTART and RDATE both give once, and
    // some readers (ical.js) leave DTSTART out of a set of RDATEs without an RRULE.
    repeating = instances
      .map((i) => (i.start === null ? `RDATE;VALUE=DATE:${icsDate(i.day)}` : `RDATE;TZID=${timeZone}:${icsLocal(i.day, i.start)}`))
      .join('\r\n')
    slotOf = (i) => ({ ...master, day: i.day, start: i.start })
  } else slotOf = (i) => i
  calendar.createEvent({ ...common, ...times(master, timeZone), repeating })
  for (const instance of rest) {
    const slot = slotOf(instance)
    if (slot.start === instance.start && slot.length === instance.length) continue
    const recurrenceId = slot.start === null ? dateOnly(slot.day) : wallClock(slot.day, slot.start, timeZone)
    calendar.createEvent({ ...common, ...times(instance, timeZone), recurrenceId })
  }
}

/** A calendar (PUBLISH) of the given events, with the region's VTIMEZONE. */
export function eventsCalendar(events: readonly CalendarEventInput[], options: CalendarOptions): string {
  const timeZone = options.timeZone ?? SITE_TIME_ZONE
  const calendar = ical({
    name: options.name,
    prodId: { company: options.host, product: 'events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: DTSTAMP stays UTC; each timed event names the zone and the generator adds its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  })
  calendar.x('X-WR-TIMEZONE', timeZone)
  for (const event of events) addEvent(calendar, event, { host: options.host, timeZone, ...(options.now ? { now: options.now } : {}) })
  return calendar.toString()
}
