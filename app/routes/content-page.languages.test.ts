import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocaleCode } from '#lib/locales'
import { loadContentPage } from './content-page.server.ts'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Content per language (issue 33 points 2 and 3, decision 025) through the API on the real
 * database: a page's German texts beside its shared structure, draft and published apart; visitors
 * read them field by field over the English; publishing one language never publishes another; a
 * fallback is never stored; saves merge field by field per language; history and restore per
 * language; navigation and footer the same.
 */
let t: TestApp
let publisher: Caller
let colleague: Caller
let draftsOnly: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const LANGUAGES = { default: 'en-AU' as const, others: ['de', 'zh-Hans'] as LocaleCode[] }

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true, languages: LANGUAGES })
  publisher = await signIn(t, { username: 'petra', password: 'petra-password', roles: ['publisher'] })
  colleague = await signIn(t, { username: 'lee', password: 'lee-password', roles: ['publisher'] })
  draftsOnly = await signIn(t, { username: 'eddie', password: 'eddie-password', roles: ['editor'] })
})
afterAll(() => t?.close())

const englishPage = (slug: string, title = 'Plan your visit') => ({
  slug,
  template: 'generic',
  header: { title, description: 'Everything you need' },
  contents: [
    { componentType: 'SectionHeading', _key: 'b-heading', title: 'Getting here', subtitle: 'By car or coach' },
    { componentType: 'Text', _key: 'b-text', text: 'An hour from Adelaide.' },
  ],
})

async function publishedPage(slug: string, title?: string) {
  const res = await publisher.post('/api/page/publishPage', { page: englishPage(slug, title) })
  expect(res.status).toBe(200)
  return json(res)
}

/** The page as the site's loader renders it in a language, for a visitor (or an editor). */
async function render(slug: string, locale: LocaleCode, user: 'visitor' | 'editor' = 'visitor') {
  const domain = await t.services.domains.forHost('localhost')
  const editor = user === 'editor' ? await t.services.users.findByLogin('petra') : null
  const context = {
    services: t.services,
    domain,
    locale,
    languages: LANGUAGES,
    user: editor ? { _id: editor.id, username: editor.username, email: editor.email, roles: editor.roles } : null,
    clientIp: '127.0.0.1',
    unavailable: false,
    reportError: () => {},
  }
  const prefix = locale === 'en-AU' ? '' : `/${locale.toLowerCase()}`
  const loaded = await loadContentPage(context as never, new Request(`http://localhost${prefix}/${slug}`), 'pages', slug)
  const blocks = loaded.contents as unknown as Json[]
  return { title: loaded.page.header.title, description: loaded.page.header.description, blocks, page: loaded.page as Json }
}

const save = (caller: Caller, body: Json) => caller.post('/api/translation/save', { kind: 'page', locale: 'de', ...body })

