import { describe, expect, test } from 'vitest'
import { initialEditorState } from '../types.ts'
import { closeSidebar } from './close-sidebar.ts'
import { openSidebar } from './open-sidebar.ts'

describe('openSidebar', () => {
  test('opens on the right by default', () => {
    const next = openSidebar(initialEditorState(), { type: 'openSidebar', content: 'select' })
    expect(next.menu.sidebar).toEqual({ open: true, content: 'select', side: 'right' })
  })

  test('opens on the left when asked', () => {
    const next = openSidebar(initialEditorState(), { type: 'openSidebar', content: 'saveNav', side: 'left' })
    expect(next.menu.sidebar).toEqual({ open: true, content: 'saveNav', side: 'left' })
  })
})

describe('closeSidebar', () => {
  test('closes it and clears the item whose panel it showed', () => {
    const state = initialEditorState()
    state.menu.activeItem = 'savePage'
    state.menu.sidebar = { open: true, content: 'savePage', side: 'right' }
    const next = closeSidebar(state, { type: 'closeSidebar' })
    expect(next.menu.sidebar).toEqual({ open: false, content: null, side: 'right' })
    expect(next.menu.activeItem).toBeNull()
  })

  test('keeps an active item whose panel is not in the sidebar', () => {
    const state = initialEditorState()
    state.menu.activeItem = 'dashboard'
    state.menu.sidebar = { open: true, content: 'select', side: 'left' }
    const next = closeSidebar(state, { type: 'closeSidebar' })
    expect(next.menu.sidebar.open).toBe(false)
    expect(next.menu.activeItem).toBe('dashboard')
  })

  test('answers the same state when already closed', () => {
    const state = initialEditorState()
    expect(closeSidebar(state, { type: 'closeSidebar' })).toBe(state)
  })
})
