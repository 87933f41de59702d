import { describe, expect, it } from 'vitest'
import { openingTimeSchema } from '#lib/listings'
import { stopWarnings, type TripStopInfo } from '#lib/trip/model'
import { tripTextsEn, warningText } from '#lib/trip/texts/index'
import { closedOn, tripChecks } from './closed.ts'

/** A cellar door open Tuesday to Sunday 10–5 all year, closed on Mondays and on Christmas Day 2027. */
const hours = openingTimeSchema.parse({
  seasonalPeriods: [
    {
      fromDate: '2027-01-01',
      toDate: '2027-12-31',
      openStatus: ['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']
        .map((dayOfWeek) => ({ dayOfWeek, openingTime: '10:00', closingTime: '17:00' }))
        .concat([{ dayOfWeek: 'MON', openingTime: '', closingTime: '', isClosed: true } as never]),
    },
  ],
  exceptions: {
    exceptionPeriod: 'PUBLIC HOLIDAYS',
    periods: [
      {
        fromDate: '2027-12-25',
        toDate: '2027-12-25',
        description: 'Christmas Day',
        openStatus: [{ dayOfWeek: 'ALL', isClosed: true }],
      },
    ],
  },
})

const winery: TripStopInfo = {
  path: '/listing/cellar-door',
  kind: 'listing',
  title: 'Cellar Door',
  lat: null,
  lng: null,
  address: '',
  event: null,
  openingTime: hours,
}

describe("the trip's closed-day warnings, from the listings feature's opening hours", () => {
  it('says "Closed on Mondays" on a Monday, a named exception on its day, nothing on an open day or without hours', () => {
    expect(closedOn(hours, '2027-03-15')).toEqual({ weekly: true, exception: '' }) // a Monday
    expect(closedOn(hours, '2027-03-16')).toBeUndefined()
    expect(closedOn(hours, '2027-12-25')).toEqual({ weekly: false, exception: 'Christmas Day' }) // a Saturday
    expect(closedOn(null, '2027-03-15')).toBeUndefined()
    expect(closedOn(hours, '2028-03-13')).toBeUndefined() // no period covers it: unknown, not closed
    const words = (date: string) => stopWarnings(winery, date, tripChecks).map((w) => warningText(tripTextsEn, w, 'en-AU'))
    expect(words('2027-03-15')).toEqual(['Closed on Mondays'])
    expect(words('2027-12-25')).toEqual(['Closed that day (Christmas Day)'])
    expect(words('2027-03-16')).toEqual([])
    expect(words('')).toEqual([])
  })
})
