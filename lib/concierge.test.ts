import { describe, expect, it } from 'vitest'
import { checkEnquiry, checkInLimits, stepOf, summaryHtml, summaryValue } from './concierge.ts'
import { formatDmy, parseDate } from './dates.ts'
import { texts } from './texts.ts'

describe('check-in date limits (spec 02 §5)', () => {
  it('is tomorrow at the earliest when no month is chosen', () => {
    expect(checkInLimits('', '2026-11-23')).toEqual({ min: '2026-11-24' })
    expect(checkInLimits('', '2026-12-31')).toEqual({ min: '2027-01-01' })
  })
  it('runs from today to the end of the current month', () => {
    expect(checkInLimits('November', '2026-11-23')).toEqual({ min: '2026-11-23', max: '2026-11-30' })
  })
  it('runs over the whole of a later month this year', () => {
    expect(checkInLimits('December', '2026-11-23')).toEqual({ min: '2026-12-01', max: '2026-12-31' })
  })
  it('takes next year for a month that has passed, with its real length', () => {
    expect(checkInLimits('February', '2026-11-23')).toEqual({ min: '2027-02-01', max: '2027-02-28' })
    expect(checkInLimits('February', '2027-03-01')).toEqual({ min: '2028-02-01', max: '2028-02-29' })
  })
})

describe('the enquiry schema', () => {
  const ok = { firstName: 'A', surname: 'B', email: 'a@b.co', phone: '1' }
  it('asks for the four contact fields with the spec messages', () => {
    const result = checkEnquiry({}, '2026-11-23')
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.issues).toEqual(
        ['firstName', 'surname', 'email', 'phone'].map((field) => ({ field, message: texts.concierge.required })),
      )
  })
  it('checks the e-mail format', () => {
    const result = checkEnquiry({ ...ok, email: 'a@b' }, '2026-11-23')
    expect(!result.ok && result.issues).toEqual([{ field: 'email', message: texts.concierge.wrongEmail }])
  })
  it('accepts a date inside the chosen month and refuses one outside it', () => {
    expect(checkEnquiry({ ...ok, monthToVisit: 'December', checkInDate: '2026-12-24' }, '2026-11-23').ok).toBe(true)
    const result = checkEnquiry({ ...ok, monthToVisit: 'December', checkInDate: '2027-01-02' }, '2026-11-23')
    expect(!result.ok && result.issues).toEqual([{ field: 'checkInDate', message: 'Please choose a date from 01/12/2026 to 31/12/2026.' }])
  })
  it('knows which step holds a field', () => {
    expect(stepOf('email')).toBe(0)
    expect(stepOf('checkInDate')).toBe(1)
    expect(stepOf('budgetPerNight')).toBe(2)
    expect(stepOf('bookingsToHelp')).toBe(3)
    expect(stepOf('comments')).toBe(4)
  })
})

describe('the summary', () => {
  it("shows 'N/A' for empty values, joins lists and prefixes the budget", () => {
    expect(summaryValue('comments', {})).toBe('N/A')
    expect(summaryValue('activities', { activities: [] })).toBe('N/A')
    expect(summaryValue('activities', { activities: ['Golf', 'Spas'] })).toBe('Golf, Spas')
    // In the order of the options, not the order they were ticked in.
    expect(summaryValue('activities', { activities: ['Spas', 'Golf', 'Group Wine Tours'] })).toBe('Group Wine Tours, Golf, Spas')
    expect(summaryValue('budgetPerNight', { budgetPerNight: 180 })).toBe('A$ 180')
    expect(summaryValue('numOfChildren', { numOfChildren: 0 })).toBe('0')
    expect(summaryValue('checkInDate', { checkInDate: '2026-12-24' })).toBe('24/12/2026')
    expect(formatDmy(parseDate('2026-01-05'))).toBe('05/01/2026')
  })
  it('escapes what a visitor typed', () => {
    const html = summaryHtml({ firstName: '<img src=x onerror=alert(1)>', comments: 'a & "b"' })
    expect(html).toContain('<strong>First Name:</strong> &lt;img src=x onerror=alert(1)&gt;</p>')
    expect(html).toContain('<strong>Questions or comments:</strong> a &amp; &quot;b&quot;</p>')
  })
})
