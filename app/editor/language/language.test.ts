import { describe, expect, test } from 'vitest'
import { pageFields } from '#blocks/translatable'
import { normalisePage } from '../editing/blocks.ts'
import { editorReducer } from '../state/reducer.ts'
import { initialEditorState, type EditorPage, type EditorState } from '../state/types.ts'
import {
  afterLanguageSave,
  languagePage,
  suggestedOf,
  suggestionsToSend,
  translationToSend,
  untranslated,
  type LanguageEditing,
  type LoadedLanguage,
} from './language.ts'

/** The English structure: a header, a heading block, a text block and a link block. */
const structure = normalisePage({
  _id: 'p1',
  slug: 'visit',
  version: 7,
  header: { title: 'Plan your visit', description: 'Everything you need' },
  contents: [
    { componentType: 'SectionHeading', _key: 'b-heading', title: 'Getting here', subtitle: 'By car or coach' },
    { componentType: 'Text', _key: 'b-text', text: 'An hour from Adelaide.' },
    { componentType: 'Link', _key: 'b-link', link: { text: 'Timetables', href: '/timetables', type: 'page' } },
  ],
})!

const fields = pageFields(structure)
const editing: LanguageEditing = { locale: 'de', defaultLocale: 'en-AU', structure, fields }
const loaded = (texts: Record<string, string>, version = 2): LoadedLanguage => ({
  fields: texts,
  version,
  published: false,
  lastPublished: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
})

/** The editor in German with `texts` stored. */
function inGerman(texts: Record<string, string>): EditorState {
  return editorReducer(initialEditorState(), {
    type: 'loadPage',
    page: languagePage(structure, fields, loaded(texts)),
    language: editing,
  })
}

const page = (state: EditorState) => state.page.page!
const contents = (state: EditorState) => page(state).contents as Record<string, unknown>[]

describe('editing a page in a further language', () => {
  test("shows the translations over the structure, the default text where there is none, with the language's stamps", () => {
    const state = inGerman({ 'header.title': 'Ihr Besuch' })
    expect(page(state).header).toMatchObject({ title: 'Ihr Besuch', description: 'Everything you need' })
    expect(page(state).version).toBe(2)
    expect(state.page.isDirty).toBe(false)
    // Six texts with a default text (title, description, heading, subtitle, text, link label); one translated.
    expect(untranslated(page(state), fields).map((f) => f.id)).toEqual([
      'header.description',
      'b-heading/title',
      'b-heading/subtitle',
      'b-text/text',
      'b-link/link.text',
    ])
  })

  test('a fallback is never sent: only the texts stored or typed in the language', () => {
    const state = inGerman({ 'header.title': 'Ihr Besuch' })
    expect(translationToSend(page(state), fields)).toEqual({ 'header.title': 'Ihr Besuch' })
    const typed = editorReducer(state, { type: 'setValue', path: ['contents', 0, 'title'], value: 'Anreise' })
    expect(translationToSend(page(typed), fields)).toEqual({ 'header.title': 'Ihr Besuch', 'b-heading/title': 'Anreise' })
    expect(typed.page.isDirty).toBe(true)
    expect(untranslated(page(typed), fields)).toHaveLength(4)
  })

  test('typing the same word as the default text still makes it a translation (a name), and undo takes that back', () => {
    const state = inGerman({})
    const typed = editorReducer(state, { type: 'setValue', path: ['contents', 0, 'title'], value: 'Getting her' })
    const retyped = editorReducer(typed, { type: 'setValue', path: ['contents', 0, 'title'], value: 'Getting here' })
    expect(translationToSend(page(retyped), fields)).toEqual({ 'b-heading/title': 'Getting here' })
    const undone = editorReducer(editorReducer(retyped, { type: 'undo' }), { type: 'undo' })
    expect(translationToSend(page(undone), fields)).toEqual({})
    expect(undone.page.isDirty).toBe(false)
  })

  test('an emptied translation is sent empty (the server then removes it) and counts as untranslated', () => {
    const state = editorReducer(inGerman({ 'b-text/text': 'Eine Stunde von Adelaide.' }), {
      type: 'setValue',
      path: ['contents', 1, 'text'],
      value: '',
    })
    expect(translationToSend(page(state), fields)).toEqual({ 'b-text/text': '' })
    expect(untranslated(page(state), fields).map((f) => f.id)).toContain('b-text/text')
  })

  test("a link's label changes, its address does not: only texts are edited in a language", () => {
    const state = editorReducer(inGerman({}), {
      type: 'setValue',
      path: ['contents', 2, 'link'],
      value: { text: 'Fahrpläne', href: '/elsewhere', type: 'external' },
    })
    expect(contents(state)[2]!.link).toEqual({ text: 'Fahrpläne', href: '/timetables', type: 'page' })
    expect(translationToSend(page(state), fields)).toEqual({ 'b-link/link.text': 'Fahrpläne' })
    // A value with no text in it changes nothing.
    const same = editorReducer(state, { type: 'setValue', path: ['contents', 0, 'spacing'], value: { marginTop: { base: 4 } } })
    expect(same).toBe(state)
  })

  test('the structure is not changed in a language: no insert, move, duplicate or remove', () => {
    const state = inGerman({})
    for (const action of [
      { type: 'moveBlock', path: ['contents', 0], delta: 1 },
      { type: 'duplicateBlock', path: ['contents', 0] },
      { type: 'removeBlock', path: ['contents', 0] },
      { type: 'insertBlock', listPath: ['contents'], index: 0, block: { componentType: 'Text', text: 'x' } },
    ] as const)
      expect(editorReducer(state, action)).toBe(state)
    // In the default language the same move is made.
    const english = editorReducer(initialEditorState(), { type: 'loadPage', page: structure })
    expect(editorReducer(english, { type: 'moveBlock', path: ['contents', 0], delta: 1 })).not.toBe(english)
  })

  test("after a save the stored texts are the saved copy; a colleague's merged text comes in, a text typed meanwhile stays unsaved", () => {
    const start = inGerman({})
    const sent = page(editorReducer(start, { type: 'setValue', path: ['header', 'title'], value: 'Ihr Besuch' }))
    const current: EditorPage = page(
      editorReducer(editorReducer(start, { type: 'setValue', path: ['header', 'title'], value: 'Ihr Besuch' }), {
        type: 'setValue',
        path: ['contents', 1, 'text'],
        value: 'Eine Stunde',
      }),
    )
    const answer = loaded({ 'header.title': 'Ihr Besuch', 'b-heading/title': 'Anreise (Lee)' }, 4)
    const { page: next, savedPage } = afterLanguageSave(current, sent, editing, answer)
    expect(next.version).toBe(4)
    expect((next.contents as Record<string, unknown>[])[0]!.title).toBe('Anreise (Lee)')
    expect((next.contents as Record<string, unknown>[])[1]!.text).toBe('Eine Stunde')
    expect((savedPage.contents as Record<string, unknown>[])[1]!.text).toBe('An hour from Adelaide.')
    expect(translationToSend(next, fields)).toEqual({
      'header.title': 'Ihr Besuch',
      'b-heading/title': 'Anreise (Lee)',
      'b-text/text': 'Eine Stunde',
    })
    expect(translationToSend(savedPage, fields)).toEqual(answer.fields)
  })
})

