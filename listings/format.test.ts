import { describe, expect, it } from 'vitest'
// Every language's site texts, as on the server (lib/site-texts/all.ts).
import '#lib/site-texts/all'
import { cardCost, dayLabel, eventDateRange, eventTimes, formatDate, formatTime12, openingRows, ticketCost } from './format'

describe('12-hour times', () => {
  it('reads the provider time formats', () => {
    expect(formatTime12('09:00')).toBe('9:00am')
    expect(formatTime12('17:30:00')).toBe('5:30pm')
    expect(formatTime12('1230')).toBe('12:30pm')
    expect(formatTime12('00:15')).toBe('12:15am')
    expect(formatTime12('')).toBe('')
    expect(formatTime12('noon')).toBe('noon')
  })
})

describe('opening times', () => {
  const openingTime = {
    seasonalPeriods: [
      {
        fromDate: '2026-01-01',
        toDate: '2026-06-30',
        openStatus: [
          { dayOfWeek: 'SUN', openingTime: '', closingTime: '', isClosed: true },
          { dayOfWeek: 'MON', openingTime: '10:00', closingTime: '16:30', isClosed: false },
        ],
      },
      {
        fromDate: '2026-07-01',
        toDate: '2026-12-31',
        openStatus: [{ dayOfWeek: 'ALL', openingTime: '09:00', closingTime: '17:00', isClosed: false }],
      },
    ],
  }

  it('shows the period covering today, in week order, Open with 12-hour hours or Closed', () => {
    expect(openingRows(openingTime, '2026-03-10')).toEqual([
      { day: 'Monday', status: 'Open', hours: '10:00am – 4:30pm' },
      { day: 'Sunday', status: 'Closed', hours: '' },
    ])
  })

  it("reads the code ALL as 'Every day'", () => {
    expect(openingRows(openingTime, '2026-08-01')).toEqual([{ day: 'Every day', status: 'Open', hours: '9:00am – 5:00pm' }])
    expect(dayLabel('ALL')).toBe('Every day')
    expect(dayLabel('WEDNESDAY')).toBe('Wednesday')
  })

  it('falls back to the first period and to nothing', () => {
    expect(openingRows(openingTime, '2030-01-01')[0]?.day).toBe('Monday')
    expect(openingRows(undefined, '2026-01-01')).toEqual([])
  })
})

describe('event times and dates', () => {
  it("shows one time, or 'Various Times' when they differ", () => {
    expect(
      eventTimes([
        { frequencyStartTime: '19:00', frequencyEndTime: '22:00' },
        { frequencyStartTime: '19:00', frequencyEndTime: '22:00' },
      ]),
    ).toBe('7:00pm – 10:00pm')
    expect(
      eventTimes([
        { frequencyStartTime: '19:00', frequencyEndTime: '22:00' },
        { frequencyStartTime: '10:00', frequencyEndTime: '' },
      ]),
    ).toBe('Various Times')
    expect(eventTimes([])).toBe('')
  })

  it('formats a date range', () => {
    expect(eventDateRange('2026-03-14', '2026-03-16')).toBe('14 Mar 2026 – 16 Mar 2026')
    expect(eventDateRange('2026-03-14', '2026-03-14')).toBe('14 Mar 2026')
    expect(eventDateRange('', '')).toBe('')
  })
})

describe('costs', () => {
  it("card: 'Free' for free entry, else the rate range", () => {
    expect(cardCost({ freeEntryFlag: '1', rateFrom: 20 })).toBe('Free')
    expect(cardCost({ freeEntryFlag: 0, rateFrom: '20', rateTo: '45.5' })).toBe('$20 – $45.50')
    expect(cardCost({ rateFrom: 30, rateTo: 30 })).toBe('$30')
    expect(cardCost({ rateFrom: null, rateTo: null })).toBe('')
  })

  it("details: 'Free Entry' only when free and without rates", () => {
    expect(ticketCost({ freeEntryFlag: 1, rates: [] })).toEqual({ free: true, rows: [] })
    expect(ticketCost({ freeEntryFlag: 1, rates: [{ ratesTypeDescription: 'Adult', priceFrom: 25, priceTo: null }] })).toEqual({
      free: false,
      rows: [{ label: 'Adult', price: '$25' }],
    })
  })
})

describe('dates', () => {
  it('reads as Intl formats Australian English, for every month and the first and last days', () => {
    const intl = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        expect(formatDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)))
      }
    }
    expect(formatDate('2026-09-05')).toBe('5 Sept 2026')
    expect(formatDate('2026-12-31T10:00:00+10:30')).toBe('31 Dec 2026')
  })

  it('is empty for what is not a date, rather than failing the page', () => {
    expect(formatDate('2026-13-01')).toBe('')
    expect(formatDate('2026-00-10')).toBe('')
    expect(formatDate('soon')).toBe('')
    expect(formatDate(null)).toBe('')
  })
})

describe('in the visitor’s language (issue 33 point 5)', () => {
  it('writes dates, times, days and prices as Intl does for German and Chinese', () => {
    expect(formatDate('2026-03-14', 'de')).toBe('14. März 2026')
    expect(formatDate('2026-03-14', 'zh-Hans')).toBe('2026年3月14日')
    expect(eventDateRange('2026-03-14', '2026-03-16', 'de')).toBe('14. März 2026 – 16. März 2026')
    expect(formatTime12('17:30:00', 'de')).toBe('17:30')
    expect(dayLabel('MON', 'de')).toBe('Montag')
    expect(dayLabel('SUN', 'zh-Hans')).toBe('星期日')
    expect(dayLabel('ALL', 'de')).toBe('Täglich')
    expect(cardCost({ rateFrom: 20, rateTo: 45 }, 'de')).toBe('20\u00a0AU$ – 45\u00a0AU$')
    expect(cardCost({ rateFrom: '19.5' }, 'zh-Hans')).toBe('AU$19.50')
    expect(cardCost({ freeEntryFlag: 1 }, 'de')).toBe('Kostenlos')
    expect(ticketCost({ rateFrom: 20 }, 'zh-Hans').rows).toEqual([{ label: '门票', price: 'AU$20' }])
  })

  it('keeps the English forms the spec gives', () => {
    expect(formatDate('2026-03-14', 'en-AU')).toBe('14 Mar 2026')
    expect(formatTime12('17:30', 'en-AU')).toBe('5:30pm')
    expect(cardCost({ rateFrom: 20, rateTo: 45 }, 'en-AU')).toBe('$20 – $45')
    expect(eventTimes([{ frequencyStartTime: '10:00', frequencyEndTime: '11:00' }, { frequencyStartTime: '12:00' }])).toBe('Various Times')
  })
})
