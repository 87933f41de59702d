import { describe, expect, test } from 'vitest'
import { formatDate, parseDate } from './date.ts'

describe('DD/MM/YYYY dates', () => {
  test('parses typed dates and formats them back', () => {
    const date = parseDate('05/03/2027')
    expect(date?.getFullYear()).toBe(2027)
    expect(date?.getMonth()).toBe(2)
    expect(date?.getDate()).toBe(5)
    expect(formatDate(date!)).toBe('05/03/2027')
  })

  test('rejects impossible or malformed dates; accepts stored ISO dates', () => {
    expect(parseDate('31/02/2027')).toBeNull()
    expect(parseDate('2027/03/05')).toBeNull()
    expect(parseDate('')).toBeNull()
    expect(parseDate(7)).toBeNull()
    expect(formatDate(parseDate('2027-03-05')!)).toBe('05/03/2027')
  })
})
