import { describe, expect, it } from 'vitest'
import {
  closedWeekdays,
  hasOpeningHours,
  hoursOn,
  isOpenAt,
  isOpenOnDay,
  regionalClock,
  weekdayOf,
  type OpeningHoursInput,
} from './opening-hours.ts'

const day = (d: string, from: string, to: string) => ({ dayOfWeek: d, openingTime: from, closingTime: to, isClosed: false })
const closed = (d: string) => ({ dayOfWeek: d, openingTime: '', closingTime: '', isClosed: true })

/** A cellar door: summer Tue-Sun 10-17 (a late Friday to 02:00, a split Saturday), closed Mondays; winter every day 10-16; holidays. */
const cellarDoor: OpeningHoursInput = {
  seasonalPeriods: [
    {
      fromDate: '2025-10-01',
      toDate: '2026-03-31',
      openStatus: [
        closed('MON'),
        day('TUE', '10:00', '17:00'),
        day('WED', '10:00', '17:00'),
        day('THU', '10:00', '17:00'),
        day('FRI', '18:00', '02:00'),
        day('SAT', '11:00', '14:00'),
        day('SAT', '17:30', '21:00'),
        day('SUN', '10:00', '17:00'),
      ],
    },
    { fromDate: '2026-04-01', toDate: '2026-09-30', openStatus: [day('ALL', '10:00', '16:00')] },
    {
      fromDate: '2026-10-01',
      toDate: '2027-03-31',
      openStatus: [closed('MON'), ...['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((d) => day(d, '10:00', '17:00'))],
    },
  ],
  exceptions: {
    periods: [
      {
        fromDate: '2026-12-25',
        toDate: '2026-12-25',
        description: 'Christmas Day',
        openStatus: [{ ...closed('ALL'), singleDayExceptionOn: '2026-12-25' }],
      },
      {
        fromDate: '2027-01-01',
        toDate: '2027-01-01',
        description: "New Year's Day",
        openStatus: [{ ...day('ALL', '11:00', '16:00'), singleDayExceptionOn: '2027-01-01' }],
      },
    ],
  },
}

/** The region's clock (Adelaide): 10:30 ahead of UTC in summer, 9:30 in winter. */
const at = (iso: string) => new Date(iso)

describe("opening hours on the region's clock (Australia/Adelaide)", () => {
  it('reads an instant as an Adelaide day and time, summer and winter', () => {
    expect(regionalClock(at('2026-03-10T23:30:00Z'))).toEqual(['2026-03-11', '10:00'])
    expect(regionalClock(at('2026-07-06T06:29:00Z'))).toEqual(['2026-07-06', '15:59'])
    expect(weekdayOf('2026-03-09')).toBe('MON')
  })

  it('is open from the opening minute and closed from the closing minute, in summer time', () => {
    // Wednesday 11 March 2026, 09:59 and 10:00 in Adelaide (UTC+10:30).
    expect(isOpenAt(cellarDoor, at('2026-03-10T23:29:00Z'))).toBe(false)
    expect(isOpenAt(cellarDoor, at('2026-03-10T23:30:00Z'))).toBe(true)
    // 16:59 and 17:00.
    expect(isOpenAt(cellarDoor, at('2026-03-11T06:29:00Z'))).toBe(true)
    expect(isOpenAt(cellarDoor, at('2026-03-11T06:30:00Z'))).toBe(false)
  })

  it('is closed on its closed weekday though the UTC date is still Sunday', () => {
    // Monday 9 March 2026 at 10:00 in Adelaide is Sunday 23:30 UTC.
    expect(isOpenAt(cellarDoor, at('2026-03-08T23:30:00Z'))).toBe(false)
    expect(hoursOn(cellarDoor, '2026-03-09')).toEqual({ status: 'closed', intervals: [] })
  })

  it('takes the winter period in winter (every day, on standard time)', () => {
    // Monday 6 July 2026: open in winter; 15:59 and 16:00 in Adelaide (UTC+9:30).
    expect(isOpenAt(cellarDoor, at('2026-07-06T06:29:00Z'))).toBe(true)
    expect(isOpenAt(cellarDoor, at('2026-07-06T06:30:00Z'))).toBe(false)
    expect(isOpenOnDay(cellarDoor, '2026-07-06')).toBe(true)
  })

  it('counts an opening past midnight on the next morning', () => {
    // Friday 13 March 18:00-02:00: Saturday 01:30 open, 02:00 closed.
    expect(isOpenAt(cellarDoor, at('2026-03-13T15:00:00Z'))).toBe(true)
    expect(isOpenAt(cellarDoor, at('2026-03-13T07:29:00Z'))).toBe(false)
  })

  it('keeps both openings of a split day and the gap between them', () => {
    expect(hoursOn(cellarDoor, '2026-03-14').intervals).toEqual([
      { from: '11:00', to: '14:00' },
      { from: '17:30', to: '21:00' },
    ])
    // Saturday 14 March 15:00 (closed), 18:00 (open).
    expect(isOpenAt(cellarDoor, at('2026-03-14T04:30:00Z'))).toBe(false)
    expect(isOpenAt(cellarDoor, at('2026-03-14T07:30:00Z'))).toBe(true)
  })

  it('lets an exception decide the day: closed on Christmas Day, shorter hours on New Year', () => {
    expect(hoursOn(cellarDoor, '2026-12-25')).toEqual({ status: 'closed', intervals: [], exception: 'Christmas Day' })
    expect(isOpenOnDay(cellarDoor, '2026-12-25')).toBe(false)
    // Friday 1 January 2027 10:30 and 11:00 in Adelaide: the exception opens at 11:00.
    expect(isOpenAt(cellarDoor, at('2027-01-01T00:00:00Z'))).toBe(false)
    expect(isOpenAt(cellarDoor, at('2027-01-01T00:30:00Z'))).toBe(true)
    expect(hoursOn(cellarDoor, '2027-01-01').exception).toBe("New Year's Day")
    // The day after is the season's usual Saturday.
    expect(hoursOn(cellarDoor, '2027-01-02')).toEqual({ status: 'open', intervals: [{ from: '10:00', to: '17:00' }] })
  })

  it('names the weekdays closed all year, or in the season of a day', () => {
    expect(closedWeekdays(cellarDoor)).toEqual([])
    expect(closedWeekdays(cellarDoor, '2026-11-02')).toEqual(['MON'])
    expect(closedWeekdays(cellarDoor, '2026-07-06')).toEqual([])
    const mondaysOff = { seasonalPeriods: [cellarDoor.seasonalPeriods![2]!] }
    expect(closedWeekdays(mondaysOff)).toEqual(['MON'])
  })

  it('says unknown, never open nor closed, where the provider says nothing', () => {
    expect(hoursOn(undefined, '2026-03-11')).toEqual({ status: 'unknown', intervals: [] })
    expect(isOpenAt({ seasonalPeriods: [] }, at('2026-03-10T23:30:00Z'))).toBe(false)
    expect(closedWeekdays({ seasonalPeriods: [] })).toEqual([])
    expect(hasOpeningHours({ seasonalPeriods: [] })).toBe(false)
    expect(hasOpeningHours(cellarDoor)).toBe(true)
    // A day outside every period: unknown.
    expect(hoursOn(cellarDoor, '2030-01-01').status).toBe('unknown')
  })

  it("reads the provider's raw values (flags as strings, long day names, times without a colon)", () => {
    const raw = {
      seasonalPeriods: [
        {
          fromDate: '2026-01-01',
          toDate: '2026-12-31',
          openStatus: [
            { dayOfWeek: 'MONDAY', openingTime: '', closingTime: '', isClosed: 'true' },
            { dayOfWeek: 'Every day', openingTime: '0930', closingTime: '1700', isClosed: 'false' },
          ],
        },
      ],
    }
    expect(hoursOn(raw, '2026-03-09').status).toBe('closed')
    expect(hoursOn(raw, '2026-03-10')).toEqual({ status: 'open', intervals: [{ from: '09:30', to: '17:00' }] })
  })

  it('reads the right day across the change back to standard time (5 April 2026)', () => {
    // Sunday 5 April 2026 10:00 ACST (after the 03:00 -> 02:00 change) is 00:30 UTC; winter period: open.
    expect(regionalClock(at('2026-04-05T00:30:00Z'))).toEqual(['2026-04-05', '10:00'])
    expect(isOpenAt(cellarDoor, at('2026-04-05T00:30:00Z'))).toBe(true)
    expect(isOpenAt(cellarDoor, at('2026-04-05T00:29:00Z'))).toBe(false)
  })
})
