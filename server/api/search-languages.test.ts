import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocaleCode } from '#lib/locales'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { publishProviderListing } from '../../tests/helpers/listings.ts'
import { pageTranslationSearch } from '../db/schema.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * Search in German and Simplified Chinese finds pages by the texts visitors read in the language
 * (issue 33 point 5), through the public API on the real database: a page's published translation
 * matches in the language's configuration (German stems) or, for Chinese, as the typed characters;
 * the result is titled in the language; a translation only saved as a draft, and other languages'
 * words, find nothing; English search is unchanged. (Listings in German and Chinese:
 * listings/sync/market-variants.test.ts.)
 */
let t: TestApp
let publisher: Caller
let anon: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({
    _id: 'main',
    name: 'Main',
    hostnames: ['localhost'],
    published: true,
    languages: { default: 'en-AU', others: ['de', 'zh-Hans'] },
  })
  publisher = await signIn(t, { username: 'petra', password: 'petra-password', roles: ['publisher'] })
  anon = visitor(t)

  const cellar = await publishPage('cellar-doors', 'Cellar doors', 'Taste the old vines of the valley.')
  await translate(cellar._id, 'de', {
    'header.title': 'Weingüter und Kellertüren',
    'b-text/text': '<p>Probieren Sie die Weine alter Reben.</p>',
  })
  await translate(cellar._id, 'zh-Hans', { 'header.title': '酒窖之旅', 'b-text/text': '<p>品尝山谷里老藤的葡萄酒。</p>' })
  // Saved in German, never published: visitors do not read it, so it is not found by it.
  const draft = await publishPage('walks', 'Walks', 'Trails through the hills.')
  expect(
    (
      await publisher.post('/api/translation/save', {
        kind: 'page',
        id: draft._id,
        locale: 'de',
        fields: { 'b-text/text': 'Wanderwege durch die Hügel.' },
      })
    ).status,
  ).toBe(200)
})
afterAll(() => t?.close())

async function publishPage(slug: string, title: string, text: string): Promise<Json> {
  const res = await publisher.post('/api/page/publishPage', {
    page: { slug, template: 'generic', header: { title }, contents: [{ componentType: 'Text', _key: 'b-text', text }] },
  })
  expect(res.status).toBe(200)
  return json(res)
}

async function translate(id: string, locale: LocaleCode, fields: Record<string, string>) {
  expect((await publisher.post('/api/translation/save', { kind: 'page', id, locale, fields })).status).toBe(200)
  expect((await publisher.post('/api/translation/publish', { kind: 'page', id, locale })).status).toBe(200)
}

const search = async (q: string, locale?: LocaleCode) => {
  const res = await anon.get(`/api/search/query?q=${encodeURIComponent(q)}${locale ? `&locale=${locale}` : ''}`)
  expect(res.status).toBe(200)
  return (await json(res)).results as { slug: string; title: string; snippet: string }[]
}
const found = async (q: string, locale?: LocaleCode) => (await search(q, locale)).map((r) => ({ slug: r.slug, title: r.title }))

describe('a page in a further language', () => {
  it('is found by its German words, stemmed as German, and titled in German', async () => {
    const german = { slug: 'cellar-doors', title: 'Weingüter und Kellertüren' }
    expect(await found('Weingut', 'de')).toEqual([german])
    expect(await found('Reben', 'de')).toEqual([german])
    expect(await found('Kellertür', 'de')).toEqual([german])
    // Its snippet shows the German words, marked (no tags of the rich text).
    const [hit] = await search('Reben', 'de')
    expect(hit!.snippet).toContain('<mark>Reben</mark>')
    expect(hit!.snippet).not.toContain('&lt;p')
    // Its untranslated texts are still read, and found, in English.
    expect(await found('cellar', 'de')).toEqual([german])
  })

  it('is found by its Chinese words in Chinese, titled in Chinese', async () => {
    const chinese = { slug: 'cellar-doors', title: '酒窖之旅' }
    expect(await found('葡萄酒', 'zh-Hans')).toEqual([chinese])
    expect(await found('老藤', 'zh-Hans')).toEqual([chinese])
    expect(await found('酒窖', 'zh-Hans')).toEqual([chinese])
    expect(await found('帐篷', 'zh-Hans')).toEqual([])
  })

  it("is not found by another language's words, nor by a translation not yet published; English is unchanged", async () => {
    expect(await found('葡萄酒', 'de')).toEqual([])
    expect(await found('Reben', 'zh-Hans')).toEqual([])
    expect(await found('Wanderwege', 'de')).toEqual([])
    expect(await found('Reben')).toEqual([])
    expect(await found('vines')).toEqual([{ slug: 'cellar-doors', title: 'Cellar doors' }])
    expect(await found('Trails', 'de')).toEqual([{ slug: 'walks', title: 'Walks' }])
  })
})

describe("a listing's page translated by an editor", () => {
  it('is found by the texts the editor translated on it, in that language only', async () => {
    const listing = await publishProviderListing(t, 'main', 'hilltop-1', 'Hilltop Winery')
    const page = await t.services.pages.loadDraft('main', 'listings', listing.slug, SYSTEM)
    const withBlock = { ...page, contents: [{ componentType: 'Text', _key: 'b-note', text: 'Tastings in the rock cellar.' }] }
    expect((await publisher.post('/api/page/publishPage', { page: withBlock, collection: 'listings' })).status).toBe(200)
    await translate(listing._id, 'de', { 'b-note/text': 'Verkostungen im Felsenkeller.' })

    expect((await search('Felsenkeller', 'de')).map((r) => r.slug)).toEqual([listing.slug])
    expect(await search('Felsenkeller', 'zh-Hans')).toEqual([])
    expect(await search('Felsenkeller')).toEqual([])
    // Its English words still find it in German (the provider has not translated it).
    expect((await search('Hilltop', 'de')).map((r) => r.slug)).toEqual([listing.slug])
  })
})

