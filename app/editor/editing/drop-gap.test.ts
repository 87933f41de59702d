import { describe, expect, test } from 'vitest'
import { gapAt, gapForPosition, gapY, landingIndex } from './drop-gap.ts'

// Three blocks: a short one, a tall one, a short one.
const rects = [
  { top: 0, bottom: 100 },
  { top: 100, bottom: 700 },
  { top: 700, bottom: 800 },
]

describe('drop gaps', () => {
  test('the gap nearest the pointer: above a block’s middle is the gap above it, below is the gap below', () => {
    expect(gapAt(-20, rects)).toBe(0)
    expect(gapAt(40, rects)).toBe(0)
    expect(gapAt(60, rects)).toBe(1)
    expect(gapAt(390, rects)).toBe(1)
    expect(gapAt(410, rects)).toBe(2)
    expect(gapAt(760, rects)).toBe(3)
    expect(gapAt(5000, rects)).toBe(3)
  })

  test('a short drag over the next short block’s middle moves it; over a tall block it needs its middle', () => {
    // The first block dragged from its middle to just past its bottom stays: the tall block's middle is far.
    expect(landingIndex(gapAt(50 + 60, rects), 0)).toBe(0)
    // The last block dragged up past the tall block's middle lands above it.
    expect(landingIndex(gapAt(390, rects), 2)).toBe(1)
  })

  test('landing index: the two gaps around the block leave it in place; below it counts one less', () => {
    expect(landingIndex(0, 1)).toBe(0)
    expect(landingIndex(1, 1)).toBe(1)
    expect(landingIndex(2, 1)).toBe(1)
    expect(landingIndex(3, 1)).toBe(2)
  })

  test('keyboard positions map to gaps and back', () => {
    for (const from of [0, 1, 2])
      for (const position of [0, 1, 2]) expect(landingIndex(gapForPosition(position, from), from)).toBe(position)
  })

  test('a gap’s y is the top of the block below it, or the bottom of the last', () => {
    expect(gapY(0, rects)).toBe(0)
    expect(gapY(2, rects)).toBe(700)
    expect(gapY(3, rects)).toBe(800)
    expect(gapY(1, [null, null])).toBeUndefined()
  })
})
