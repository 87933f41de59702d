import { describe, expect, test } from 'vitest'
import { initialEditorState } from '../types.ts'
import { clearActiveItem } from './clear-active-item.ts'

describe('clearActiveItem', () => {
  test('clears the active item', () => {
    const state = initialEditorState()
    state.menu.activeItem = 'dashboard'
    expect(clearActiveItem(state, { type: 'clearActiveItem' }).menu.activeItem).toBeNull()
  })

  test('with an item, clears only when that item is the active one', () => {
    const state = initialEditorState()
    state.menu.activeItem = 'siteSettings'
    expect(clearActiveItem(state, { type: 'clearActiveItem', item: 'dashboard' })).toBe(state)
    expect(clearActiveItem(state, { type: 'clearActiveItem', item: 'siteSettings' }).menu.activeItem).toBeNull()
  })

  test('answers the same state when nothing is active', () => {
    const state = initialEditorState()
    expect(clearActiveItem(state, { type: 'clearActiveItem' })).toBe(state)
  })
})
