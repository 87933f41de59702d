import { describe, expect, test } from 'vitest'
import { initialEditorState } from '../types.ts'
import { clearActiveItem } from './clear-active-item.ts'
import { closeSidebar } from './close-sidebar.ts'
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

  describe('a panel opened while editing (Select Component on) turns editing back on when it closes', () => {
    const editing = () => toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'select' })

    test('a sidebar panel chosen again', () => {
      const open = toggleActiveItem(editing(), { type: 'toggleActiveItem', item: 'savePage' })
      expect(open.menu.activeItem).toBe('savePage')
      const closed = toggleActiveItem(open, { type: 'toggleActiveItem', item: 'savePage' })
      expect(closed.menu.activeItem).toBe('select')
      expect(closed.menu.sidebar.open).toBe(false)
    })

    test('a sidebar panel closed by its close button or Escape', () => {
      const open = toggleActiveItem(editing(), { type: 'toggleActiveItem', item: 'saveNav' })
      expect(closeSidebar(open, { type: 'closeSidebar' }).menu.activeItem).toBe('select')
    })

    test('a modal panel closed, also after switching from one panel to another', () => {
      const settings = toggleActiveItem(editing(), { type: 'toggleActiveItem', item: 'pageSettings' })
      expect(clearActiveItem(settings, { type: 'clearActiveItem' }).menu.activeItem).toBe('select')
      const dashboard = toggleActiveItem(settings, { type: 'toggleActiveItem', item: 'dashboard' })
      expect(clearActiveItem(dashboard, { type: 'clearActiveItem' }).menu.activeItem).toBe('select')
    })

    test('once back, closing leaves nothing to return to; Select Component chosen again turns editing off', () => {
      const open = toggleActiveItem(editing(), { type: 'toggleActiveItem', item: 'dashboard' })
      const back = clearActiveItem(open, { type: 'clearActiveItem' })
      expect(back.menu.resumeSelect).toBe(false)
      expect(toggleActiveItem(back, { type: 'toggleActiveItem', item: 'select' }).menu.activeItem).toBeNull()
    })

    test('a panel opened while not editing closes to no active item', () => {
      const open = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'savePage' })
      expect(closeSidebar(open, { type: 'closeSidebar' }).menu.activeItem).toBeNull()
      const modal = toggleActiveItem(initialEditorState(), { type: 'toggleActiveItem', item: 'siteSettings' })
      expect(clearActiveItem(modal, { type: 'clearActiveItem' }).menu.activeItem).toBeNull()
    })

    test('choosing Select Component from a panel keeps editing on when nothing else is open', () => {
      const open = toggleActiveItem(editing(), { type: 'toggleActiveItem', item: 'saveFooter' })
      const selected = toggleActiveItem(open, { type: 'toggleActiveItem', item: 'select' })
      expect(selected.menu).toMatchObject({ activeItem: 'select', resumeSelect: false })
    })
  })
})