describe("a page's texts in a further language", () => {
  it('are stored beside the structure: German visitors read them field by field once published, English visitors see no change', async () => {
    const page = await publishedPage('visit')
    const saved = await save(publisher, { id: page._id, fields: { 'header.title': 'Ihr Besuch', 'b-heading/title': 'Anreise' } })
    expect(saved.status).toBe(200)
    const body = await json(saved)
    expect(body).toMatchObject({ version: 1, published: null, fields: { 'header.title': 'Ihr Besuch', 'b-heading/title': 'Anreise' } })
    // Five texts on the page; two translated.
    expect(body).toMatchObject({ total: 5, untranslated: 3 })

    // Saved, not published: German visitors still read the English text; the editor in German sees the draft.
    expect((await render('visit', 'de')).title).toBe('Plan your visit')
    expect((await render('visit', 'de', 'editor')).title).toBe('Ihr Besuch')

    expect((await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })).status).toBe(200)
    const german = await render('visit', 'de')
    expect(german.title).toBe('Ihr Besuch')
    // Field by field: what has no translation reads in English.
    expect(german.description).toBe('Everything you need')
    expect(german.blocks[0]).toMatchObject({ title: 'Anreise', subtitle: 'By car or coach' })
    expect(german.blocks[1]).toMatchObject({ text: 'An hour from Adelaide.' })
    // Chinese was never written: the English text throughout.
    expect((await render('visit', 'zh-Hans')).title).toBe('Plan your visit')
    // English is untouched, draft and published.
    expect((await render('visit', 'en-AU')).title).toBe('Plan your visit')
    const english = await json(publisher.get('/api/page/load?slug=visit'))
    expect(english.header.title).toBe('Plan your visit')
    expect(english.version).toBe(page.version)
  })

  it('publishing one language never publishes another, nor the default language', async () => {
    const page = await publishedPage('one-language')
    const first = await json(save(publisher, { id: page._id, fields: { 'header.title': 'Eine Sprache' } }))
    await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })
    // English changes saved (not published), and a newer German draft.
    const draft = await json(publisher.get('/api/page/load?slug=one-language'))
    expect(
      (await publisher.post('/api/page/save', { page: { ...draft, header: { ...draft.header, title: 'One language, v2' } } })).status,
    ).toBe(200)
    await save(publisher, { id: page._id, version: first.version, fields: { 'header.title': 'Eine Sprache, neu' } })
    await save(publisher, { id: page._id, locale: 'zh-Hans', fields: { 'header.title': '一种语言' } })

    // Publishing German publishes German only.
    await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })
    expect((await render('one-language', 'de')).title).toBe('Eine Sprache, neu')
    expect((await render('one-language', 'en-AU')).title).toBe('Plan your visit')
    expect((await render('one-language', 'zh-Hans')).title).toBe('Plan your visit')

    // Publishing English publishes English only: the Chinese draft stays unpublished.
    const now = await json(publisher.get('/api/page/load?slug=one-language'))
    expect((await publisher.post('/api/page/publishPage', { page: now })).status).toBe(200)
    expect((await render('one-language', 'en-AU')).title).toBe('One language, v2')
    expect((await render('one-language', 'zh-Hans')).title).toBe('One language, v2')
    expect((await render('one-language', 'de')).title).toBe('Eine Sprache, neu')

    // "All languages" publishes the structure, English and every language's draft.
    await save(publisher, { id: page._id, version: 2, fields: { 'header.title': 'Eine Sprache, v3' } })
    const all = await json(publisher.post('/api/page/publishPage', { page: now, allLanguages: true }))
    expect(all.publishedLanguages).toEqual(expect.arrayContaining(['de', 'zh-Hans']))
    expect((await render('one-language', 'zh-Hans')).title).toBe('一种语言')
    expect((await render('one-language', 'de')).title).toBe('Eine Sprache, v3')
  })

  it('of a page never published cannot be published alone (409); all languages publishes both', async () => {
    const created = await json(publisher.post('/api/page/save', { page: englishPage('unpublished-yet') }))
    await save(publisher, { id: created._id, fields: { 'header.title': 'Noch nicht' } })
    const refused = await publisher.post('/api/translation/publish', { kind: 'page', id: created._id, locale: 'de' })
    expect(refused.status).toBe(409)
    expect((await json(refused)).error.message).toMatch(/publish it in its default language first/)
    const page = await json(publisher.get('/api/page/load?slug=unpublished-yet'))
    expect((await publisher.post('/api/page/publishPage', { page, allLanguages: true })).status).toBe(200)
    expect((await render('unpublished-yet', 'de')).title).toBe('Noch nicht')
    expect((await render('unpublished-yet', 'en-AU')).title).toBe('Plan your visit')
  })

  it('never stores a fallback: only the texts written in the language; unknown fields are dropped, empty ones removed', async () => {
    const page = await publishedPage('no-fallback')
    const first = await json(
      save(publisher, { id: page._id, fields: { 'header.title': 'Kein Ersatz', 'b-gone/title': 'Weg', 'b-text/text': '' } }),
    )
    expect(first.fields).toEqual({ 'header.title': 'Kein Ersatz' })
    expect(first.dropped).toEqual(['b-gone/title'])
    // Clearing a translation makes the field fall back again, and it is counted as untranslated.
    const cleared = await json(save(publisher, { id: page._id, version: first.version, fields: { 'header.title': '' } }))
    expect(cleared.fields).toEqual({})
    expect(cleared.untranslated).toBe(cleared.total)
    await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })
    const stored = await t.services.translations.published('page', page._id, 'de')
    expect(stored).toEqual({})
    expect((await render('no-fallback', 'de')).title).toBe('Plan your visit')
  })

  it('unpublished again: German visitors read English; the German draft stays', async () => {
    const page = await publishedPage('withdrawn')
    await publisher.post('/api/translation/publish', {
      kind: 'page',
      id: page._id,
      locale: 'de',
      fields: { 'header.title': 'Zurückgezogen' },
    })
    expect((await render('withdrawn', 'de')).title).toBe('Zurückgezogen')
    const res = await publisher.post('/api/translation/unpublish', { kind: 'page', id: page._id, locale: 'de' })
    expect(res.status).toBe(200)
    expect((await json(res)).published).toBeNull()
    expect((await render('withdrawn', 'de')).title).toBe('Plan your visit')
    expect((await json(publisher.get(`/api/translation/load?kind=page&id=${page._id}&locale=de`))).fields).toEqual({
      'header.title': 'Zurückgezogen',
    })
  })

  it('merge two editors’ saves field by field per language; the same field changed by both is a 409 naming it', async () => {
    const page = await publishedPage('merge-de')
    const base = await json(save(publisher, { id: page._id, fields: { 'header.title': 'Zusammen' } }))
    // Both loaded version 1. Lee changes the heading, Petra the text: both stay.
    await save(colleague, { id: page._id, version: base.version, fields: { 'header.title': 'Zusammen', 'b-heading/title': 'Anreise' } })
    const merged = await save(publisher, {
      id: page._id,
      version: base.version,
      fields: { 'header.title': 'Zusammen', 'b-text/text': 'Eine Stunde.' },
    })
    expect(merged.status).toBe(200)
    const mergedBody = await json(merged)
    expect(mergedBody.fields).toEqual({ 'header.title': 'Zusammen', 'b-heading/title': 'Anreise', 'b-text/text': 'Eine Stunde.' })
    expect(mergedBody.merge).toMatchObject({ baseVersion: base.version, by: ['lee'], changes: ['b-heading/title'] })

    // Both change the title from the same version: refused, naming the field and both values.
    const v = mergedBody.version
    await save(colleague, { id: page._id, version: v, fields: { ...mergedBody.fields, 'header.title': 'Lees Titel' } })
    const refused = await save(publisher, { id: page._id, version: v, fields: { ...mergedBody.fields, 'header.title': 'Petras Titel' } })
    expect(refused.status).toBe(409)
    const error = (await json(refused)).error
    expect(error.details.conflicts).toEqual([
      { id: 'header.title', path: ['header', 'title'], kind: 'value', base: 'Zusammen', mine: 'Petras Titel', theirs: 'Lees Titel' },
    ])
    expect(error.details.by).toEqual(['lee'])
    // The editor keeps theirs: the save goes through with Lee's title.
    const resolved = await save(publisher, {
      id: page._id,
      version: v,
      fields: { ...mergedBody.fields, 'header.title': 'Petras Titel' },
      resolutions: { 'header.title': 'theirs' },
    })
    expect(resolved.status).toBe(200)
    expect((await json(resolved)).fields['header.title']).toBe('Lees Titel')
    // Once a translation exists, a save names the version it was based on.
    expect((await save(publisher, { id: page._id, fields: { 'header.title': 'Ohne Version' } })).status).toBe(400)
  })

  it('keep a history per language, and an older version can be restored as the draft', async () => {
    const page = await publishedPage('history-de')
    const one = await json(save(publisher, { id: page._id, fields: { 'header.title': 'Erste' } }))
    await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })
    await save(publisher, { id: page._id, version: one.version, fields: { 'header.title': 'Zweite' } })
    await save(publisher, { id: page._id, locale: 'zh-Hans', fields: { 'header.title': '第一' } })
    const versions = await json(publisher.get(`/api/translation/versions?kind=page&id=${page._id}&locale=de`))
    expect(versions.map((v: Json) => v.action)).toEqual(['save', 'publish', 'save'])
    expect(versions.every((v: Json) => v.username === 'petra' && v.locale === 'de')).toBe(true)
    const first = versions[2]
    expect((await json(publisher.get(`/api/translation/version?kind=page&id=${page._id}&locale=de&versionId=${first.id}`))).fields).toEqual(
      {
        'header.title': 'Erste',
      },
    )
    const restored = await json(
      publisher.post('/api/translation/restoreVersion', { kind: 'page', id: page._id, locale: 'de', versionId: first.id }),
    )
    expect(restored.fields).toEqual({ 'header.title': 'Erste' })
    // The Chinese history is its own; the English history has none of these.
    expect((await json(publisher.get(`/api/translation/versions?kind=page&id=${page._id}&locale=zh-Hans`))).length).toBe(1)
    const english = await json(publisher.get(`/api/page/versions?id=${page._id}`))
    expect(english.map((v: Json) => v.action)).toEqual(['publish', 'save'])
  })

  it('restored in German: the German draft becomes that version exactly; English draft, published page and history, and Chinese, stay as they were', async () => {
    const page = await publishedPage('restore-de')
    const first = await json(save(publisher, { id: page._id, fields: { 'header.title': 'Erste Fassung' } }))
    await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })
    await save(publisher, {
      id: page._id,
      version: first.version,
      fields: { 'header.title': 'Zweite Fassung', 'b-heading/title': 'Anreise' },
    })
    await save(publisher, { id: page._id, locale: 'zh-Hans', fields: { 'header.title': '访问' } })
    // An English draft change after the German versions: the restore must not take it back.
    const english = await json(publisher.get('/api/page/load?slug=restore-de'))
    const englishSaved = await publisher.post('/api/page/save', {
      page: { ...english, header: { ...english.header, title: 'Plan your stay' } },
    })
    expect(englishSaved.status).toBe(200)
    const englishBefore = await json(publisher.get('/api/page/load?slug=restore-de'))
    const englishHistory = await json(publisher.get(`/api/page/versions?id=${page._id}`))

    const versions = await json(publisher.get(`/api/translation/versions?kind=page&id=${page._id}&locale=de`))
    const oldest = versions.at(-1)
    const restored = await publisher.post('/api/translation/restoreVersion', {
      kind: 'page',
      id: page._id,
      locale: 'de',
      versionId: oldest.id,
    })
    expect(restored.status).toBe(200)
    // Exactly the restored version's German texts: the heading translated later reads English again.
    expect((await json(restored)).fields).toEqual({ 'header.title': 'Erste Fassung' })
    const editorView = await render('restore-de', 'de', 'editor')
    expect(editorView.title).toBe('Erste Fassung')
    expect(editorView.blocks[0]).toMatchObject({ title: 'Getting here' })

    // English: the draft, its version and its history as before; visitors read the published English.
    const englishAfter = await json(publisher.get('/api/page/load?slug=restore-de'))
    expect(englishAfter.header.title).toBe('Plan your stay')
    expect(englishAfter.version).toBe(englishBefore.version)
    expect(englishAfter.contents).toEqual(englishBefore.contents)
    expect(await json(publisher.get(`/api/page/versions?id=${page._id}`))).toEqual(englishHistory)
    expect((await render('restore-de', 'en-AU')).title).toBe('Plan your visit')
    // Chinese keeps its own draft; German visitors still read the published German until it is published again.
    expect((await json(publisher.get(`/api/translation/load?kind=page&id=${page._id}&locale=zh-Hans`))).fields).toEqual({
      'header.title': '访问',
    })
    expect((await render('restore-de', 'de')).title).toBe('Erste Fassung')
    expect((await render('restore-de', 'de')).blocks[0]).toMatchObject({ title: 'Getting here' })
  })

  it('keep machine suggestions marked with the draft until a person types in them; a restore takes the marks off (decision 041)', async () => {
    const page = await publishedPage('suggested-de')
    const load = async () => json(publisher.get(`/api/translation/load?kind=page&id=${page._id}&locale=de`))
    const first = await json(
      save(publisher, {
        id: page._id,
        fields: { 'header.title': '[DE] Plan your visit', 'header.description': '[DE] Everything you need', 'b-heading/title': 'Anreise' },
        // A field not sent cannot be marked.
        suggested: ['header.title', 'header.description', 'b-text/text'],
      }),
    )
    expect(first.suggested).toEqual(['header.description', 'header.title'])
    // After a reload: the API and the page the editor opens in German carry the marks.
    expect((await load()).suggested).toEqual(['header.description', 'header.title'])
    expect((await render('suggested-de', 'de', 'editor')).page.translation.suggested).toEqual(['header.description', 'header.title'])

    // Autosave again, then a colleague's save of another text, based on the older version: merged,
    // and the marks of the texts they did not touch stay.
    const again = await json(save(publisher, { id: page._id, version: first.version, fields: first.fields, suggested: first.suggested }))
    expect(again.suggested).toEqual(['header.description', 'header.title'])
    const merged = await json(
      save(colleague, { id: page._id, version: first.version, fields: { ...first.fields, 'b-heading/title': 'Die Anreise' } }),
    )
    expect(merged.merge).toBeDefined()
    expect(merged.fields['b-heading/title']).toBe('Die Anreise')
    expect(merged.suggested).toEqual(['header.description', 'header.title'])

    // The editor types over the title: sent without its mark, it loses it; the description keeps its.
    const typed = await json(
      save(publisher, {
        id: page._id,
        version: merged.version,
        fields: { ...merged.fields, 'header.title': 'Ihr Besuch' },
        suggested: ['header.description'],
      }),
    )
    expect(typed.suggested).toEqual(['header.description'])
    // Publishing publishes the texts (never a mark) and keeps the draft's marks for review.
    const published = await json(publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' }))
    expect(published.published).toEqual(typed.fields)
    expect(published.suggested).toEqual(['header.description'])
    // Emptied, a text has no translation and no mark.
    const emptied = await json(
      save(publisher, {
        id: page._id,
        version: typed.version,
        fields: { ...typed.fields, 'header.description': '' },
        suggested: ['header.description'],
      }),
    )
    expect(emptied.suggested).toEqual([])

    // A restore makes an older version the draft as the editor's own texts: no marks.
    const versions = await json(publisher.get(`/api/translation/versions?kind=page&id=${page._id}&locale=de`))
    const restored = await json(
      publisher.post('/api/translation/restoreVersion', { kind: 'page', id: page._id, locale: 'de', versionId: versions.at(-1).id }),
    )
    expect(restored.fields['header.title']).toBe('[DE] Plan your visit')
    expect(restored.suggested).toEqual([])
  })

  it('are refused for a language the site does not offer, its default language, a missing page and texts that are not text', async () => {
    const page = await publishedPage('languages-offered')
    for (const locale of ['fr', 'en-AU', 'xx']) {
      const res = await save(publisher, { id: page._id, locale, fields: { 'header.title': 'x' } })
      expect(res.status, locale).toBe(400)
      expect((await json(res)).error.details).toEqual([{ path: 'locale', message: 'Not a further language of this site' }])
    }
    expect((await save(publisher, { id: 'no-such-page', fields: {} })).status).toBe(404)
    expect((await save(publisher, { id: page._id, fields: { 'header.title': 42 } })).status).toBe(400)
    expect((await publisher.post('/api/translation/save', { kind: 'page', locale: 'de', fields: {} })).status).toBe(400)
  })

  it('are saved by an Editor but published only by a publisher', async () => {
    const page = await publishedPage('roles-de')
    expect((await save(draftsOnly, { id: page._id, fields: { 'header.title': 'Entwurf' } })).status).toBe(200)
    expect((await draftsOnly.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })).status).toBe(403)
    expect((await draftsOnly.post('/api/translation/unpublish', { kind: 'page', id: page._id, locale: 'de' })).status).toBe(403)
  })

  it('are scheduled per language: a German publish at a time publishes German only, beside an English schedule', async () => {
    const page = await publishedPage('scheduled-de')
    await save(publisher, { id: page._id, fields: { 'header.title': 'Geplant' } })
    const inMinutes = (n: number) => new Date(Date.now() + n * 60_000)
    const german = await json(
      publisher.post('/api/schedule/create', { pageId: page._id, action: 'publish', at: inMinutes(10).toISOString(), locale: 'de' }),
    )
    expect(german).toMatchObject({ status: 'pending', locale: 'de' })
    const english = await json(
      publisher.post('/api/schedule/create', { pageId: page._id, action: 'unpublish', at: inMinutes(20).toISOString() }),
    )
    expect(english.locale).toBeNull()
    // Each language lists its own.
    const listed = await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}&locale=de`))
    expect(listed.pending.map((s: Json) => s.id)).toEqual([german.id])
    expect((await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}`))).pending.map((s: Json) => s.id)).toEqual([english.id])
    expect(
      (await publisher.post('/api/schedule/create', { pageId: page._id, action: 'publish', at: inMinutes(5).toISOString(), locale: 'fr' }))
        .status,
    ).toBe(400)

    expect((await t.services.schedules.runDue(inMinutes(11))).ran).toEqual([german.id])
    expect((await render('scheduled-de', 'de')).title).toBe('Geplant')
    expect((await render('scheduled-de', 'en-AU')).title).toBe('Plan your visit')
  })

  it('go with their page when it is deleted', async () => {
    const created = await json(publisher.post('/api/page/save', { page: englishPage('deleted-de') }))
    await save(publisher, { id: created._id, fields: { 'header.title': 'Gelöscht' } })
    expect((await publisher.post('/api/page/delete', { _id: created._id })).status).toBe(200)
    expect(await t.services.translations.draft('page', created._id, 'de')).toBeNull()
  })
})

