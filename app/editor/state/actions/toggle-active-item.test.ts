import { describe, expect, test } from 'vitest'
import { initialEditorState } from '../types.ts'
import { toggleActiveItem } from './toggle-active-item.ts'

describe('toggleActiveItem', () => {
  test('makes the chosen item active', () => {
    const next = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'dashboard' })
    expect(next.menu.activeItem).toBe('dashboard')
  })

  test('choosing the active item again clears it', () => {
    const once = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'siteSettings' })
    const twice = toggleActiveItem(once, { type: 'toggleActiveItem', item: 'siteSettings' })
    expect(twice.menu.activeItem).toBeNull()
  })

  test('a sidebar item opens its panel in the sidebar; choosing it again closes it', () => {
    const open = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'savePage' })
    expect(open.menu.sidebar).toEqual({ open: true, content: 'savePage', side: 'right' })
    const closed = toggleActiveItem(open, { type: 'toggleActiveItem', item: 'savePage' })
    expect(closed.menu.sidebar.open).toBe(false)
    expect(closed.menu.sidebar.content).toBeNull()
  })

  test('any menu choice closes the sidebar', () => {
    const state = initialEditorState()
    state.menu.sidebar = { open: true, content: 'select', side: 'left' }
    state.menu.activeItem = 'select'
    const next = toggleActiveItem(state, { type: 'toggleActiveItem', item: 'dashboard' })
    expect(next.menu.activeItem).toBe('dashboard')
    expect(next.menu.sidebar.open).toBe(false)
    expect(next.menu.sidebar.content).toBeNull()
  })

  test('switching between sidebar items swaps the sidebar content', () => {
    const first = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'saveNav' })
    const second = toggleActiveItem(first, { type: 'toggleActiveItem', item: 'saveFooter' })
    expect(second.menu.activeItem).toBe('saveFooter')
    expect(second.menu.sidebar).toEqual({ open: true, content: 'saveFooter', side: 'right' })
  })

  test('does not change the state it was given', () => {
    const state = initialEditorState()
    const copy = structuredClone(state)
    toggleActiveItem(state, { type: 'toggleActiveItem', item: 'select' })
    expect(state).toEqual(copy)
  })
})
