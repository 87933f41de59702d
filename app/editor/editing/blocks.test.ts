import { describe, expect, it } from 'vitest'
import { addableTypes, matching } from './blocks.ts'

describe('the block picker search', () => {
  const types = [{ label: 'Formatted Text' }, { label: 'Rich Text' }, { label: 'Text' }, { label: 'Contact' }]

  it('puts the exact match first, then labels starting with the words, then the rest in their order', () => {
    expect(matching(types, 'text').map((t) => t.label)).toEqual(['Text', 'Formatted Text', 'Rich Text'])
    expect(matching(types, ' RICH ').map((t) => t.label)).toEqual(['Rich Text'])
    expect(matching(types, 'con').map((t) => t.label)).toEqual(['Contact'])
  })

  it('offers everything for an empty query and nothing for an unknown word', () => {
    expect(matching(types, '')).toHaveLength(4)
    expect(matching(types, 'zzz')).toEqual([])
  })

  it('finds every type the page allows by its own label, first', () => {
    const all = addableTypes('contents')
    for (const type of all) expect(matching(all, type.label)[0]).toBe(type)
  })

  it('finds a type by its plain title (first) and by words of its description', () => {
    const all = addableTypes('contents')
    for (const type of all) expect(matching(all, type.title)[0]).toBe(type)
    expect(matching(all, 'two columns')[0]?.type).toBe('SplitContent')
    expect(matching(all, 'newsletter').map((t) => t.type)).toContain('NewsletterForm')
    expect(matching(all, 'subscribe').map((t) => t.type)).toEqual(['NewsletterForm'])
  })

  it("groups the types by purpose, in the picker's order, and offers a split side only what it allows", () => {
    const groups = addableTypes('contents').map((t) => t.group)
    expect([...new Set(groups)]).toEqual(['text', 'media', 'cards', 'listings', 'booking', 'layout'])
    const split = addableTypes('split').map((t) => t.type)
    expect(split).toContain('Quote')
    expect(split).not.toContain('SplitContent')
    expect(split).not.toContain('Listings')
  })
})
