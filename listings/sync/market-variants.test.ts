import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchRequestSchema, type FetchQuery, type ListingCard, type Listing } from '#lib/listings'
import { activeFilters, sqlConditions } from '../filters.ts'
import { listings } from '../schema.ts'
import { sqlKit } from '../sql.ts'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import type { SyncReport } from './atdw.ts'

/**
 * The contract of the provider's market variants (decision 030) against recorded responses: the
 * client and the sync, on a real database, read the German and Simplified Chinese profiles the
 * Atlas API answers with `mv=` (recorded from the fake in fakes/atdw/samples/market-variants/, and
 * the provider's own recorded detail, whose description translations are PRODTRANS comments),
 * keep each translated field per language beside the English one, and leave a field without a
 * translation to English.
 *
 * The recorded answers are replayed by a small server that knows only the recordings: every
 * request names one recording (or is a 404), so what the sync asks for is what the provider was asked.
 */

const SAMPLES = path.join(import.meta.dirname, '../../fakes/atdw/samples')
const RECORDED = path.join(SAMPLES, 'market-variants')
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>

const DELI = '582436ba7409cec344d9bd60' // German and Chinese name and description
const APARTMENTS = 'd72b788ef21486ed8e47eac5' // German name only
const TOURS = '68b84028d2b8de128466a0a7' // no translation; a TOUR with three services
const ADINA = '5fd017c6dad46f254f08fb78' // the provider's own recording: PRODTRANS comments

/** The recordings by request: /product and /productservice by id and market variant, /products. */
function replay() {
  const products = new Map<string, Record<string, unknown>>()
  const services = new Map<string, Record<string, unknown>>()
  for (const file of fs.readdirSync(RECORDED)) {
    const body = read(path.join(RECORDED, file))
    const mv = /-(GERMAN|CHINESE-S)\.json$/.exec(file)?.[1] ?? ''
    if (file.startsWith('product-')) products.set(`${String(body.productId)}|${mv}`, body)
    if (file.startsWith('productservice-')) services.set(`${String(body.serviceId)}|${mv}`, body)
  }
  const adina = read(path.join(SAMPLES, 'atdw_product_detail_example.json'))
  // Only its English profile was recorded: it carries the description's translations as comments,
  // and stands in for its variants too (the provider answers a profile it has no translation for in English).
  for (const mv of ['', 'GERMAN', 'CHINESE-S']) products.set(`${ADINA}|${mv}`, adina)
  const list = read(path.join(RECORDED, 'products.json')) as { products: Record<string, unknown>[] }
  const adinaItem = (read(path.join(SAMPLES, 'atdw_accommodation_fields.json')) as { products: Record<string, unknown>[] }).products.find(
    (p) => p.productId === ADINA,
  )!
  const requests: string[] = []
  const app = new Hono()
  app.use('*', async (c, next) => {
    requests.push(new URL(c.req.url).search)
    await next()
  })
  app.get('/api/atlas/products', (c) =>
    // Every page after the first is empty: the recording is one page.
    c.json(
      Number(c.req.query('pge') ?? 1) > 1
        ? { status: 0, numberOfResults: 4, products: [] }
        : { ...list, numberOfResults: 4, products: [...list.products, adinaItem] },
    ),
  )
  app.get('/api/atlas/product', (c) => {
    const body = products.get(`${c.req.query('productId')}|${c.req.query('mv') ?? ''}`)
    return body ? c.json(body) : c.json({ status: 404, message: 'Product not found' }, 404)
  })
  app.get('/api/atlas/productservice', (c) => {
    const body = services.get(`${c.req.query('serviceId')}|${c.req.query('mv') ?? ''}`)
    return body ? c.json(body) : c.json({ status: 404, message: 'Service not found' }, 404)
  })
  return { app, requests }
}

let t: TestApp
let server: ReturnType<typeof serve>
let requests: string[]
let domainId: string
let anon: Caller
let report: SyncReport

/** The grid's answer from its SQL conditions alone (the service's fallback), for comparing the index with. */
async function sqlIds(q: FetchQuery): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(eq(listings.domainId, domainId), eq(listings.published, true), ...sqlConditions(activeFilters({ q, category: null }), sqlKit)),
    )
  return rows.map((r) => r.id).sort()
}

