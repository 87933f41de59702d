import { describe, expect, test } from 'vitest'
import { loaded } from '../test-helpers.ts'
import { openComponentPanel, selectBlock, selectField } from './selection.ts'

describe('selection', () => {
  test('selecting a component makes it active and clears the active content', () => {
    const withField = selectField(loaded(), {
      type: 'selectField',
      block: ['contents', 0],
      field: { path: ['contents', 0, 'text'], kind: 'content' },
    })
    expect(withField.selection.field?.path).toEqual(['contents', 0, 'text'])
    const next = selectBlock(withField, { type: 'selectBlock', path: ['contents', 1] })
    expect(next.selection).toEqual({ block: ['contents', 1], field: null, view: 'block' })
  })

  test('a field edited in the sidebar opens the component panel at that field', () => {
    const next = selectField(loaded(), {
      type: 'selectField',
      block: ['contents', 0],
      field: { path: ['contents', 0, 'items'], kind: 'list' },
      openSidebar: true,
    })
    expect(next.selection.view).toBe('field')
    expect(next.menu.sidebar).toEqual({ open: true, content: 'component', side: 'right' })
  })

  test('the component panel opens only with a selected component; clearing the selection closes it', () => {
    const state = loaded()
    expect(openComponentPanel(state, { type: 'openComponentPanel', view: 'spacing' })).toBe(state)
    const open = openComponentPanel(selectBlock(state, { type: 'selectBlock', path: ['contents', 2] }), {
      type: 'openComponentPanel',
      view: 'spacing',
    })
    expect(open.selection.view).toBe('spacing')
    const cleared = selectBlock(open, { type: 'selectBlock', path: null })
    expect(cleared.selection.block).toBeNull()
    expect(cleared.menu.sidebar.open).toBe(false)
  })
})
