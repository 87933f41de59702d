import { describe, expect, test } from 'vitest'
import { initialEditorState, type EditorPage } from '../types.ts'
import { editPage } from './edit-page.ts'
import { loadPage } from './load-page.ts'
import { markSaved } from './mark-saved.ts'

const page = (): EditorPage => ({
  _id: 'p1',
  slug: 'stay',
  header: { title: 'Stay' },
  contents: [{ componentType: 'Text', text: 'Hello' }],
  updatedAt: '2026-01-02T00:00:00.000Z',
  lastPublished: '2026-01-01T00:00:00.000Z',
})

describe('loadPage', () => {
  test('keeps a copy of the page as the saved copy; nothing is dirty', () => {
    const source = page()
    const next = loadPage(initialEditorState(), { type: 'loadPage', page: source })
    expect(next.page.page).toEqual(source)
    expect(next.page.savedPage).toEqual(source)
    expect(next.page.isDirty).toBe(false)
    // A copy: changing the route's data leaves the page and its saved copy alone.
    ;(source.header as { title: string }).title = 'Changed'
    expect((next.page.page?.header as { title: string }).title).toBe('Stay')
    expect((next.page.savedPage?.header as { title: string }).title).toBe('Stay')
    // An edit leaves the saved copy as it was, and the page is dirty.
    const edited = editPage(next, { type: 'editPage', page: { ...next.page.page!, header: { title: 'Stay a while' } } })
    expect(edited.page.isDirty).toBe(true)
    expect((edited.page.savedPage?.header as { title: string }).title).toBe('Stay')
  })

  test('a route without a page clears it', () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: page() })
    const next = loadPage(loaded, { type: 'loadPage', page: null })
    expect(next.page).toMatchObject({ page: null, savedPage: null, isDirty: false })
  })
})

describe('editPage', () => {
  test('is dirty while the page differs from the saved copy, clean again when it matches', () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: page() })
    const edited = editPage(loaded, { type: 'editPage', page: { ...loaded.page.page!, header: { title: 'Stay a while' } } })
    expect(edited.page.isDirty).toBe(true)
    const undone = editPage(edited, { type: 'editPage', page: page() })
    expect(undone.page.isDirty).toBe(false)
  })

  test('does nothing without a loaded page', () => {
    const state = initialEditorState()
    expect(editPage(state, { type: 'editPage', page: page() })).toBe(state)
  })
})

describe('markSaved', () => {
  test("merges the server's answer and refreshes the saved copy", () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: page() })
    const edited = editPage(loaded, { type: 'editPage', page: { ...loaded.page.page!, slug: 'stay-here' } })
    const saved = markSaved(edited, { type: 'markSaved', result: { updatedAt: '2026-01-03T00:00:00.000Z', version: 2 } })
    expect(saved.page.isDirty).toBe(false)
    expect(saved.page.page).toMatchObject({ _id: 'p1', slug: 'stay-here', updatedAt: '2026-01-03T00:00:00.000Z', version: 2 })
    expect(saved.page.savedPage).toEqual(saved.page.page)
    // An edit after the save leaves the saved copy as saved, and the page is dirty again.
    const again = editPage(saved, { type: 'editPage', page: { ...saved.page.page!, slug: 'stay-longer' } })
    expect(again.page.isDirty).toBe(true)
    expect(again.page.savedPage?.slug).toBe('stay-here')
  })

  test('does nothing without a loaded page', () => {
    const state = initialEditorState()
    expect(markSaved(state, { type: 'markSaved' })).toBe(state)
  })
})
