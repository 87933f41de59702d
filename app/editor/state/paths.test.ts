import { describe, expect, test } from 'vitest'
import { getIn, isWithin, samePath, setIn, splitBlockPath, withFreshKeys } from './paths.ts'

describe('paths', () => {
  test('getIn reads nested values and answers undefined for missing steps', () => {
    const doc = { contents: [{ items: [{ title: 'x' }] }] }
    expect(getIn(doc, ['contents', 0, 'items', 0, 'title'])).toBe('x')
    expect(getIn(doc, ['contents', 5, 'items'])).toBeUndefined()
    expect(getIn(doc, [])).toBe(doc)
  })

  test('setIn copies along the path only and never changes the original', () => {
    const doc = { header: { title: 'a' }, contents: [{ text: 'one' }, { text: 'two' }] }
    const next = setIn(doc, ['contents', 1, 'text'], 'zwei')
    expect(next.contents[1]).toEqual({ text: 'zwei' })
    expect(doc.contents[1]).toEqual({ text: 'two' })
    expect(next.header).toBe(doc.header)
    expect(next.contents[0]).toBe(doc.contents[0])
    expect(Array.isArray(next.contents)).toBe(true)
    expect(setIn({}, ['a', 0, 'b'], 1)).toEqual({ a: [{ b: 1 }] })
  })

  test('block paths split into list and index; within and same compare paths', () => {
    expect(splitBlockPath(['contents', 2])).toEqual({ list: ['contents'], index: 2 })
    expect(splitBlockPath(['contents'])).toBeNull()
    expect(isWithin(['contents', 1, 'title'], ['contents', 1])).toBe(true)
    expect(isWithin(['contents', 10], ['contents', 1])).toBe(false)
    expect(samePath(['a', 1], ['a', 1])).toBe(true)
    expect(samePath(['a', 1], ['a', 2])).toBe(false)
  })

  test('withFreshKeys gives the block and every nested block a new key, leaving other data alone', () => {
    let n = 0
    const copy = withFreshKeys(
      { componentType: 'Split', _key: 'old', left: [{ componentType: 'Text', _key: 'x', text: 't' }], items: [{ title: 'card' }] },
      () => `k${++n}`,
    )
    expect(copy).toEqual({
      componentType: 'Split',
      _key: 'k2',
      left: [{ componentType: 'Text', _key: 'k1', text: 't' }],
      items: [{ title: 'card' }],
    })
  })
})
