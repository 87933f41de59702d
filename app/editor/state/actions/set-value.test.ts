import { describe, expect, test } from 'vitest'
import { loaded } from '../test-helpers.ts'
import { setValue } from './set-value.ts'

describe('setValue', () => {
  test('sets a value at an absolute path as one history step', () => {
    const next = setValue(loaded(), { type: 'setValue', path: ['contents', 0, 'text'], value: 'Hello' })
    expect(next.page.page?.contents).toMatchObject([{ text: 'Hello' }, { text: 'B' }, { text: 'C' }])
    expect(next.page.history.past).toHaveLength(1)
    expect(next.page.isDirty).toBe(true)
    const header = setValue(next, { type: 'setValue', path: ['header', 'title'], value: 'Stay longer' })
    expect(header.page.page?.header).toEqual({ title: 'Stay longer' })
    expect(header.page.history.past).toHaveLength(2)
  })

  test('an unchanged value makes no step', () => {
    const state = loaded()
    expect(setValue(state, { type: 'setValue', path: ['contents', 0, 'text'], value: 'A' })).toBe(state)
  })

  test('setting spacing is an edit like any other', () => {
    const spacing = { marginTop: { base: 4, sm: 4, lg: 4 } }
    const next = setValue(loaded(), { type: 'setValue', path: ['contents', 2, 'spacing'], value: spacing })
    expect(next.page.page?.contents).toMatchObject([{}, {}, { spacing }])
    expect(next.page.history.past).toHaveLength(1)
  })
})