describe('the navigation and footer in a further language', () => {
  it('translate their labels, published per language; the addresses stay shared', async () => {
    const nav = { siteName: 'Barossa', items: [{ text: 'Explore', href: '/explore', groups: [] }] }
    expect((await publisher.post('/api/site/publishNav', { nav, force: true })).status).toBe(200)
    const saved = await publisher.post('/api/translation/save', { kind: 'nav', locale: 'de', fields: { 'items.0.text': 'Entdecken' } })
    expect(saved.status).toBe(200)
    const docs = async (which: 'draft' | 'published') => {
      const loaded = await t.services.siteDocuments.loadAll('main', which)
      return t.services.translations.siteDocumentsIn('main', 'de', which, {
        nav: loaded.nav.doc,
        footer: loaded.footer.doc,
        siteSettings: loaded.siteSettings.doc,
      })
    }
    expect((await docs('published')).nav.items[0]).toMatchObject({ text: 'Explore', href: '/explore' })
    expect((await docs('draft')).nav.items[0]).toMatchObject({ text: 'Entdecken', href: '/explore' })
    expect((await publisher.post('/api/translation/publish', { kind: 'nav', locale: 'de' })).status).toBe(200)
    expect((await docs('published')).nav.items[0]).toMatchObject({ text: 'Entdecken', href: '/explore' })
    // The English navigation is unchanged.
    expect((await json(publisher.get('/api/site/loadNav'))).items[0].text).toBe('Explore')
    // A footer never published cannot have its German published alone.
    await publisher.post('/api/translation/save', { kind: 'footer', locale: 'de', fields: {} })
    expect((await publisher.post('/api/translation/publish', { kind: 'footer', locale: 'de' })).status).toBe(409)
  })
})
