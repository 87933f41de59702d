import { describe, expect, it } from 'vitest'
import { normaliseSlug, slugFromPath, storySlug } from './slug.ts'

describe('normaliseSlug', () => {
  it('strips leading slashes, collapses repeats and lower-cases', () => {
    expect(normaliseSlug('//Things//To-Do')).toBe('things/to-do')
  })
  it("removes the characters * + ~ . ( ) ' \" ! : @ # ?", () => {
    expect(normaliseSlug(`a*b+c~d.e(f)g'h"i!j:k@l#m?n`)).toBe('abcdefghijklmn')
  })
  it('turns spaces into hyphens', () => {
    expect(normaliseSlug('Eat and  Drink')).toBe('eat-and-drink')
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
    expect(slugFromPath('/bad%E0%A4%A')).toBe('bad%e0%a4%a')
  })
})
