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
})
