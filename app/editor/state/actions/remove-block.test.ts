import { describe, expect, test } from 'vitest'
import { loaded, textsOf } from '../test-helpers.ts'
import { toggleActiveItem } from './toggle-active-item.ts'
import { removeBlock } from './remove-block.ts'
import { openComponentPanel, selectBlock } from './selection.ts'

describe('removeBlock', () => {
  test('removes the block, clears the selection and closes the sidebar; Select Component stays on', () => {
    let state = toggleActiveItem(loaded(), { type: 'toggleActiveItem', item: 'select' })
    state = selectBlock(state, { type: 'selectBlock', path: ['contents', 1] })
    state = openComponentPanel(state, { type: 'openComponentPanel', view: 'block' })
    expect(state.menu.sidebar.open).toBe(true)
    const next = removeBlock(state, { type: 'removeBlock', path: ['contents', 1] })
    expect(textsOf(next)).toEqual(['A', 'C'])
    expect(next.selection.block).toBeNull()
    expect(next.menu.sidebar).toMatchObject({ open: false, content: null })
    expect(next.menu.activeItem).toBe('select')
    expect(next.page.isDirty).toBe(true)
  })

  test('does nothing for a missing block', () => {
    const state = loaded()
    expect(removeBlock(state, { type: 'removeBlock', path: ['contents', 3] })).toBe(state)
  })
})
