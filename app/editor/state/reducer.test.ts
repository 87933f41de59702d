import { describe, expect, test } from 'vitest'
import { editorReducer } from './reducer.ts'
import { initialEditorState } from './types.ts'

describe('editorReducer', () => {
  test('routes each action to its function', () => {
    let state = initialEditorState()
    state = editorReducer(state, { type: 'loadPage', page: { _id: 'p1', title: 'A' } })
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'select' })
    state = editorReducer(state, { type: 'setCollapsed' })
    state = editorReducer(state, { type: 'editPage', page: { _id: 'p1', title: 'B' } })
    expect(state.menu).toEqual({ collapsed: true, activeItem: 'select', sidebar: { open: true, content: 'select', side: 'right' } })
    expect(state.page.isDirty).toBe(true)
    state = editorReducer(state, { type: 'markSaved' })
    state = editorReducer(state, { type: 'closeSidebar' })
    expect(state.page.isDirty).toBe(false)
    expect(state.menu.activeItem).toBeNull()
    state = editorReducer(state, { type: 'openSidebar', content: 'saveNav', side: 'left' })
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'dashboard' })
    expect(state.menu.sidebar.open).toBe(false)
    state = editorReducer(state, { type: 'clearActiveItem', item: 'dashboard' })
    expect(state.menu.activeItem).toBeNull()
  })
})
