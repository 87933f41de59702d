import { describe, expect, test } from 'vitest'
import { loaded } from '../test-helpers.ts'
import type { EditorPage, EditorState } from '../types.ts'
import { editPage } from './edit-page.ts'
import { markSaved } from './mark-saved.ts'

const withTitle = (state: EditorState, title: string): EditorState =>
  editPage(state, { type: 'editPage', page: { ...state.page.page!, header: { title } } })

describe('markSaved', () => {
  test('the answer is merged and becomes the saved copy: nothing is dirty', () => {
    const edited = withTitle(loaded(), 'Stay a while')
    const sent = edited.page.page!
    const saved = markSaved(edited, { type: 'markSaved', result: { ...sent, version: 4, updatedAt: '2026-11-24T03:02:00.000Z' }, sent })
    expect(saved.page.isDirty).toBe(false)
    expect(saved.page.page).toMatchObject({ version: 4, header: { title: 'Stay a while' } })
    expect(saved.page.savedPage).toEqual(saved.page.page)
  })

  test('what the answer leaves as it was keeps its objects, so the blocks on the page are not rendered again', () => {
    const edited = withTitle(loaded(), 'Stay a while')
    const sent = edited.page.page!
    // The server answers a copy (JSON): equal blocks, other objects.
    const answer = JSON.parse(JSON.stringify({ ...sent, version: 4 })) as EditorPage
    const saved = markSaved(edited, { type: 'markSaved', result: answer, sent })
    expect(saved.page.page!.contents).toBe(sent.contents)
    expect(saved.page.page!.header).toBe(sent.header)
    expect(saved.page.page!.version).toBe(4)
    expect(saved.page.isDirty).toBe(false)
  })

  test('an edit made while the save was on its way is kept, with the new version, and stays unsaved', () => {
    const first = withTitle(loaded(), 'Stay a while')
    const sent = first.page.page!
    // The editor types on while the autosave is answered.
    const typedOn = withTitle(first, 'Stay a while longer')
    const result: EditorPage = { ...sent, slug: 'stay', version: 4, updatedAt: '2026-11-24T03:02:00.000Z' }
    const saved = markSaved(typedOn, { type: 'markSaved', result, sent })
    expect(saved.page.page).toMatchObject({ version: 4, updatedAt: result.updatedAt, header: { title: 'Stay a while longer' } })
    expect(saved.page.savedPage).toMatchObject({ version: 4, header: { title: 'Stay a while' } })
    expect(saved.page.isDirty).toBe(true)
    // The next save sends the later edit with the version the server now holds.
    const again = markSaved(saved, { type: 'markSaved', result: { ...saved.page.page!, version: 5 }, sent: saved.page.page! })
    expect(again.page.isDirty).toBe(false)
    expect(again.page.page).toMatchObject({ version: 5, header: { title: 'Stay a while longer' } })
  })

  test('a field the server normalised is taken unless the editor changed it since', () => {
    const edited = editPage(loaded(), { type: 'editPage', page: { ...loaded().page.page!, slug: 'Stay Here' } })
    const sent = edited.page.page!
    const later = withTitle(edited, 'Later')
    const saved = markSaved(later, { type: 'markSaved', result: { ...sent, slug: 'stay-here', version: 4 }, sent })
    expect(saved.page.page).toMatchObject({ slug: 'stay-here', version: 4, header: { title: 'Later' } })
  })

  test('without the sent copy (older callers) the answer replaces the page as before', () => {
    const edited = withTitle(loaded(), 'Stay a while')
    const saved = markSaved(edited, { type: 'markSaved', result: { version: 4 } })
    expect(saved.page).toMatchObject({ isDirty: false, page: { version: 4, header: { title: 'Stay a while' } } })
  })
})
