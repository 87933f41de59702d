import { describe, expect, test } from 'vitest'
import { loaded, textsOf } from '../test-helpers.ts'
import { moveBlock } from './move-block.ts'
import { selectBlock } from './selection.ts'

describe('moveBlock', () => {
  test('moves a block up and down within its list; the selection follows it', () => {
    const selected = selectBlock(loaded(), { type: 'selectBlock', path: ['contents', 1] })
    const up = moveBlock(selected, { type: 'moveBlock', path: ['contents', 1], delta: -1 })
    expect(textsOf(up)).toEqual(['B', 'A', 'C'])
    expect(up.selection.block).toEqual(['contents', 0])
    const down = moveBlock(up, { type: 'moveBlock', path: ['contents', 0], delta: 1 })
    expect(textsOf(down)).toEqual(['A', 'B', 'C'])
    expect(down.selection.block).toEqual(['contents', 1])
    expect(down.page.history.past).toHaveLength(2)
    expect(down.page.isDirty).toBe(false)
  })

  test('nothing happens past either end (and no history step is made)', () => {
    const state = loaded()
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 0], delta: -1 })).toBe(state)
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 2], delta: 1 })).toBe(state)
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 7], delta: -1 })).toBe(state)
  })
})

describe('moveBlock to a place (drag and drop)', () => {
  test('moves a block to any index in one history step; the selection follows the block it was on', () => {
    const selected = selectBlock(loaded(), { type: 'selectBlock', path: ['contents', 1] })
    const first = moveBlock(selected, { type: 'moveBlock', path: ['contents', 2], to: 0 })
    expect(textsOf(first)).toEqual(['C', 'A', 'B'])
    expect(first.selection.block).toEqual(['contents', 2])
    expect(first.page.history.past).toHaveLength(1)
    const back = moveBlock(first, { type: 'moveBlock', path: ['contents', 0], to: 2 })
    expect(textsOf(back)).toEqual(['A', 'B', 'C'])
    expect(back.selection.block).toEqual(['contents', 1])
  })

  test('a drop on its own place or outside the list changes nothing', () => {
    const state = loaded()
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 1], to: 1 })).toBe(state)
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 1], to: 3 })).toBe(state)
    expect(moveBlock(state, { type: 'moveBlock', path: ['contents', 1], to: -1 })).toBe(state)
  })
})
