import { describe, expect, test } from 'vitest'
import { editorReducer } from './reducer.ts'
import { COALESCE_MS, HISTORY_LIMIT, canRedo, canUndo } from './history.ts'
import { loaded, textsOf } from './test-helpers.ts'
import type { EditorState } from './types.ts'

const run = (state: EditorState, ...actions: Parameters<typeof editorReducer>[1][]) => actions.reduce(editorReducer, state)

describe('undo and redo', () => {
  test('every page edit is one step: insert, move, duplicate, remove, set, spacing, page settings', () => {
    let state = loaded()
    state = run(
      state,
      { type: 'insertBlock', listPath: ['contents'], index: 0, block: { componentType: 'Text', text: 'N' }, key: 'n' },
      { type: 'moveBlock', path: ['contents', 0], delta: 1 },
      { type: 'duplicateBlock', path: ['contents', 0] },
      { type: 'removeBlock', path: ['contents', 0] },
      { type: 'setValue', path: ['contents', 0, 'spacing'], value: { marginTop: { base: 1, sm: 1, lg: 1 } } },
    )
    const edited = textsOf(state)
    state = editorReducer(state, { type: 'editPage', page: { ...state.page.page!, slug: 'stay-here' } })
    expect(state.page.history.past).toHaveLength(6)
    for (let i = 0; i < 6; i++) state = editorReducer(state, { type: 'undo' })
    expect(textsOf(state)).toEqual(['A', 'B', 'C'])
    expect(state.page.isDirty).toBe(false)
    expect(canUndo(state)).toBe(false)
    expect(editorReducer(state, { type: 'undo' })).toBe(state)
    for (let i = 0; i < 6; i++) state = editorReducer(state, { type: 'redo' })
    expect(canRedo(state)).toBe(false)
    expect(state.page.page?.slug).toBe('stay-here')
    expect(textsOf(state)).toEqual(edited)
  })

  test('a new edit after undo drops the redo steps', () => {
    let state = run(loaded(), { type: 'setValue', path: ['contents', 0, 'text'], value: 'x' }, { type: 'undo' })
    expect(canRedo(state)).toBe(true)
    state = editorReducer(state, { type: 'setValue', path: ['contents', 1, 'text'], value: 'y' })
    expect(canRedo(state)).toBe(false)
  })

  test('a typing burst in one field is one step; a pause or another field starts a new one', () => {
    const group = 'contents.0.text'
    let state = run(
      loaded(),
      { type: 'setValue', path: ['contents', 0, 'text'], value: 'H', group, at: 1000 },
      { type: 'setValue', path: ['contents', 0, 'text'], value: 'He', group, at: 1200 },
      { type: 'setValue', path: ['contents', 0, 'text'], value: 'Hey', group, at: 1400 },
    )
    expect(state.page.history.past).toHaveLength(1)
    state = editorReducer(state, { type: 'setValue', path: ['contents', 0, 'text'], value: 'Hey!', group, at: 1400 + COALESCE_MS + 1 })
    expect(state.page.history.past).toHaveLength(2)
    state = editorReducer(state, { type: 'setValue', path: ['contents', 1, 'text'], value: 'b', group: 'contents.1.text', at: 3000 })
    expect(state.page.history.past).toHaveLength(3)
    state = run(state, { type: 'undo' }, { type: 'undo' })
    expect(textsOf(state)).toEqual(['Hey', 'B', 'C'])
    state = editorReducer(state, { type: 'undo' })
    expect(textsOf(state)).toEqual(['A', 'B', 'C'])
  })

  test('undo keeps the server stamps of the current page (a save in between never makes a stale version)', () => {
    let state = run(loaded(), { type: 'setValue', path: ['contents', 0, 'text'], value: 'x' })
    state = editorReducer(state, { type: 'markSaved', result: { version: 4, updatedAt: '2026-01-01T00:00:00.000Z' } })
    expect(state.page.isDirty).toBe(false)
    state = editorReducer(state, { type: 'undo' })
    expect(state.page.page).toMatchObject({ version: 4, updatedAt: '2026-01-01T00:00:00.000Z' })
    expect(textsOf(state)).toEqual(['A', 'B', 'C'])
    expect(state.page.isDirty).toBe(true)
  })

  test('history is capped and reset when another page loads', () => {
    let state = loaded()
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      state = editorReducer(state, { type: 'setValue', path: ['contents', 0, 'text'], value: `v${i}` })
    expect(state.page.history.past).toHaveLength(HISTORY_LIMIT)
    state = editorReducer(state, { type: 'loadPage', page: { _id: 'p2', contents: [] } })
    expect(state.page.history).toEqual({ past: [], future: [], group: null, at: 0 })
  })
})
