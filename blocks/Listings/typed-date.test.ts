import { describe, expect, it } from 'vitest'
import { readTypedDate } from './typed-date'

const allowAll = () => null

describe('a date typed into the grid (DD/MM/YYYY)', () => {
  it('applies a complete valid date at once, as ISO', () => {
    expect(readTypedDate('5/3/2026', '', allowAll)).toEqual({ draft: null, refused: null, apply: '2026-03-05' })
  })

  it('applies nothing when the date is the one already set', () => {
    expect(readTypedDate('05/03/2026', '2026-03-05', allowAll)).toEqual({ draft: null, refused: null, apply: null })
  })

  it('keeps a partial or impossible date as typed and applies nothing', () => {
    expect(readTypedDate('05/03/20', '2026-03-01', allowAll)).toEqual({ draft: '05/03/20', refused: null, apply: null })
    expect(readTypedDate('31/02/2026', '', allowAll)).toEqual({ draft: '31/02/2026', refused: null, apply: null })
  })

  it('clears the date when the box is emptied, and only then', () => {
    expect(readTypedDate('  ', '2026-03-05', allowAll).apply).toBe('')
    expect(readTypedDate('', '', allowAll).apply).toBeNull()
  })

  it('refuses a date the other box rules out: the text stays, with the reason', () => {
    const toIsBefore = (iso: string) => (iso > '2026-03-10' ? 'From must not be after To' : null)
    expect(readTypedDate('20/03/2026', '', toIsBefore)).toEqual({ draft: '20/03/2026', refused: 'From must not be after To', apply: null })
  })
})