describe('suggestions as a visitor types', () => {
  it('name a page by its title in the language where it is translated, in English elsewhere', async () => {
    const titles = async (q: string, locale?: LocaleCode) => {
      const res = await anon.get(`/api/search/suggest?q=${encodeURIComponent(q)}${locale ? `&locale=${locale}` : ''}`)
      expect(res.status).toBe(200)
      return ((await json(res)).groups as { suggestions: { title: string }[] }[]).flatMap((g) => g.suggestions.map((s) => s.title))
    }
    expect(await titles('Weing', 'de')).toEqual(['Weingüter und Kellertüren'])
    expect(await titles('酒窖', 'zh-Hans')).toEqual(['酒窖之旅'])
    // Its English title is not offered where the visitor reads another one.
    expect(await titles('Cellar', 'de')).toEqual([])
    expect(await titles('Walk', 'de')).toEqual(['Walks'])
    expect(await titles('Cellar')).toEqual(['Cellar doors'])
    expect(await titles('Weing')).toEqual([])
  })
})

describe("a page's stored search row in a language (decision 041)", () => {
  const searchRows = (pageId: string) => t.database.db.select().from(pageTranslationSearch).where(eq(pageTranslationSearch.pageId, pageId))
  // Saved over what is there (force: the test is the only editor) and published in German.
  const publishGerman = async (id: string, fields: Record<string, string>) => {
    expect((await publisher.post('/api/translation/save', { kind: 'page', id, locale: 'de', fields, force: true })).status).toBe(200)
    expect((await publisher.post('/api/translation/publish', { kind: 'page', id, locale: 'de' })).status).toBe(200)
  }

  it('follows the published translation: a new publish, an unpublish of the language, the page unpublished and back, deleted', async () => {
    const page = await publishPage('tasting-room', 'Tasting room', 'Sit down for a flight of wines.')
    await publishGerman(page._id, { 'header.title': 'Verkostungsraum', 'b-text/text': '<p>Eine Probe im Gewölbekeller.</p>' })
    const german = [{ slug: 'tasting-room', title: 'Verkostungsraum' }]
    expect(await found('Gewölbekeller', 'de')).toEqual(german)

    // A later publish replaces what the language is found by; a draft alone changes nothing.
    await publishGerman(page._id, { 'header.title': 'Verkostungsraum', 'b-text/text': '<p>Ein Picknick unter Eukalypten.</p>' })
    expect(await found('Gewölbekeller', 'de')).toEqual([])
    expect(await found('Picknick', 'de')).toEqual(german)
    const fields = { 'header.title': 'Verkostungsraum', 'b-text/text': 'Ein Konzert im Hof.' }
    const save = { kind: 'page', id: page._id, locale: 'de', fields, force: true }
    expect((await publisher.post('/api/translation/save', save)).status).toBe(200)
    expect(await found('Konzert', 'de')).toEqual([])

    // Withdrawn in German: found, and titled, in English only.
    expect((await publisher.post('/api/translation/unpublish', { kind: 'page', id: page._id, locale: 'de' })).status).toBe(200)
    expect(await found('Picknick', 'de')).toEqual([])
    expect(await found('flight', 'de')).toEqual([{ slug: 'tasting-room', title: 'Tasting room' }])
    expect(await searchRows(page._id)).toEqual([])

    // The page unpublished and published again: its German translation is found again with it.
    expect((await publisher.post('/api/translation/publish', { kind: 'page', id: page._id, locale: 'de' })).status).toBe(200)
    expect(await found('Konzert', 'de')).toEqual(german)
    const unpublished = await json(publisher.post('/api/page/unpublishPage', { _id: page._id }))
    expect(await found('Konzert', 'de')).toEqual([])
    expect((await publisher.post('/api/page/publishPage', { page: unpublished })).status).toBe(200)
    expect(await found('Konzert', 'de')).toEqual(german)

    // Deleted: its rows go with its translations.
    expect((await publisher.post('/api/page/unpublishPage', { _id: page._id })).status).toBe(200)
    expect((await publisher.post('/api/page/delete', { _id: page._id })).status).toBe(200)
    expect(await searchRows(page._id)).toEqual([])
  })

  it('is written by migration 0027 for translations published before it, as a publish writes it', async () => {
    const db = t.database.db
    const stored = async () => {
      const result = await db.execute(
        sql`select page_id, locale, domain_id, title, description, text, search::text as search from ${pageTranslationSearch} order by page_id, locale`,
      )
      return (result as unknown as { rows: Record<string, unknown>[] }).rows
    }
    const written = await stored()
    expect(written.map((r) => r.locale)).toEqual(expect.arrayContaining(['de', 'zh-Hans']))
    await db.delete(pageTranslationSearch)
    const migration = fs.readFileSync(new URL('../db/migrations/0027_page_translation_search.sql', import.meta.url), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').at(-1)!
    expect(backfill).toMatch(/^\s*INSERT INTO "page_translation_search"/)
    await db.execute(sql.raw(backfill))
    expect(await stored()).toEqual(written)
    expect(await found('Reben', 'de')).toEqual([{ slug: 'cellar-doors', title: 'Weingüter und Kellertüren' }])
    expect(await found('老藤', 'zh-Hans')).toEqual([{ slug: 'cellar-doors', title: '酒窖之旅' }])
  })
})
