import { describe, expect, it } from 'vitest'
import { SPACING_PX, spacingClasses } from './spacing'

describe('spacingClasses', () => {
  it('applies the spec defaults: margin top 2, 2, 3 and nothing else', () => {
    expect(spacingClasses(undefined).split(' ')).toEqual([
      'mt-2',
      'lg:mt-2',
      'xl:mt-4',
      'mb-0',
      'lg:mb-0',
      'xl:mb-0',
      'pt-0',
      'lg:pt-0',
      'xl:pt-0',
      'pb-0',
      'lg:pb-0',
      'xl:pb-0',
    ])
  })

  it('maps the scale 1..6 to 4, 8, 16, 32, 48, 64 px (Tailwind units of 4 px)', () => {
    expect(SPACING_PX).toEqual([0, 4, 8, 16, 32, 48, 64])
    const units = [0, 1, 2, 4, 8, 12, 16]
    for (let step = 0; step <= 6; step++) {
      const cls = spacingClasses({ paddingTop: { base: step, sm: step, lg: step } }).split(' ')
      expect(cls).toContain(`pt-${units[step]}`)
      expect(cls).toContain(`lg:pt-${units[step]}`)
      expect(cls).toContain(`xl:pt-${units[step]}`)
      expect(units[step]! * 4).toBe(SPACING_PX[step])
    }
  })

  it('uses each breakpoint separately and keeps defaults for sides not given', () => {
    const cls = spacingClasses({ marginBottom: { base: 1, sm: 4, lg: 6 } }).split(' ')
    expect(cls).toEqual(expect.arrayContaining(['mb-1', 'lg:mb-8', 'xl:mb-16', 'mt-2', 'xl:mt-4']))
  })

  it('clamps out-of-range values', () => {
    const cls = spacingClasses({ marginTop: { base: 9, sm: -1, lg: 2.4 } }).split(' ')
    expect(cls.slice(0, 3)).toEqual(['mt-16', 'lg:mt-0', 'xl:mt-2'])
  })
})
