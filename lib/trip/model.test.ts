import { describe, expect, it } from 'vitest'
import {
  addDay,
  decodeTrip,
  encodeTrip,
  estimateLeg,
  haversineKm,
  MAX_DAYS,
  MAX_SHARE_CHARS,
  moveBy,
  moveStop,
  NOTE_MAX,
  parseStoredTrip,
  removeDay,
  setDate,
  setNote,
  stopWarnings,
  storedTrip,
  tripFromList,
  tripLines,
  unplanned,
  type Trip,
  type TripStopInfo,
} from './model'

const list = ['/listing/a', '/listing/b', '/listing/c', '/listing/d']
const twoDays = (): Trip => ({
  days: [
    { date: '', stops: ['/listing/a', '/listing/b'] },
    { date: '', stops: ['/listing/c'] },
  ],
  notes: {},
})

describe('days and moves', () => {
  it('starts from the list as one undated day', () => {
    expect(tripFromList([...list, '/listing/a', '//evil.example'])).toEqual({ days: [{ date: '', stops: list }], notes: {} })
  })

  it('moves a stop within a day and between days, and back to the list', () => {
    let trip = twoDays()
    trip = moveStop(trip, '/listing/b', { day: 0, index: 0 })
    expect(trip.days[0]!.stops).toEqual(['/listing/b', '/listing/a'])
    trip = moveStop(trip, '/listing/a', { day: 1, index: 0 })
    expect(trip.days.map((d) => d.stops)).toEqual([['/listing/b'], ['/listing/a', '/listing/c']])
    trip = moveStop(trip, '/listing/c', { day: 'list', index: 0 }, list)
    expect(trip.days.map((d) => d.stops)).toEqual([['/listing/b'], ['/listing/a']])
    expect(unplanned(trip, list)).toEqual(['/listing/c', '/listing/d'])
    trip = moveStop(trip, '/listing/d', { day: 0, index: 99 }, list)
    expect(trip.days[0]!.stops).toEqual(['/listing/b', '/listing/d'])
    // Not on the trip or the list: nothing moves.
    expect(moveStop(trip, '/listing/zz', { day: 0, index: 0 }, list)).toBe(trip)
  })

  it('moves by one place, across the edge of a day into the next or previous one', () => {
    let trip = twoDays()
    trip = moveBy(trip, '/listing/a', 1)
    expect(trip.days[0]!.stops).toEqual(['/listing/b', '/listing/a'])
    trip = moveBy(trip, '/listing/a', 1)
    expect(trip.days.map((d) => d.stops)).toEqual([['/listing/b'], ['/listing/a', '/listing/c']])
    trip = moveBy(trip, '/listing/a', -1)
    expect(trip.days.map((d) => d.stops)).toEqual([['/listing/b', '/listing/a'], ['/listing/c']])
    // The first stop of the first day goes nowhere.
    expect(moveBy(trip, '/listing/b', -1)).toBe(trip)
    expect(moveBy(trip, '/listing/c', 1)).toBe(trip)
  })

  it('adds days (the next date after a dated one), dates them, removes them (stops go back to the list)', () => {
    let trip = setDate(twoDays(), 1, '2027-03-13')
    trip = addDay(trip)
    expect(trip.days.map((d) => d.date)).toEqual(['', '2027-03-13', '2027-03-14'])
    expect(setDate(trip, 0, '2027-02-30')).toBe(trip)
    expect(setDate(trip, 0, 'soon')).toBe(trip)
    trip = removeDay(trip, 1)
    expect(trip.days.map((d) => d.stops)).toEqual([['/listing/a', '/listing/b'], []])
    expect(unplanned(trip, list)).toEqual(['/listing/c', '/listing/d'])
    let full = trip
    for (let i = 0; i < 20; i++) full = addDay(full)
    expect(full.days.length).toBe(MAX_DAYS)
    const one: Trip = { days: [{ date: '', stops: [] }], notes: {} }
    expect(removeDay(one, 0)).toBe(one)
  })

  it('keeps a note per stop, bounded, and drops an empty one', () => {
    let trip = setNote(twoDays(), '/listing/a', 'Book lunch')
    expect(trip.notes).toEqual({ '/listing/a': 'Book lunch' })
    trip = setNote(trip, '/listing/a', 'x'.repeat(NOTE_MAX + 50))
    expect(trip.notes['/listing/a']!.length).toBe(NOTE_MAX)
    trip = setNote(trip, '/listing/a', '  ')
    expect(trip.notes).toEqual({})
  })
})

describe('distances', () => {
  const tanunda = { lat: -34.5236, lng: 138.9601 }
  const angaston = { lat: -34.5013, lng: 139.0455 }
  it('measures the straight line (Tanunda to Angaston, about 8.2 km) and estimates the road and time', () => {
    expect(haversineKm(tanunda, angaston)).toBeCloseTo(8.2, 1)
    const leg = estimateLeg(tanunda, angaston)
    expect(leg.km).toBeCloseTo(10.7, 1) // × 1.3
    expect(leg.minutes).toBe(11) // at 60 km/h
    expect(estimateLeg(tanunda, tanunda)).toEqual({ km: 0, minutes: 1 })
  })
})

