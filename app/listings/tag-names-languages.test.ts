import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FetchResponse, type Listing } from '#lib/listings'
import type { LocaleCode } from '#lib/locales'
import { loadListingPage } from './listing-page.server.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { publishProviderListing } from '../../tests/helpers/listings.ts'

/**
 * Listing category and tag names per language (issue 33 point 2) through the API on the real
 * database: editors give a tag's friendly name and a category's name per language; German
 * visitors read the published German names in the grid's filters and on listing pages, the
 * English name where none was given; a fallback is never stored; a language of names is
 * published apart from English and from other languages.
 */
let t: TestApp
let publisher: Caller
let editorOnly: Caller
let anon: Caller
const domainId = 'main'
const LANGUAGES = { default: 'en-AU' as const, others: ['de', 'zh-Hans'] as LocaleCode[] }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

async function addListing(id: string, name: string, category: string): Promise<Listing> {
  return publishProviderListing(t, domainId, id, name, {
    productCategoryId: category,
    description: `${name} in the Barossa`,
    status: 'ACTIVE',
  })
}

/** The filter panel's category names of the grid, in a language (absent: the default). */
async function filterNames(locale?: LocaleCode) {
  const res = await anon.post('/api/listing/fetch', { limit: 10, currentPage: 1, ...(locale ? { locale } : {}) })
  expect(res.status).toBe(200)
  const body = (await res.json()) as FetchResponse
  return Object.fromEntries(body.listingCategories.map((c) => [c.key, c.name]))
}

/** The category chips of a listing's page as a visitor in a language reads them. */
async function listingChips(id: string, locale: LocaleCode) {
  const context = {
    services: t.services,
    domain: await t.services.domains.forHost('localhost'),
    locale,
    languages: LANGUAGES,
    user: null,
    clientIp: '127.0.0.1',
    unavailable: false,
    reportError: () => {},
  }
  const page = await loadListingPage(context as never, { _id: id, slug: id }, 'http://localhost')
  expect(page.failed).toBe(false)
  return Object.fromEntries(page.listing!.categories.map((c) => [c.key, c.name]))
}

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: domainId, name: 'Main', hostnames: ['localhost'], published: true, languages: LANGUAGES })
  publisher = await signIn(t, { username: 'petra', password: 'petra-password', roles: ['publisher'] })
  editorOnly = await signIn(t, { username: 'eddie', password: 'eddie-password', roles: ['editor'] })
  anon = visitor(t)
  await addListing('p-gallery', 'Barossa Regional Gallery', 'ATTRACTION')
  await addListing('p-festival', 'Vintage Festival', 'EVENT')
  expect((await publisher.post('/api/listing/publishTags', { tags: { ATTRACTION: 'Attractions', EVENT: 'Events' } })).status).toBe(200)
})
afterAll(() => t?.close())

