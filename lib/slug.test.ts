import { describe, expect, it } from 'vitest'
import { normaliseSlug, slugFromPath, storySlug } from './slug.ts'

describe('normaliseSlug', () => {
  it('strips leading slashes, collapses repeats and lower-cases', () => {
    expect(normaliseSlug('//Things//To-Do')).toBe('things/to-do')
  })
  it('removes the characters * + ~ . ( ) \' " ! : @ # ?', () => {
    expect(normaliseSlug(`a*b+c~d.e(f)g'h"i!j:k@l#m?n`)).toBe('abcdefghijklmn')
  })
  it('turns spaces into hyphens', () => {
    expect(normaliseSlug('Eat and  Drink')).toBe('eat-and-drink')
  })
  it('keeps only letters, digits, -, _ and / (any script)', () => {
    expect(normaliseSlug('a<b>c="d"&e%f\\g;h,i$j')).toBe('abcdefghij')
    expect(normaliseSlug('<script>alert(1)</script>')).toBe('scriptalert1/script')
    expect(normaliseSlug('Café Ünter_Straße/Weingut')).toBe('café-ünter_straße/weingut')
    expect(normaliseSlug('x\u202Ey\u0000z')).toBe('xyz')
  })
  it('never starts with a slash, so it is never a protocol-relative link', () => {
    for (const attack of [
      '//evil.example',
      '././/evil.example',
      '/.//evil.example',
      './/evil.example',
      '\\\\evil.example',
      '/\\evil.example',
      ' / /evil',
      '%2F%2Fevil',
      '<//evil>',
    ]) {
      const slug = normaliseSlug(attack)
      expect(slug.startsWith('/'), `${attack} -> ${slug}`).toBe(false)
      expect(slug).not.toMatch(/[<>=.\\%]/)
    }
    expect(normaliseSlug('././/evil.example')).toBe('evilexample')
  })
})

describe('storySlug', () => {
  it("falls back to the story's id when nothing is left", () => {
    expect(storySlug('?!', 'abc123')).toBe('abc123')
    expect(storySlug('Harvest Story', 'abc123')).toBe('harvest-story')
  })
})

describe('slugFromPath', () => {
  it('maps the root to the home slug and drops a trailing slash', () => {
    expect(slugFromPath('/')).toBe('')
    expect(slugFromPath('/Eat-and-Drink/')).toBe('eat-and-drink')
  })
  it('decodes escapes and survives malformed ones', () => {
    expect(slugFromPath('/caf%C3%A9')).toBe('café')
    expect(slugFromPath('/bad%E0%A4%A')).toBe('bade0a4a')
    expect(slugFromPath('/%2F%2Fevil.example')).toBe('evilexample')
  })
})
