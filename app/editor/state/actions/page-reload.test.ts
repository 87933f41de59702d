import { describe, expect, test } from 'vitest'
import { initialEditorState, type EditorPage } from '../types.ts'
import { editPage } from './edit-page.ts'
import { loadPage } from './load-page.ts'
import { updatePageMeta } from './update-page-meta.ts'

const stored = (over: Partial<EditorPage> = {}): EditorPage => ({
  _id: 'p1',
  slug: 'stay',
  version: 4,
  published: true,
  lastPublished: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  header: { title: 'Stay' },
  ...over,
})

const dirty = () => {
  const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
  return editPage(loaded, { type: 'editPage', page: { ...loaded.page.page!, header: { title: 'Mine' } } })
}

describe('loadPage with keepEdits', () => {
  test('the same version again keeps unsaved edits and takes over the publish stamps', () => {
    const next = loadPage(dirty(), { type: 'loadPage', page: stored({ published: false, lastPublished: null }), keepEdits: true })
    expect(next.page.isDirty).toBe(true)
    expect(next.page.page).toMatchObject({ header: { title: 'Mine' }, published: false, lastPublished: null })
    expect(next.page.savedPage).toMatchObject({ header: { title: 'Stay' }, published: false })
  })

  test('a newer version (someone else saved) or another page replaces the working copy', () => {
    const theirs = loadPage(dirty(), { type: 'loadPage', page: stored({ version: 5, header: { title: 'Theirs' } }), keepEdits: true })
    expect(theirs.page).toMatchObject({ isDirty: false, page: { header: { title: 'Theirs' }, version: 5 } })
    const other = loadPage(dirty(), { type: 'loadPage', page: stored({ _id: 'p2' }), keepEdits: true })
    expect(other.page.page?._id).toBe('p2')
    expect(other.page.isDirty).toBe(false)
  })

  test('without keepEdits, or with nothing unsaved, the route data always wins', () => {
    expect(loadPage(dirty(), { type: 'loadPage', page: stored() }).page.isDirty).toBe(false)
    const clean = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
    const again = loadPage(clean, { type: 'loadPage', page: stored({ header: { title: 'Fresh' } }), keepEdits: true })
    expect(again.page.page?.header).toEqual({ title: 'Fresh' })
  })
})

describe('updatePageMeta', () => {
  test('sets stamps on the page and its saved copy; unsaved edits stay unsaved', () => {
    const next = updatePageMeta(dirty(), { type: 'updatePageMeta', meta: { published: false, lastPublished: null } })
    expect(next.page.isDirty).toBe(true)
    expect(next.page.page).toMatchObject({ published: false, header: { title: 'Mine' } })
    expect(next.page.savedPage).toMatchObject({ published: false, header: { title: 'Stay' } })
    const none = initialEditorState()
    expect(updatePageMeta(none, { type: 'updatePageMeta', meta: { published: true } })).toBe(none)
  })
})
