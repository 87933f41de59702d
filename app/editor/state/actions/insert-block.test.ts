import { describe, expect, test } from 'vitest'
import { block, loaded, textsOf } from '../test-helpers.ts'
import { insertBlock } from './insert-block.ts'

describe('insertBlock', () => {
  test('inserts at an index with a stable key and selects the new block', () => {
    const next = insertBlock(loaded(), {
      type: 'insertBlock',
      listPath: ['contents'],
      index: 1,
      block: block('Text', { text: 'New' }),
      key: 'n1',
    })
    expect(textsOf(next)).toEqual(['A', 'New', 'B', 'C'])
    expect((next.page.page?.contents as { _key: string }[])[1]?._key).toBe('n1')
    expect(next.selection).toEqual({ block: ['contents', 1], field: null, view: 'block' })
    expect(next.page.isDirty).toBe(true)
    expect(next.page.history.past).toHaveLength(1)
  })

  test('appends without an index, clamps past the end, and generates a key', () => {
    const end = insertBlock(loaded(), { type: 'insertBlock', listPath: ['contents'], block: block('Text', { text: 'Z' }) })
    expect(textsOf(end)).toEqual(['A', 'B', 'C', 'Z'])
    expect((end.page.page?.contents as { _key?: string }[])[3]?._key).toMatch(/^b-/)
    const clamped = insertBlock(loaded(), { type: 'insertBlock', listPath: ['contents'], index: 99, block: block('Text', { text: 'Z' }) })
    expect(textsOf(clamped)).toEqual(['A', 'B', 'C', 'Z'])
  })

  test('creates a missing nested list; never shares the inserted object', () => {
    const state = loaded([block('SplitContent', {}, 's')])
    const list = [1]
    const source = block('Text', { text: 'inside', list })
    const next = insertBlock(state, { type: 'insertBlock', listPath: ['contents', 0, 'left'], index: 0, block: source })
    expect(textsOf(next, ['contents', 0, 'left'])).toEqual(['inside'])
    list.push(2)
    expect((next.page.page?.contents as { left: { list: number[] }[] }[])[0]?.left[0]?.list).toEqual([1])
  })

  test('does nothing without a page or when the target is not a list', () => {
    const state = loaded([block('Text', { text: 'A' })])
    expect(insertBlock(state, { type: 'insertBlock', listPath: ['contents', 0, 'text'], block: block('Text') })).toBe(state)
  })
})
