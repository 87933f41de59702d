import { describe, expect, test } from 'vitest'
import { initialEditorState } from '../types.ts'
import { setCollapsed } from './set-collapsed.ts'

describe('setCollapsed', () => {
  test('toggles between collapsed and expanded', () => {
    const collapsed = setCollapsed(initialEditorState(false), { type: 'setCollapsed' })
    expect(collapsed.menu.collapsed).toBe(true)
    expect(setCollapsed(collapsed, { type: 'setCollapsed' }).menu.collapsed).toBe(false)
  })

  test('sets an explicit value, answering the same state when nothing changes', () => {
    const state = initialEditorState(true)
    expect(setCollapsed(state, { type: 'setCollapsed', collapsed: true })).toBe(state)
    expect(setCollapsed(state, { type: 'setCollapsed', collapsed: false }).menu.collapsed).toBe(false)
  })

  test('keeps the active item and the sidebar', () => {
    const state = initialEditorState()
    state.menu.activeItem = 'select'
    state.menu.sidebar = { open: true, content: 'select', side: 'right' }
    const next = setCollapsed(state, { type: 'setCollapsed' })
    expect(next.menu.activeItem).toBe('select')
    expect(next.menu.sidebar).toEqual(state.menu.sidebar)
  })
})
