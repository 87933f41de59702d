import { describe, expect, test } from 'vitest'
import { editorReducer } from '../state/reducer.ts'
import { hasUnsavedChanges, showsTranslationWorkingCopy } from '../state/selectors.ts'
import { initialEditorState, type EditableFooter, type EditableNav } from '../state/types.ts'
import { siteTextName, siteTextsOf, translatedSiteDoc } from './site-translation.ts'

const nav = (): EditableNav => ({
  siteName: 'Barossa',
  items: [
    {
      text: 'Explore',
      href: '/explore',
      type: 'page',
      groups: [{ title: 'Things to do', links: [{ text: 'Ballooning', href: '/b', type: 'page' }] }],
    },
    { text: "What's On", href: '/whats-on', type: 'page', groups: [] },
  ],
  cta: { text: 'Plan your visit', href: '/plan', type: 'page' },
  version: 4,
})
const footer = (): EditableFooter => ({
  copy: '© Barossa Visitor Centre',
  linkGroups: [{ title: 'Plan', links: [{ text: 'Getting here', href: '/getting-here', type: 'page' }] }],
  visitorInformation: { title: 'Visitor centre', address: '66 Murray St', phone: '+61 8 0000 0000', email: 'a@b.c', hours: '9-5' },
  social: [],
})

describe('the navigation and footer texts in a further language', () => {
  test('every text of the structure is offered, by the ids the translation service stores, named by its place', () => {
    const fields = siteTextsOf('nav', nav())
    expect(fields.map((field) => [field.id, siteTextName(field.path), field.text])).toEqual([
      ['siteName', 'Site name', 'Barossa'],
      ['items.0.text', 'Menu item 1', 'Explore'],
      ['items.0.groups.0.title', 'Menu item 1, link group 1, title', 'Things to do'],
      ['items.0.groups.0.links.0.text', 'Menu item 1, link group 1, link 1', 'Ballooning'],
      ['items.1.text', 'Menu item 2', "What's On"],
      ['cta.text', 'Call to action', 'Plan your visit'],
    ])
    expect(siteTextsOf('footer', footer()).map((field) => siteTextName(field.path))).toEqual([
      'Copyright text',
      'Link group 1, title',
      'Link group 1, link 1',
      'Visitor information, title',
      'Visitor information, address',
      'Visitor information, opening hours',
    ])
  })

  test('the page shows the typed texts over the structure; an emptied one shows the default text again', () => {
    const shown = translatedSiteDoc('nav', nav(), { 'items.1.text': 'Veranstaltungen', 'cta.text': '  ' })
    expect(shown.items[1]?.text).toBe('Veranstaltungen')
    expect(shown.items[1]?.href).toBe('/whats-on')
    expect(shown.cta?.text).toBe('Plan your visit')
    expect(shown.items[0]?.text).toBe('Explore')
  })

  test('typed texts are unsaved until stored; emptying a text back to nothing is no change; only written texts count', () => {
    let state = editorReducer(initialEditorState(), {
      type: 'loadSiteTranslation',
      kind: 'nav',
      locale: 'de',
      texts: { 'items.0.text': 'Erleben' },
      version: 3,
      published: true,
    })
    expect(hasUnsavedChanges(state)).toBe(false)
    expect(showsTranslationWorkingCopy(state, 'nav')).toBe(false)

    state = editorReducer(state, { type: 'editSiteTranslation', kind: 'nav', id: 'items.1.text', text: 'Events' })
    expect(state.siteTranslations.nav?.isDirty).toBe(true)
    expect(hasUnsavedChanges(state)).toBe(true)
    // Shown on the page while unsaved, even with the panel closed.
    expect(showsTranslationWorkingCopy(state, 'nav')).toBe(true)

    state = editorReducer(state, { type: 'editSiteTranslation', kind: 'nav', id: 'items.1.text', text: '' })
    expect(state.siteTranslations.nav?.isDirty).toBe(false)

    state = editorReducer(state, { type: 'editSiteTranslation', kind: 'nav', id: 'items.0.text', text: 'Entdecken' })
    state = editorReducer(state, {
      type: 'markSiteTranslationSaved',
      kind: 'nav',
      texts: { 'items.0.text': 'Entdecken' },
      version: 4,
      published: false,
    })
    expect(state.siteTranslations.nav).toMatchObject({ version: 4, isDirty: false, texts: { 'items.0.text': 'Entdecken' } })
    expect(state.siteTranslations.footer).toBeNull()
  })
})
