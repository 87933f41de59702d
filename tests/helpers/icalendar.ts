/**
 * Reads an iCalendar file as a calendar application does, with ical.js (Mozilla's parser, used by
 * Thunderbird): its time zones registered from its own VTIMEZONEs, each event's recurrence set
 * expanded (RRULE, RDATE) with its overrides (RECURRENCE-ID). Tests compare what a calendar would
 * show, never the file's text.
 */
import ICAL from 'ical.js'

export interface ParsedOccurrence {
  /** The instant it starts (ISO, UTC), or the day (YYYY-MM-DD) of an all-day occurrence. */
  start: string
  end: string | null
}

export interface ParsedEvent {
  uid: string
  summary: string
  description: string
  location: string
  url: string
  sequence: number
  /** The TZID of DTSTART ('' for UTC or all-day). */
  tzid: string
  hasRecurrence: boolean
  occurrences: ParsedOccurrence[]
}

export interface ParsedCalendar {
  name: string
  method: string
  /** TZIDs of the calendar's VTIMEZONE components. */
  timezones: string[]
  /** Each VTIMEZONE's UTC offsets (e.g. '+09:30', '+10:30'). */
  offsets: Record<string, string[]>
  refreshInterval: string
  events: ParsedEvent[]
}

const instant = (time: ICAL.Time): string => (time.isDate ? time.toString() : time.toJSDate().toISOString())

/** Parses and expands (at most `limit` occurrences an event). */
export function parseCalendar(text: string, limit = 500): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[])
  const timezones: string[] = []
  const offsets: Record<string, string[]> = {}
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = String(vtimezone.getFirstPropertyValue('tzid'))
    timezones.push(tzid)
    offsets[tzid] = vtimezone
      .getAllSubcomponents()
      .map((c) => String(c.getFirstPropertyValue('tzoffsetto')))
      .sort()
    ICAL.TimezoneService.register(vtimezone)
  }
  const vevents = root.getAllSubcomponents('vevent')
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'))
  const events = masters.map((vevent) => {
    const uid = String(vevent.getFirstPropertyValue('uid'))
    const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id') && String(v.getFirstPropertyValue('uid')) === uid)
    const event = new ICAL.Event(vevent, { exceptions: exceptions.map((v) => new ICAL.Event(v)) as never })
    const occurrences: ParsedOccurrence[] = []
    if (event.isRecurring()) {
      const iterator = event.iterator()
      for (let next = iterator.next(); next && occurrences.length < limit; next = iterator.next()) {
        const details = event.getOccurrenceDetails(next)
        occurrences.push({ start: instant(details.startDate), end: details.endDate ? instant(details.endDate) : null })
      }
    } else occurrences.push({ start: instant(event.startDate), end: event.endDate ? instant(event.endDate) : null })
    const dtstart = vevent.getFirstProperty('dtstart')
    return {
      uid,
      summary: String(vevent.getFirstPropertyValue('summary') ?? ''),
      description: String(vevent.getFirstPropertyValue('description') ?? ''),
      location: String(vevent.getFirstPropertyValue('location') ?? ''),
      url: String(vevent.getFirstPropertyValue('url') ?? ''),
      sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
      tzid: String(dtstart?.getParameter('tzid') ?? ''),
      hasRecurrence: vevent.hasProperty('rrule') || vevent.hasProperty('rdate'),
      occurrences,
    }
  })
  return {
    name: String(root.getFirstPropertyValue('x-wr-calname') ?? root.getFirstPropertyValue('name') ?? ''),
    method: String(root.getFirstPropertyValue('method') ?? ''),
    timezones,
    offsets,
    refreshInterval: String(root.getFirstPropertyValue('refresh-interval') ?? ''),
    events,
  }
}
