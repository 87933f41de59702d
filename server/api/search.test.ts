import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { suggestionQuery } from '../services/search.ts'

/**
 * Search that finds the region's own pages (issue 19 point 1), on the seeded demo content and a
 * small catalogue of listings from the fake provider, through the public API and a real database:
 * a relevance table of queries pinned to what must come first, the groups by kind with their
 * counts, the kind filter, and suggestions as the visitor types.
 */
let fake: RunningFakeAtlas
let t: TestApp
let domainId: string
let anon: Caller
let admin: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const search = (q: string, extra = '', caller = anon) => json(caller.get(`/api/search/query?q=${encodeURIComponent(q)}${extra}`))
const suggest = (q: string, caller = anon) => json(caller.get(`/api/search/suggest?q=${encodeURIComponent(q)}`))
const slugsOf = (answer: Json) => (answer.results as { slug: string }[]).map((r) => r.slug)

beforeAll(async () => {
  // 80 products of seed 7: tours named "... Balloon Flights", lookouts, farmers markets, taxis...
  fake = await startFakeAtlas({ count: 80, seed: 7 })
  t = await createTestApp({ seed: true, env: { ATDW_API_URL: fake.url, ATDW_API_KEY: 'test-key' } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  await t.services.listingsSync.syncAll(domainId, { trigger: 'test' })
  anon = visitor(t)
  admin = await signIn(t, { username: 'search-admin', password: 'search-password', roles: ['admin'] })
}, 300_000)
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

/** Query, and the address of the page or listing a visitor must see first. */
const RELEVANCE: [string, string][] = [
  // The three of the issue: the About page was 10th of 55 here (1,247 results on the full demo).
  ['About the Barossa', 'about'],
  ['visitor centre', 'plan-your-visit'],
  // Two tours have "Balloon" in their names; the region's page about balloon flights comes first.
  ['balloon', 'things-to-do'],
  // A title made of stop words only: found (no full-text match at all) and first.
  ["What's On", 'whats-on'],
  ['Things to do', 'things-to-do'],
  ['plan your visit', 'plan-your-visit'],
  ['eat and drink', 'eat-and-drink'],
  ['stay', 'stay'],
  ['privacy', 'privacy'],
  ['terms of use', 'terms'],
  ['book online', 'book-online'],
  // A section heading of a page.
  ['getting here', 'plan-your-visit'],
  ['cycling', 'things-to-do'],
  ['farmers market', 'eat-and-drink'],
  ['lookout', 'things-to-do'],
  // Listings by their names, before any page that mentions them.
  ['Vintage Balloon Flights', 'listing/vintage-balloon-flights'],
  ['Saltram Cafe', 'listing/saltram-cafe'],
  ['orchard bakery', 'listing/orchard-bakery'],
  ['Barossa Shiraz Art Show', 'listing/barossa-shiraz-art-show'],
  ['taxi', 'listing/lindsay-park-taxis'],
]

describe('relevance', () => {
  it.each(RELEVANCE)('"%s" answers /%s first', async (q, slug) => {
    const answer = await search(q)
    expect(answer.results[0]?.slug, JSON.stringify(slugsOf(answer))).toBe(slug)
  })

  it('ranks the pages above the listings that match as well: "balloon" lists every page with a balloon heading before the tours', async () => {
    const answer = await search('balloon', '&pageSize=50')
    const kinds = (answer.results as { kind: string }[]).map((r) => r.kind)
    expect(kinds.slice(0, 2)).toEqual(['pages', 'pages'])
    // The listings whose names hold the word come before pages that only mention it in their text.
    const firstTour = kinds.indexOf('tours')
    expect(firstTour).toBeGreaterThan(0)
    expect(answer.results[firstTour].title).toMatch(/Balloon/)
  })

  it('keeps "did you mean" and finds the page a misspelt word is about', async () => {
    const answer = await search('ballon')
    expect(answer.correctedQuery).toBe('balloon')
    expect(slugsOf(answer)[0]).toBe('things-to-do')
  })
})

describe('groups by kind', () => {
  it('counts every kind of result, pages first, the counts adding up to the total', async () => {
    const answer = await search('cellar door')
    const groups = answer.groups as { kind: string; label: string; count: number }[]
    expect(groups[0]).toMatchObject({ kind: 'pages', label: 'Pages' })
    expect(groups.map((g) => g.label)).toEqual(expect.arrayContaining(['Events', 'Tours', 'Attractions']))
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(answer.total)
    for (const g of groups) expect(g.count).toBeGreaterThan(0)
  })

  it('derives a listing kind from its provider category', async () => {
    const kinds = async (q: string) => (await search(q)).results.map((r: { kind: string }) => r.kind)
    expect(await kinds('Saltram Cafe')).toEqual(['food'])
    expect(await kinds('Kalimna Information Bay')).toEqual(['info'])
    expect(await kinds('Barossa Shiraz Art Show')).toEqual(['events'])
    expect((await search('Saltram Cafe')).groups).toEqual([{ kind: 'food', label: 'Food and drink', count: 1 }])
  })

  it('filters by kind: only that kind, its count as total, every group still counted, pages of the filtered list', async () => {
    const all = await search('cellar door', '&pageSize=50')
    const tours = await search('cellar door', '&kind=tours&pageSize=5')
    const tourCount = (all.groups as { kind: string; count: number }[]).find((g) => g.kind === 'tours')!.count
    expect(tourCount).toBeGreaterThan(5)
    expect(tours.total).toBe(tourCount)
    expect(tours.kind).toBe('tours')
    expect(tours.groups).toEqual(all.groups)
    expect(tours.results).toHaveLength(5)
    for (const r of tours.results) expect(r.kind).toBe('tours')
    const second = await search('cellar door', '&kind=tours&pageSize=5&page=2')
    expect(second.results.map((r: { id: string }) => r.id)).not.toContain(tours.results[0].id)

    const pages = await search('cellar door', '&kind=pages')
    for (const r of pages.results) expect(r.kind).toBe('pages')
    expect((await anon.get('/api/search/query?q=wine&kind=nonsense')).status).toBe(400)
  })
})

describe('suggestions', () => {
  it('answers the best three titles of each kind starting with the words typed, pages first', async () => {
    const { groups } = await suggest('bal')
    expect(groups).toEqual([
      {
        kind: 'tours',
        label: 'Tours',
        suggestions: expect.arrayContaining([
          expect.objectContaining({ title: 'Chateau Balloon Flights', slug: 'listing/chateau-balloon-flights' }),
        ]),
      },
    ])
    expect(groups[0].suggestions).toHaveLength(3)

    const about = await suggest('about the b')
    expect(about.groups[0].suggestions[0]).toMatchObject({ kind: 'pages', title: 'About the Barossa', slug: 'about' })

    const b = (await suggest('b')).groups as { kind: string; suggestions: unknown[] }[]
    expect(b[0]!.kind).toBe('pages')
    expect(b.length).toBeGreaterThan(2)
    for (const g of b) expect(g.suggestions.length).toBeLessThanOrEqual(3)
    expect((await suggest('')).groups).toEqual([])
  })

  it('offers a page with viewer roles only to those who may read it', async () => {
    const res = await admin.post('/api/page/publishPage', {
      page: { slug: 'members-lounge', template: 'generic', header: { title: 'Members lounge' }, contents: [] },
    })
    expect(res.status).toBe(200)
    expect((await suggest('members lo')).groups[0].suggestions[0].title).toBe('Members lounge')
    const { _id } = (await res.json()) as { _id: string }
    const roles = await admin.post('/api/roles/applyToPage', { page: { _id }, roles: { viewerRoles: ['members'] } })
    expect(roles.status).toBe(200)
    expect((await suggest('members lo')).groups).toEqual([])
    expect((await suggest('members lo', admin)).groups[0].suggestions[0].title).toBe('Members lounge')
  })

  it('folds accents both ways: "café" and "cafe" find the same pages, in results and suggestions (issue 31)', async () => {
    const res = await admin.post('/api/page/publishPage', {
      page: {
        slug: 'cafe-crawl',
        template: 'generic',
        header: { title: 'Café crawl of Tanunda' },
        contents: [{ componentType: 'Text', text: 'Crème brûlée at the bakery, then the Öko winery.' }],
      },
    })
    expect(res.status).toBe(200)
    const accented = slugsOf(await search('café crawl'))
    const plain = slugsOf(await search('cafe crawl'))
    expect(accented).toContain('cafe-crawl')
    expect(plain).toEqual(accented)
    expect(slugsOf(await search('creme brulee'))).toContain('cafe-crawl')
    expect(slugsOf(await search('oko'))).toContain('cafe-crawl')
    const titles = async (q: string) =>
      ((await suggest(q)).groups as { suggestions: { title: string }[] }[]).flatMap((g) => g.suggestions.map((x) => x.title))
    expect(await titles('cafe cr')).toContain('Café crawl of Tanunda')
    expect(await titles('café cr')).toContain('Café crawl of Tanunda')
  })

  it('is one statement that finds the titles through their words index', async () => {
    const plan = await t.services.database.db.transaction(async (tx) => {
      // A small test table would be scanned anyway: ask which index the planner can use.
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(sql`explain ${suggestionQuery(domainId, 'bar', ['bar'], 3, undefined)}`)
      return ((result as unknown as { rows: Record<string, string>[] }).rows ?? []).map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('search_index_title_words')
  })

  it('answers in a few milliseconds', async () => {
    for (const q of ['b', 'ba', 'bar', 'vin', 'orch', 'cellar d']) await t.services.search.suggest(domainId, q)
    const times: number[] = []
    for (let i = 0; i < 5; i++)
      for (const q of ['b', 'ba', 'bar', 'vin', 'orch', 'cellar d']) {
        const start = performance.now()
        await t.services.search.suggest(domainId, q)
        times.push(performance.now() - start)
      }
    times.sort((a, b) => a - b)
    const p50 = times[Math.floor(times.length / 2)]!
    console.log(`suggestions: p50 ${p50.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${times.length} calls`)
    // Embedded PostgreSQL (WebAssembly) on a shared CI machine: generous, but far below a keystroke's budget.
    expect(p50).toBeLessThan(25)
  })
})
