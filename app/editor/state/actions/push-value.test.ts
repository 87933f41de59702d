import { describe, expect, test } from 'vitest'
import { block, loaded } from '../test-helpers.ts'
import { canPushTo, pushValue } from './push-value.ts'
import { editorTexts } from '#lib/editor-texts'

const withList = () => loaded([block('LinkList', { title: 'Links', items: [{ text: 'One', href: '/1', type: 'page' }] })])

describe('pushValue', () => {
  test('appends to a list as one history step', () => {
    const next = pushValue(withList(), { type: 'pushValue', path: ['contents', 0, 'items'], value: { text: '', href: '', type: 'page' } })
    expect((next.page.page?.contents as { items: unknown[] }[])[0]?.items).toHaveLength(2)
    expect(next.page.history.past).toHaveLength(1)
  })

  test('honours the most items allowed', () => {
    const state = withList()
    expect(pushValue(state, { type: 'pushValue', path: ['contents', 0, 'items'], value: {}, max: 1 })).toBe(state)
  })

  test("raises the spec's error when the target is not a list", () => {
    const state = withList()
    expect(() => pushValue(state, { type: 'pushValue', path: ['contents', 0, 'title'], value: 'x' })).toThrow(editorTexts.notAnArray)
    expect(editorTexts.notAnArray).toBe('Value provided is not type Array, please provide an Array or use the setSelected')
    expect(canPushTo(state, ['contents', 0, 'title'])).toBe(false)
    expect(canPushTo(state, ['contents', 0, 'items'])).toBe(true)
  })
})