describe('machine translation suggestions (decision 039)', () => {
  const suggest = (state: EditorState, path: (string | number)[], value: string) =>
    editorReducer(state, { type: 'setValue', path, value, machine: true, group: 'machine-suggestion', at: 1 })

  test('fill untranslated texts marked for review, are sent as texts of the language, and never replace a written one', () => {
    let state = inGerman({ 'header.title': 'Ihr Besuch' })
    state = suggest(state, ['header', 'title'], '[DE] Plan your visit')
    state = suggest(state, ['header', 'description'], '[DE] Everything you need')
    // The person's title stays; the description is filled and marked.
    expect(page(state).header).toMatchObject({ title: 'Ihr Besuch', description: '[DE] Everything you need' })
    expect(suggestedOf(page(state))).toEqual(new Set(['header.description']))
    expect(translationToSend(page(state), fields)).toEqual({
      'header.title': 'Ihr Besuch',
      'header.description': '[DE] Everything you need',
    })
    expect(untranslated(page(state), fields).map((f) => f.id)).not.toContain('header.description')
  })

  test('typing in a suggested text takes its mark off; a save keeps the marks of the others', () => {
    let state = inGerman({})
    state = suggest(state, ['header', 'title'], '[DE] Plan your visit')
    state = suggest(state, ['header', 'description'], '[DE] Everything you need')
    state = editorReducer(state, { type: 'setValue', path: ['header', 'title'], value: 'Ihr Besuch' })
    expect(suggestedOf(page(state))).toEqual(new Set(['header.description']))
    const sent = page(state)
    const after = afterLanguageSave(sent, sent, editing, loaded(translationToSend(sent, fields), 3))
    expect(suggestedOf(after.page)).toEqual(new Set(['header.description']))
    expect(after.page.header).toMatchObject({ title: 'Ihr Besuch', description: '[DE] Everything you need' })
  })

  test('are sent as suggestions with the draft and come back marked after a reload (decision 041)', () => {
    let state = inGerman({ 'header.title': 'Ihr Besuch' })
    state = suggest(state, ['header', 'description'], '[DE] Everything you need')
    state = suggest(state, ['contents', 0, 'title'], '[DE] Getting here')
    const sent = page(state)
    // The person's title is sent as a text, not a suggestion.
    expect(suggestionsToSend(sent, fields).sort()).toEqual(['b-heading/title', 'header.description'])
    // The server stores them with the draft; a reload lays the marks over the working copy again.
    const stored = { ...loaded(translationToSend(sent, fields), 3), suggested: ['b-heading/title', 'header.description'] }
    const reloaded = editorReducer(initialEditorState(), {
      type: 'loadPage',
      page: languagePage(structure, fields, stored),
      language: editing,
    })
    expect(suggestedOf(page(reloaded))).toEqual(new Set(['contents.0.title', 'header.description']))
    expect(reloaded.page.isDirty).toBe(false)
    // A save answered with the stored marks, with nothing typed since: nothing left to save.
    const after = afterLanguageSave(sent, sent, editing, stored)
    expect(suggestedOf(after.page)).toEqual(suggestedOf(after.savedPage))
    // Typed in while that save was on its way: the mark stays off, and the change is unsaved.
    const typed = editorReducer(state, { type: 'setValue', path: ['header', 'description'], value: 'Alles, was Sie brauchen' })
    const during = afterLanguageSave(page(typed), sent, editing, stored)
    expect(suggestedOf(during.page)).toEqual(new Set(['contents.0.title']))
    expect(suggestionsToSend(during.page, fields)).toEqual(['b-heading/title'])
  })
})