const listing = async (id: string): Promise<Listing> => (await t.services.listings.findById(domainId, id, { editor: true }))!
const cards = async (body: Record<string, unknown>): Promise<ListingCard[]> => {
  const res = await anon.post('/api/listing/fetch', { hideTours: false, limit: 50, ...body })
  expect(res.status).toBe(200)
  return ((await res.json()) as { listings: ListingCard[] }).listings
}

beforeAll(async () => {
  const replayed = replay()
  requests = replayed.requests
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: replayed.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    )
  })
  t = await createTestApp({ seed: true, env: { ATDW_API_URL: url, ATDW_API_KEY: 'test-key' } })
  // The seeded Barossa (the localhost domain) offers German and Simplified Chinese.
  domainId = (await t.services.domains.forHost('localhost'))!._id
  anon = visitor(t)
  report = await t.services.listingsSync.syncAll(domainId, { trigger: 'test' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  server?.close()
})

describe('market variants from the recorded provider responses', () => {
  it('asks for each language the domain offers, one market variant per request', () => {
    expect(report).toMatchObject({ feed: 4, fetched: 4, created: 4 })
    const variants = requests.filter((r) => r.includes('mv=')).map((r) => new URLSearchParams(r).get('mv'))
    expect(new Set(variants)).toEqual(new Set(['GERMAN', 'CHINESE-S']))
    // Each product's detail in each language (four products), and the tour's three services in each.
    expect(requests.filter((r) => r.includes('productId=') && !r.includes('serviceId=') && r.includes('mv='))).toHaveLength(8)
    expect(requests.filter((r) => r.includes('serviceId=') && r.includes('mv='))).toHaveLength(6)
  })

  it('keeps the translated fields per language beside the English ones', async () => {
    const deli = await listing(DELI)
    expect(deli.name.value).toBe('Menglers Hill Deli')
    expect(deli.description.value).toMatch(/^Set among the old vines of the Barossa, /)
    expect(deli.atdwTranslations?.de).toEqual({
      name: 'Delikatessen Menglers Hill',
      description: expect.stringMatching(/^Inmitten der alten Reben des Barossa gelegen\. /) as unknown as string,
    })
    expect(deli.atdwTranslations?.['zh-Hans']?.name).toBe('Menglers Hill 熟食店')
    expect(deli.atdwTranslations?.['zh-Hans']?.description).toMatch(/^坐落于巴罗莎的古老葡萄藤之间。/)
    expect([...(deli.atdwLanguages ?? [])].sort()).toEqual(['de', 'zh-Hans'])
  })

  it('stores no translation for a field the variant leaves out, nor for a language without one', async () => {
    // The German profile names the apartments and leaves the description out; there is no Chinese one.
    expect((await listing(APARTMENTS)).atdwTranslations).toEqual({ de: { name: 'Apartments Saltram' } })
    const tours = await listing(TOURS)
    expect(tours.atdwTranslations).toBeUndefined()
    const services = await t.services.listings.productServices(domainId, TOURS, { editor: true })
    expect(services).toHaveLength(3)
    for (const s of services) expect((await listing(s._id)).atdwTranslations).toBeUndefined()
  })

  it("takes a description's translation from the provider's PRODTRANS comments, never the English text as a translation", async () => {
    const adina = await listing(ADINA)
    expect(adina.atdwTranslations?.de).toEqual({
      description: expect.stringMatching(/^Wenn Sie A by Adina betreten, /) as unknown as string,
    })
    expect(adina.atdwTranslations?.['zh-Hans']).toEqual({
      description: expect.stringMatching(/^走进 A by Adina，/) as unknown as string,
    })
  })

  it('shows visitors the translated fields in their language, English field by field where there is none', async () => {
    const german = await cards({ locale: 'de' })
    const byId = (list: ListingCard[], id: string) => list.find((c) => c._id === id)!
    expect(byId(german, DELI)).toMatchObject({ name: 'Delikatessen Menglers Hill', description: expect.stringMatching(/^Inmitten/) })
    expect(byId(german, APARTMENTS).name).toBe('Apartments Saltram')
    expect(byId(german, APARTMENTS).description).toBe((await listing(APARTMENTS)).description.value)
    expect(byId(german, TOURS).name).toBe('Krondorf Wine Tours')
    const chinese = await cards({ locale: 'zh-Hans' })
    expect(byId(chinese, DELI).name).toBe('Menglers Hill 熟食店')
    expect(byId(chinese, APARTMENTS).name).toBe('Saltram Apartments')
    // English visitors: unchanged.
    expect(byId(await cards({}), DELI).name).toBe('Menglers Hill Deli')
    // The same from the in-memory index, once it is ready, as from the SQL query.
    await t.services.listingIndex.warm(domainId)
    expect(t.services.listingIndex.isReady(domainId)).toBe(true)
    expect(byId(await cards({ locale: 'de' }), DELI).name).toBe('Delikatessen Menglers Hill')
    expect(byId(await cards({ locale: 'de' }), APARTMENTS).description).toBe((await listing(APARTMENTS)).description.value)
    expect(byId(await cards({ locale: 'zh-Hans' }), DELI).name).toBe('Menglers Hill 熟食店')
  })

  it('keeps one searchable row per translated language of each published listing', async () => {
    const rows = (
      (await t.database.db.execute(
        sql`select listing_id, locale, name from listing_translations where domain_id = ${domainId}`,
      )) as unknown as { rows: { listing_id: string; locale: string; name: string }[] }
    ).rows
    const key = (r: { listing_id: string; locale: string }) => `${r.listing_id}|${r.locale}`
    expect(rows.sort((a, b) => key(a).localeCompare(key(b)))).toEqual([
      { listing_id: DELI, locale: 'de', name: 'Delikatessen Menglers Hill' },
      { listing_id: DELI, locale: 'zh-Hans', name: 'Menglers Hill 熟食店' },
      { listing_id: ADINA, locale: 'de', name: 'A by Adina Canberra' },
      { listing_id: ADINA, locale: 'zh-Hans', name: 'A by Adina Canberra' },
      { listing_id: APARTMENTS, locale: 'de', name: 'Apartments Saltram' },
    ])
  })

  it('fetches nothing again while nothing changed and the languages are the same', async () => {
    const before = requests.length
    const again = await t.services.listingsSync.syncAll(domainId, { trigger: 'test' })
    // The provider's own list recording has no update date for A by Adina: it is always fetched again.
    expect(again).toMatchObject({ fetched: 1, unchanged: 3 })
    const details = requests.slice(before).filter((r) => r.includes('productId='))
    expect(details.every((r) => r.includes(`productId=${ADINA}`))).toBe(true)
  })
})

