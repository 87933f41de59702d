import { describe, expect, test } from 'vitest'
import { editorReducer } from './reducer.ts'
import { initialEditorState } from './types.ts'

describe('editorReducer', () => {
  test('routes each action to its function', () => {
    let state = initialEditorState()
    state = editorReducer(state, { type: 'loadPage', page: { _id: 'p1', title: 'A' } })
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'savePage' })
    state = editorReducer(state, { type: 'setCollapsed' })
    state = editorReducer(state, { type: 'editPage', page: { _id: 'p1', title: 'B' } })
    expect(state.menu).toEqual({
      collapsed: true,
      activeItem: 'savePage',
      sidebar: { open: true, content: 'savePage', side: 'right' },
      resumeSelect: false,
    })
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

  test('Select Component is a mode of the page: no sidebar until a component panel is opened', () => {
    let state = editorReducer(initialEditorState(), {
      type: 'loadPage',
      page: { _id: 'p1', contents: [{ componentType: 'Text', text: 'a' }] },
    })
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'select' })
    expect(state.menu.activeItem).toBe('select')
    expect(state.menu.sidebar.open).toBe(false)
    state = editorReducer(state, { type: 'selectBlock', path: ['contents', 0] })
    state = editorReducer(state, { type: 'openComponentPanel', view: 'spacing' })
    expect(state.menu.sidebar).toEqual({ open: true, content: 'component', side: 'right' })
    // Closing the component panel keeps the mode; choosing the item again leaves it and clears the selection.
    state = editorReducer(state, { type: 'closeSidebar' })
    expect(state.menu.activeItem).toBe('select')
    expect(state.selection.block).toEqual(['contents', 0])
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'select' })
    expect(state.menu.activeItem).toBeNull()
    expect(state.selection.block).toBeNull()
  })
})
