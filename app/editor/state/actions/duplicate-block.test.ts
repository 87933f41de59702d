import { describe, expect, test } from 'vitest'
import { loaded, textsOf } from '../test-helpers.ts'
import { duplicateBlock } from './duplicate-block.ts'

describe('duplicateBlock', () => {
  test('puts a deep copy with a new key right after the block and selects it', () => {
    const next = duplicateBlock(loaded(), { type: 'duplicateBlock', path: ['contents', 1], makeKey: () => 'copy' })
    expect(textsOf(next)).toEqual(['A', 'B', 'B', 'C'])
    const contents = next.page.page?.contents as { _key: string }[]
    expect(contents.map((b) => b._key)).toEqual(['a', 'b', 'copy', 'c'])
    expect(contents[2]).not.toBe(contents[1])
    expect(next.selection.block).toEqual(['contents', 2])
    expect(next.page.history.past).toHaveLength(1)
  })

  test('does nothing for a path that holds no block', () => {
    const state = loaded()
    expect(duplicateBlock(state, { type: 'duplicateBlock', path: ['contents', 9] })).toBe(state)
  })
})