describe("words in the visitor's language (grid and search)", () => {
  const ids = async (body: Record<string, unknown>) => (await cards(body)).map((c) => c._id).sort()
  const found = async (query: string, locale?: 'de' | 'zh-Hans') => {
    const answer = await t.services.search.search(domainId, query, { locale, kind: null, pageSize: 50 })
    return answer.results.filter((r) => r.collection === 'listings').map((r) => ({ id: r.id, title: r.title }))
  }

  it('finds a German listing by its German words in the German grid, stemmed as German', async () => {
    expect(await ids({ locale: 'de', search: 'Delikatessen' })).toEqual([DELI])
    // 'Reben' (vines) in the description; 'Weingütern' would stem as German too.
    expect(await ids({ locale: 'de', search: 'reben' })).toEqual([DELI])
    expect(await ids({ locale: 'de', search: 'Wenn Sie A by Adina betreten' })).toEqual([ADINA])
    // A listing without a German translation is found by the English words the German visitor reads.
    expect(await ids({ locale: 'de', search: 'Krondorf' })).toContain(TOURS)
    // The English grid does not match German words, and finds what it found before.
    expect(await ids({ search: 'reben' })).toEqual([])
    expect(await ids({ search: 'Menglers deli' })).toEqual([DELI])
  })

  it('finds a Chinese listing by a Chinese term in the Chinese grid (characters, pairs of characters)', async () => {
    expect(await ids({ locale: 'zh-Hans', search: '熟食店' })).toEqual([DELI])
    expect(await ids({ locale: 'zh-Hans', search: '古老葡萄' })).toEqual([DELI])
    expect(await ids({ locale: 'zh-Hans', search: '公寓' })).toEqual([ADINA])
    expect(await ids({ locale: 'zh-Hans', search: '帐篷' })).toEqual([])
    expect(await ids({ locale: 'zh-Hans', search: '酒店' })).toEqual([ADINA])
    expect(await ids({ search: '熟食店' })).toEqual([])
  })

  it('the in-memory index answers words in a further language as the SQL query does', async () => {
    const queries = [
      { locale: 'de', search: 'Delikatessen' },
      { locale: 'de', search: 'reben' },
      { locale: 'de', search: 'Krondorf' },
      { locale: 'de', search: 'Apartments' },
      { locale: 'zh-Hans', search: '熟食店' },
      { locale: 'zh-Hans', search: '古老葡萄' },
      { locale: 'zh-Hans', search: '公寓' },
      { locale: 'zh-Hans', search: 'Krondorf' },
      { locale: 'zh-Hans', search: '帐篷' },
    ]
    const index = t.services.listingIndex
    await index.warm(domainId)
    for (const query of queries) {
      const q = fetchRequestSchema.parse({ hideTours: false, limit: 50, ...query })
      const fromMemory = await index.fetch(domainId, q, null)
      expect(fromMemory, JSON.stringify(query)).not.toBeNull()
      expect(fromMemory!.cards.map((c) => c._id).sort(), JSON.stringify(query)).toEqual(await sqlIds(q))
    }
  })

  it('site search: German and Chinese words find the translated listing, titled in the language; English unchanged', async () => {
    expect(await found('Delikatessen', 'de')).toEqual([{ id: DELI, title: 'Delikatessen Menglers Hill' }])
    expect(await found('熟食店', 'zh-Hans')).toEqual([{ id: DELI, title: 'Menglers Hill 熟食店' }])
    expect(await found('Menglers', 'zh-Hans')).toEqual([{ id: DELI, title: 'Menglers Hill 熟食店' }])
    expect(await found('Krondorf', 'de')).toContainEqual({ id: TOURS, title: 'Krondorf Wine Tours' })
    expect(await found('Menglers')).toEqual([{ id: DELI, title: 'Menglers Hill Deli' }])
    expect((await found('Delikatessen')).map((r) => r.id)).not.toContain(DELI)
  })

  it('suggests a translated listing by its name in the language as the visitor types, through the API too', async () => {
    const titles = async (q: string, locale?: 'de' | 'zh-Hans') =>
      (await t.services.search.suggest(domainId, q, { locale, perKind: 10 })).flatMap((g) => g.suggestions.map((s) => s.title))
    expect(await titles('Delik', 'de')).toContain('Delikatessen Menglers Hill')
    expect(await titles('Menglers', 'de')).toEqual(['Delikatessen Menglers Hill'])
    expect(await titles('熟食', 'zh-Hans')).toEqual(['Menglers Hill 熟食店'])
    expect(await titles('Krondorf', 'de')).toContain('Krondorf Wine Tours')
    expect(await titles('Menglers')).toEqual(['Menglers Hill Deli'])
    const api = async (path: string) => {
      const res = await anon.get(path)
      expect(res.status).toBe(200)
      return res.json() as Promise<{ groups: { suggestions: { title: string }[] }[]; results?: { title: string }[] }>
    }
    const suggested = await api(`/api/search/suggest?q=${encodeURIComponent('熟食')}&locale=zh-Hans`)
    expect(suggested.groups.flatMap((g) => g.suggestions.map((s) => s.title))).toEqual(['Menglers Hill 熟食店'])
    const searched = await api(`/api/search/query?q=Delikatessen&locale=de`)
    expect(searched.results?.map((r) => r.title)).toContain('Delikatessen Menglers Hill')
    expect((await anon.get('/api/search/query?q=x&locale=xx')).status).toBe(400)
  })

  it('a German snippet marks the German words', async () => {
    const answer = await t.services.search.search(domainId, 'Reben', { locale: 'de' })
    const deli = answer.results.find((r) => r.id === DELI)!
    expect(deli.snippet).toContain('<mark>Reben</mark>')
  })
})