describe('friendly tag names per language', () => {
  it('German visitors read the published German names, the English name where none was given; English visitors see no change', async () => {
    const saved = await json(
      publisher.post('/api/translation/save', { kind: 'tags', locale: 'de', fields: { ATTRACTION: 'Sehenswürdigkeiten' } }),
    )
    // Only what was written in German is stored: EVENT has no German name, and none is made up for it.
    expect(saved).toMatchObject({ version: 1, published: null, fields: { ATTRACTION: 'Sehenswürdigkeiten' }, total: 2, untranslated: 1 })
    expect(Object.keys(saved.fields)).toEqual(['ATTRACTION'])

    // Saved, not published: German visitors still read English.
    expect(await filterNames('de')).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })

    const published = await publisher.post('/api/translation/publish', { kind: 'tags', locale: 'de' })
    expect(published.status).toBe(200)
    expect(await filterNames('de')).toEqual({ ATTRACTION: 'Sehenswürdigkeiten', EVENT: 'Events' })
    expect(await listingChips('p-gallery', 'de')).toMatchObject({ ATTRACTION: 'Sehenswürdigkeiten' })
    expect(await listingChips('p-festival', 'de')).toMatchObject({ EVENT: 'Events' })

    // English and Chinese are untouched.
    expect(await filterNames()).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })
    expect(await filterNames('zh-Hans')).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })
    expect(await listingChips('p-gallery', 'en-AU')).toMatchObject({ ATTRACTION: 'Attractions' })
    expect(await json(anon.get('/api/listing/loadTags'))).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })

    // Emptying a German name withdraws it (at the next publish): the English name shows again.
    const emptied = await publisher.post('/api/translation/publish', {
      kind: 'tags',
      locale: 'de',
      fields: { ATTRACTION: '' },
      version: saved.version,
    })
    expect(emptied.status).toBe(200)
    expect((await json(emptied)).published).toEqual({})
    expect(await filterNames('de')).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })
  })

  it('a name for a tag without a default name is not stored, and a language the site does not offer is refused', async () => {
    const saved = await json(publisher.post('/api/translation/save', { kind: 'tags', locale: 'zh-Hans', fields: { NOSUCHTAG: '无' } }))
    expect(saved.dropped).toEqual(['NOSUCHTAG'])
    expect(saved.fields).toEqual({})
    const refused = await publisher.post('/api/translation/save', { kind: 'tags', locale: 'fr', fields: { EVENT: 'Événements' } })
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ error: { code: 'invalid_input' } })
  })

  it('an editor without the publish right saves names but cannot publish them; visitors cannot save any', async () => {
    const { version } = await json(editorOnly.get('/api/translation/load?kind=tags&locale=zh-Hans'))
    expect(
      (await editorOnly.post('/api/translation/save', { kind: 'tags', locale: 'zh-Hans', fields: { EVENT: '活动' }, version })).status,
    ).toBe(200)
    expect((await editorOnly.post('/api/translation/publish', { kind: 'tags', locale: 'zh-Hans' })).status).toBe(403)
    expect((await anon.post('/api/translation/save', { kind: 'tags', locale: 'zh-Hans', fields: { EVENT: '活动' } })).status).toBe(401)
    expect(await filterNames('zh-Hans')).toEqual({ ATTRACTION: 'Attractions', EVENT: 'Events' })
  })
})

describe("a listing category's name per language", () => {
  it('is saved beside the category, published only once the category is, and named by the category id', async () => {
    const { category } = await json(publisher.post('/api/listing/saveCategory', { category: { name: 'Wineries', filters: ['WINERY'] } }))
    const missingId = await publisher.post('/api/translation/save', { kind: 'category', locale: 'de', fields: { name: 'Weingüter' } })
    expect(missingId.status).toBe(400)

    const saved = await json(
      publisher.post('/api/translation/save', {
        kind: 'category',
        id: category._id,
        locale: 'de',
        fields: { name: 'Weingüter', filters: 'x' },
      }),
    )
    expect(saved).toMatchObject({ fields: { name: 'Weingüter' }, dropped: ['filters'], total: 1, untranslated: 0 })

    const early = await publisher.post('/api/translation/publish', { kind: 'category', id: category._id, locale: 'de' })
    expect(early.status).toBe(409)
    expect((await json(early)).error.message).toBe('This category is not published yet: publish it in its default language first.')

    expect((await publisher.post('/api/listing/publishCategory', { category })).status).toBe(200)
    const published = await json(publisher.post('/api/translation/publish', { kind: 'category', id: category._id, locale: 'de' }))
    expect(published).toMatchObject({ published: { name: 'Weingüter' } })
    // The English name stays as it was.
    const categories = (await json(publisher.get('/api/listing/loadCategories'))) as unknown as { _id: string; name: string }[]
    expect(categories.find((c) => c._id === category._id)?.name).toBe('Wineries')

    // A missing category is 404.
    expect((await publisher.get(`/api/translation/load?kind=category&id=nope&locale=de`)).status).toBe(404)
  })
})
