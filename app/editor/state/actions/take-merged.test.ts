import { describe, expect, test } from 'vitest'
import { undo, redo } from '../history.ts'
import { initialEditorState, type EditorPage, type EditorState } from '../types.ts'
import { editPage } from './edit-page.ts'
import { loadPage } from './load-page.ts'
import { takeMerged } from './take-merged.ts'

const stored = (over: Partial<EditorPage> = {}): EditorPage => ({
  _id: 'p1',
  slug: 'visit',
  version: 1,
  header: { title: 'Visit', description: 'Come and see' },
  contents: [{ componentType: 'Text', _key: 'a', text: 'One' }],
  ...over,
})

const withHeader = (state: EditorState, header: Record<string, string>): EditorState =>
  editPage(state, { type: 'editPage', page: { ...state.page.page!, header: { ...(state.page.page!.header as object), ...header } } })

describe('takeMerged', () => {
  test("Lee's saved copy takes Maria's heading; undoing Lee's edit keeps Maria's heading", () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
    const typed = withHeader(withHeader(loaded, { description: 'Come and' }), { description: 'Come and taste' })
    const sent = typed.page.page!
    // The server merged Lee's save with Maria's heading (version 2) and stored version 3.
    const result = stored({ version: 3, header: { title: 'Visit the Barossa', description: 'Come and taste' } })
    const merged = takeMerged(typed, { type: 'takeMerged', from: sent, result })
    expect(merged.page.page).toEqual(result)
    expect(merged.page.isDirty).toBe(false)
    expect(merged.page.history.past).toHaveLength(2)

    const once = undo(merged)
    expect(once.page.page?.header).toEqual({ title: 'Visit the Barossa', description: 'Come and' })
    // The server's stamps stay: the next save is based on version 3.
    expect(once.page.page?.version).toBe(3)
    expect(once.page.isDirty).toBe(true)
    const twice = undo(once)
    expect(twice.page.page?.header).toEqual({ title: 'Visit the Barossa', description: 'Come and see' })
    expect(redo(redo(twice)).page.page).toEqual(result)
  })

  test('an edit made while the save was on its way stays, unsaved', () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
    const typed = withHeader(loaded, { description: 'Mine' })
    const sent = typed.page.page!
    const more = editPage(typed, {
      type: 'editPage',
      page: { ...sent, contents: [{ componentType: 'Text', _key: 'a', text: 'One, typed later' }] },
    })
    const result = stored({ version: 3, header: { title: 'Theirs', description: 'Mine' } })
    const merged = takeMerged(more, { type: 'takeMerged', from: sent, result })
    expect(merged.page.page).toMatchObject({ version: 3, header: { title: 'Theirs', description: 'Mine' } })
    expect((merged.page.page?.contents as { text: string }[])[0]?.text).toBe('One, typed later')
    expect(merged.page.isDirty).toBe(true)
  })

  test("a colleague's draft taken without edits replaces the copy, keeping the editor's undo", () => {
    const loaded = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
    const typed = withHeader(loaded, { description: 'Saved before' })
    // (saved: the saved copy is now what was typed)
    const saved: EditorState = { ...typed, page: { ...typed.page, savedPage: typed.page.page, isDirty: false } }
    const theirs = stored({ version: 3, header: { title: 'Theirs', description: 'Saved before' } })
    const taken = takeMerged(saved, { type: 'takeMerged', from: saved.page.savedPage!, result: theirs })
    expect(taken.page).toMatchObject({ page: theirs, isDirty: false })
    expect(undo(taken).page.page?.header).toEqual({ title: 'Theirs', description: 'Come and see' })
  })

  test('another page, or none, is left alone', () => {
    const state = loadPage(initialEditorState(), { type: 'loadPage', page: stored() })
    expect(takeMerged(state, { type: 'takeMerged', from: stored(), result: stored({ _id: 'p2' }) })).toBe(state)
  })
})
