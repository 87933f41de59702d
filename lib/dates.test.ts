import { describe, expect, it } from 'vitest'
import { formatDmy, formatIso, parseDate, parseDmy, toIsoDate } from './dates.ts'

describe('DD/MM/YYYY dates', () => {
  it('parses typed dates and formats them back', () => {
    const date = parseDmy('05/03/2027')
    expect(date?.getFullYear()).toBe(2027)
    expect(date?.getMonth()).toBe(2)
    expect(date?.getDate()).toBe(5)
    expect(formatDmy(date)).toBe('05/03/2027')
    expect(formatIso(parseDmy(' 4/3/2026 '))).toBe('2026-03-04')
  })

  it('refuses impossible dates and accepts leap days', () => {
    expect(parseDmy('31/02/2027')).toBeNull()
    expect(parseDmy('29/02/2027')).toBeNull()
    expect(parseDmy('32/01/2027')).toBeNull()
    expect(parseDmy('01/13/2027')).toBeNull()
    expect(formatIso(parseDmy('29/02/2028'))).toBe('2028-02-29')
    expect(toIsoDate('2027-02-31')).toBeNull()
  })

  it('refuses malformed text', () => {
    for (const text of ['', '2027/03/05', '5/3/27', '05-03-2027', '05/03/2027x', 'soon']) expect(parseDmy(text)).toBeNull()
    expect(parseDmy(7)).toBeNull()
    expect(parseDate(null)).toBeNull()
    expect(formatDmy(null)).toBe('')
    expect(formatIso(undefined)).toBe('')
  })

  it('typed dates are DD/MM/YYYY only; parseDate also reads stored ISO dates', () => {
    expect(parseDmy('2026-03-04')).toBeNull()
    expect(formatDmy(parseDate('2026-03-04'))).toBe('04/03/2026')
    expect(formatDmy(parseDate('2026-03-04T23:30:00Z'))).toBe('04/03/2026')
    expect(toIsoDate('4/3/2026')).toBe('2026-03-04')
    expect(toIsoDate('2026-03-04')).toBe('2026-03-04')
    expect(toIsoDate('31/02/2026')).toBeNull()
    expect(toIsoDate(undefined)).toBeNull()
  })
})