describe('warnings', () => {
  const festival: TripStopInfo = {
    path: '/listing/fest',
    kind: 'listing',
    title: 'Vintage Festival',
    lat: null,
    lng: null,
    address: '',
    event: { start: '2027-03-01', end: '2027-03-14', days: ['2027-03-01', '2027-03-07', '2027-03-14'] },
    openingTime: null,
  }
  it('says an event ends before the day, starts after it, or does not run that day', () => {
    expect(stopWarnings(festival, '2027-03-20')).toEqual([{ kind: 'ends', date: '2027-03-14', beforeDay: true }])
    expect(stopWarnings(festival, '2027-02-20')).toEqual([{ kind: 'starts', date: '2027-03-01' }])
    expect(stopWarnings(festival, '2027-03-05')).toEqual([{ kind: 'notThatDay' }])
    expect(stopWarnings(festival, '2027-03-07')).toEqual([])
    // An undated day: when it ends.
    expect(stopWarnings(festival, '')).toEqual([{ kind: 'ends', date: '2027-03-14', beforeDay: false }])
    expect(stopWarnings(undefined, '2027-03-07')).toEqual([])
  })

  it('asks the opening-hours reader whether a place is closed that day, and names the weekday', () => {
    const mondays = {
      openingTimeType: '',
      openingTimeComment: 'Closed on Mondays',
      seasonalPeriods: [],
      exceptions: { exceptionPeriod: '', periods: [] },
    }
    const winery: TripStopInfo = { ...festival, event: null, openingTime: mondays }
    const closedOn = (hours: unknown, date: string) =>
      hours === mondays && new Date(date).getUTCDay() === 1 ? { weekly: true, exception: '' } : undefined
    expect(stopWarnings(winery, '2027-03-15', { closedOn })).toEqual([{ kind: 'closed', weekday: 1, weekly: true, exception: '' }])
    expect(stopWarnings(winery, '2027-03-16', { closedOn })).toEqual([])
    expect(stopWarnings(winery, '', { closedOn })).toEqual([])
    expect(stopWarnings(winery, '2027-03-15')).toEqual([])
  })
})

describe('the share link', () => {
  it('carries days, dates, stops and notes (any script), and nothing else', () => {
    let trip = setDate(twoDays(), 0, '2027-03-13')
    trip = setNote(trip, '/listing/b', 'Mittagessen – 午餐 🍷')
    const encoded = encodeTrip(trip)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeTrip(encoded)).toEqual(trip)
    expect(parseStoredTrip(storedTrip(trip))).toEqual(trip)
  })

  it('refuses what is not a trip: damaged, too long, wrong shape, foreign addresses, bad dates, too many days', () => {
    const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    expect(decodeTrip('')).toBeNull()
    expect(decodeTrip('%%%')).toBeNull()
    expect(decodeTrip('a'.repeat(MAX_SHARE_CHARS + 1))).toBeNull()
    expect(decodeTrip(Buffer.from('not json').toString('base64url'))).toBeNull()
    expect(decodeTrip(Buffer.from([0xff, 0xfe]).toString('base64url'))).toBeNull()
    expect(decodeTrip(enc({ days: [] }))).toBeNull()
    expect(decodeTrip(enc([2, [['', []]]]))).toBeNull()
    expect(decodeTrip(enc([1, []]))).toBeNull()
    expect(decodeTrip(enc([1, [['', ['https://evil.example/x']]]]))).toBeNull()
    expect(decodeTrip(enc([1, [['', ['//evil.example']]]]))).toBeNull()
    expect(decodeTrip(enc([1, [['2027-13-40', []]]]))).toBeNull()
    expect(decodeTrip(enc([1, [['', [['/a', 'x'.repeat(NOTE_MAX + 1)]]]]]))).toBeNull()
    expect(decodeTrip(enc([1, Array.from({ length: MAX_DAYS + 1 }, () => ['', []])]))).toBeNull()
    expect(decodeTrip(enc([1, [['', Array.from({ length: 51 }, (_, i) => `/listing/${i}`)]]]))).toBeNull()
    // A stop named twice keeps its first place.
    expect(
      decodeTrip(
        enc([
          1,
          [
            ['', ['/a']],
            ['', ['/a', '/b']],
          ],
        ]),
      ),
    ).toEqual({
      days: [
        { date: '', stops: ['/a'] },
        { date: '', stops: ['/b'] },
      ],
      notes: {},
    })
    expect(parseStoredTrip('{')).toBeNull()
    expect(parseStoredTrip(JSON.stringify({ v: 2, share: 'x' }))).toBeNull()
  })
})

describe('as text', () => {
  it('lists each day and its stops with their address and note', () => {
    const trip = setNote(setDate(twoDays(), 1, '2027-03-14'), '/listing/a', 'Book\nlunch')
    const words = { day: (n: number) => `Day ${n}`, date: (iso: string) => `date ${iso}`, note: 'Note' }
    expect(tripLines(trip, 'https://barossa.example', (p) => p.slice(9).toUpperCase(), words)).toEqual([
      'Day 1:',
      '- A: https://barossa.example/listing/a',
      '  Note: Book lunch',
      '- B: https://barossa.example/listing/b',
      'date 2027-03-14:',
      '- C: https://barossa.example/listing/c',
    ])
  })
})

describe('a move to where a stop already is', () => {
  it('changes nothing (the same trip back)', () => {
    const trip = twoDays()
    expect(moveStop(trip, '/listing/b', { day: 0, index: 1 })).toBe(trip)
    expect(moveStop(trip, '/listing/c', { day: 1, index: 5 })).toBe(trip)
    expect(moveStop(trip, '/listing/d', { day: 'list', index: 0 }, list)).toBe(trip)
  })
})
