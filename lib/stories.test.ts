import { describe, expect, it } from 'vitest'
import { chapterPart, chapterSlug, storySlug, storySlugOfChapter } from './stories.ts'

describe('chapter page slugs (spec 01 §2.1)', () => {
  it("are prefixed 'chapters/{story slug}/'", () => {
    expect(chapterSlug('harvest', 'picking')).toBe('chapters/harvest/picking')
    expect(chapterSlug('harvest', '/Picking Day')).toBe('chapters/harvest/picking-day')
  })
  it('keep the page part when the prefix is already there, or when the story changes', () => {
    expect(chapterSlug('harvest', 'chapters/harvest/picking')).toBe('chapters/harvest/picking')
    expect(chapterSlug('vintage', 'chapters/harvest/picking')).toBe('chapters/vintage/picking')
    expect(chapterPart('chapters/harvest/picking', 'harvest')).toBe('picking')
  })
  it('name the story they live under', () => {
    expect(storySlugOfChapter('chapters/harvest/picking')).toBe('harvest')
    expect(storySlugOfChapter('about')).toBeNull()
  })
})

describe('story slugs (spec 01 §5)', () => {
  it('strip, collapse, lower-case and remove the listed characters, else use the id', () => {
    expect(storySlug('//A//B', 'id1')).toBe('a/b')
    expect(storySlug('*+~.()\'"!:@#?', 'id1')).toBe('id1')
  })
})
