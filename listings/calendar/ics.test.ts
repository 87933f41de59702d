import { describe, expect, it } from 'vitest'
import { parseCalendar } from '../../tests/helpers/icalendar.ts'
import { eventsCalendar, type CalendarEventInput } from './ics.ts'

const occurrence = (from: string, to: string, start = '', end = '') => ({
  frequencyStartDate: from,
  frequencyEndDate: to,
  frequencyStartTime: start,
  frequencyEndTime: end,
})

const event = (
  id: string,
  occurrences: CalendarEventInput['occurrences'],
  extra: Partial<CalendarEventInput> = {},
): CalendarEventInput => ({
  id,
  name: `Event ${id}`,
  description: 'A day in the Barossa.',
  location: 'Tanunda Soldiers Memorial Hall, 1 Murray Street, Tanunda',
  url: `https://barossa.example/listing/${id}`,
  occurrences,
  ...extra,
})

const options = { name: 'Barossa events', host: 'barossa.example', now: new Date('2026-02-01T00:00:00Z') }
const single = (e: CalendarEventInput) => {
  const calendar = parseCalendar(eventsCalendar([e], options))
  expect(calendar.events).toHaveLength(1)
  return { calendar, parsed: calendar.events[0]! }
}

describe('events as iCalendar (RFC 5545), read back with ical.js', () => {
  it("writes a timed event on Adelaide's clock with the zone's VTIMEZONE (summer and standard time)", () => {
    const { calendar, parsed } = single(event('a1', [occurrence('2026-03-14', '2026-03-14', '10:00', '16:00')]))
    expect(calendar.method).toBe('PUBLISH')
    expect(calendar.timezones).toEqual(['Australia/Adelaide'])
    expect(calendar.offsets['Australia/Adelaide']).toEqual(['+09:30', '+10:30'])
    expect(parsed.tzid).toBe('Australia/Adelaide')
    // 10:00 in Adelaide's summer (UTC+10:30).
    expect(parsed.occurrences).toEqual([{ start: '2026-03-13T23:30:00.000Z', end: '2026-03-14T05:30:00.000Z' }])
    expect(parsed).toMatchObject({
      uid: 'a1@barossa.example',
      summary: 'Event a1',
      location: 'Tanunda Soldiers Memorial Hall, 1 Murray Street, Tanunda',
      url: 'https://barossa.example/listing/a1',
      hasRecurrence: false,
    })
  })

  it('repeats a weekly event with an RRULE across the change of time, one week with other times as an override', () => {
    const { parsed } = single(
      event('w1', [
        occurrence('2026-03-28', '2026-03-28', '10:00', '12:00'),
        occurrence('2026-04-04', '2026-04-04', '11:00', '15:00'),
        occurrence('2026-04-11', '2026-04-11', '10:00', '12:00'),
        occurrence('2026-04-18', '2026-04-18', '10:00', '12:00'),
      ]),
    )
    expect(parsed.hasRecurrence).toBe(true)
    expect(parsed.occurrences).toEqual([
      // Summer time (UTC+10:30) until 5 April, standard time (UTC+9:30) after.
      { start: '2026-03-27T23:30:00.000Z', end: '2026-03-28T01:30:00.000Z' },
      { start: '2026-04-04T00:30:00.000Z', end: '2026-04-04T04:30:00.000Z' },
      { start: '2026-04-11T00:30:00.000Z', end: '2026-04-11T02:30:00.000Z' },
      { start: '2026-04-18T00:30:00.000Z', end: '2026-04-18T02:30:00.000Z' },
    ])
  })

  it('expands a run of days with the same times into daily occurrences', () => {
    const { parsed } = single(event('f1', [occurrence('2026-05-01', '2026-05-03', '18:00', '22:00')]))
    expect(parsed.occurrences.map((o) => o.start)).toEqual([
      '2026-05-01T08:30:00.000Z',
      '2026-05-02T08:30:00.000Z',
      '2026-05-03T08:30:00.000Z',
    ])
  })

  it('lists irregular dates as RDATEs, and two sessions on one day both', () => {
    const { parsed } = single(
      event('r1', [
        occurrence('2026-06-06', '2026-06-06', '09:30', '12:30'),
        occurrence('2026-06-09', '2026-06-09', '09:30', '12:30'),
        occurrence('2026-06-20', '2026-06-20', '09:30', '12:30'),
      ]),
    )
    expect(parsed.occurrences.map((o) => o.start)).toEqual([
      '2026-06-06T00:00:00.000Z',
      '2026-06-09T00:00:00.000Z',
      '2026-06-20T00:00:00.000Z',
    ])
    const sessions = single(
      event('s1', [occurrence('2026-06-06', '2026-06-06', '10:00', '12:00'), occurrence('2026-06-06', '2026-06-06', '14:00', '16:00')]),
    ).parsed
    expect(sessions.occurrences).toEqual([
      { start: '2026-06-06T00:30:00.000Z', end: '2026-06-06T02:30:00.000Z' },
      { start: '2026-06-06T04:30:00.000Z', end: '2026-06-06T06:30:00.000Z' },
    ])
  })

  it('writes occurrences without times as all-day dates (an exhibition runs as one span)', () => {
    const { parsed } = single(event('x1', [occurrence('2026-05-01', '2026-06-15')]))
    expect(parsed.occurrences).toEqual([{ start: '2026-05-01', end: '2026-06-16' }])
    const twice = single(event('x2', [occurrence('2026-05-01', '2026-05-01'), occurrence('2026-05-08', '2026-05-08')])).parsed
    expect(twice.occurrences).toEqual([
      { start: '2026-05-01', end: '2026-05-02' },
      { start: '2026-05-08', end: '2026-05-09' },
    ])
  })

  it('keeps the UID from one download to the next (a second import updates), and raises SEQUENCE with the version', () => {
    const e = event('u1', [occurrence('2026-03-14', '2026-03-14', '10:00', '16:00')], { sequence: 3 })
    const first = parseCalendar(eventsCalendar([e], { ...options, now: new Date('2026-02-01T00:00:00Z') })).events[0]!
    const later = parseCalendar(
      eventsCalendar([{ ...e, name: 'Renamed', sequence: 4 }], { ...options, now: new Date('2026-02-02T00:00:00Z') }),
    ).events[0]!
    expect(later.uid).toBe(first.uid)
    expect([first.sequence, later.sequence]).toEqual([3, 4])
    expect(later.summary).toBe('Renamed')
  })

  it('writes a feed of several events, each once with its own UID, named and with a refresh interval', () => {
    const feed = parseCalendar(
      eventsCalendar(
        [event('e1', [occurrence('2026-03-14', '2026-03-14', '10:00', '16:00')]), event('e2', [occurrence('2026-04-01', '2026-04-02')])],
        { ...options, refreshSeconds: 6 * 3600 },
      ),
    )
    expect(feed.name).toBe('Barossa events')
    expect(feed.refreshInterval).toBe('PT6H')
    expect(feed.events.map((e) => e.uid)).toEqual(['e1@barossa.example', 'e2@barossa.example'])
  })

  it('leaves out an event with no dated occurrence', () => {
    expect(parseCalendar(eventsCalendar([event('n1', [])], options)).events).toEqual([])
  })
})
