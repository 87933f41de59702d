import { describe, expect, test } from 'vitest'
import { editorReducer } from '../reducer.ts'
import { hasUnsavedChanges, showsWorkingCopy } from '../selectors.ts'
import { initialEditorState, type EditableFooter, type EditableNav, type EditorState } from '../types.ts'

const nav = (): EditableNav => ({
  siteName: 'Barossa',
  items: [{ text: 'Stay', href: '/stay', type: 'page', groups: [] }],
  version: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
})
const footer = (): EditableFooter => ({ copy: '© Barossa', linkGroups: [], social: [], version: 1 })

describe('navigation and footer working copies', () => {
  test('load, edit (dirty), edit back (clean), save (new saved copy), discard', () => {
    let state = editorReducer(initialEditorState(), { type: 'loadSiteDoc', kind: 'nav', doc: nav() })
    expect(state.site.nav).toEqual({ doc: nav(), saved: nav(), isDirty: false })
    expect(state.site.nav?.doc).not.toBe(state.site.nav?.saved)

    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: { ...nav(), siteName: 'Eden Valley' } })
    expect(state.site.nav?.isDirty).toBe(true)
    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: nav() })
    expect(state.site.nav?.isDirty).toBe(false)

    // Version stamps alone do not make it dirty.
    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: { ...nav(), version: 9 } })
    expect(state.site.nav?.isDirty).toBe(false)

    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: { ...nav(), siteName: 'Eden Valley' } })
    state = editorReducer(state, { type: 'markSiteDocSaved', kind: 'nav', doc: { ...nav(), siteName: 'Eden Valley', version: 3 } })
    expect(state.site.nav).toMatchObject({ isDirty: false, saved: { siteName: 'Eden Valley', version: 3 } })

    state = editorReducer(state, { type: 'discardSiteDoc', kind: 'nav' })
    expect(state.site.nav).toBeNull()
    expect(editorReducer(state, { type: 'discardSiteDoc', kind: 'nav' })).toBe(state)
  })

  test('an edit before loading does nothing; the two kinds are independent', () => {
    const state = initialEditorState()
    expect(editorReducer(state, { type: 'editSiteDoc', kind: 'footer', doc: footer() })).toBe(state)
    const both = editorReducer(editorReducer(state, { type: 'loadSiteDoc', kind: 'nav', doc: nav() }), {
      type: 'loadSiteDoc',
      kind: 'footer',
      doc: footer(),
    })
    const edited = editorReducer(both, { type: 'editSiteDoc', kind: 'footer', doc: { ...footer(), copy: '© 2026' } })
    expect(edited.site.footer?.isDirty).toBe(true)
    expect(edited.site.nav?.isDirty).toBe(false)
  })
})

describe('unsaved changes across the page, navigation and footer', () => {
  const loaded = (): EditorState => {
    let state = editorReducer(initialEditorState(), { type: 'loadPage', page: { _id: 'p1', slug: 'stay', version: 1 } })
    state = editorReducer(state, { type: 'loadSiteDoc', kind: 'nav', doc: nav() })
    return editorReducer(state, { type: 'loadSiteDoc', kind: 'footer', doc: footer() })
  }

  test('any of the three being dirty counts', () => {
    const state = loaded()
    expect(hasUnsavedChanges(state)).toBe(false)
    expect(hasUnsavedChanges(editorReducer(state, { type: 'editPage', page: { _id: 'p1', slug: 'stay-here', version: 1 } }))).toBe(true)
    expect(hasUnsavedChanges(editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: { ...nav(), items: [] } }))).toBe(true)
    expect(hasUnsavedChanges(editorReducer(state, { type: 'editSiteDoc', kind: 'footer', doc: { ...footer(), copy: '' } }))).toBe(true)
    expect(hasUnsavedChanges(initialEditorState())).toBe(false)
  })

  test('the page shows a working copy while its panel is active, and afterwards while it is unsaved', () => {
    let state = loaded()
    expect(showsWorkingCopy(state, 'nav')).toBe(false)
    state = editorReducer(state, { type: 'toggleActiveItem', item: 'saveNav' })
    expect(showsWorkingCopy(state, 'nav')).toBe(true)
    expect(showsWorkingCopy(state, 'footer')).toBe(false)
    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: { ...nav(), siteName: 'X' } })
    state = editorReducer(state, { type: 'closeSidebar' })
    expect(showsWorkingCopy(state, 'nav')).toBe(true)
    state = editorReducer(state, { type: 'editSiteDoc', kind: 'nav', doc: nav() })
    expect(showsWorkingCopy(state, 'nav')).toBe(false)
    expect(showsWorkingCopy(initialEditorState(), 'footer')).toBe(false)
  })
})
