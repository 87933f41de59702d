import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FetchQuery, FetchResponse } from '#lib/listings'
import { fetchRequestSchema, newCustomListing } from '#lib/listings'
import { listings as listingsTable } from '#server/db/schema'
import { generatedListingRows } from '../bench/listing-fetch.ts'
import { TOWNS } from '../fakes/atdw/data.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { SYSTEM } from '../server/services/access.ts'
import { ContentEventBus } from '../server/services/events.ts'
import { activeFilters, FETCH_FILTERS } from './filters.ts'
import { createListingService, type ListingService } from './service.ts'
import { lexemesOf, parseTsQuery } from './memory-index.ts'

/**
 * listing/fetch answers from the in-memory index exactly what the SQL query answers: the same
 * listings in the same order, the same totals and facets, over a generated Barossa of 1,500
 * listings and a few hundred filter mixes; and the index follows publishes and unpublishes.
 */

let t: TestApp
let domainId: string
let sqlOnly: ListingService
const categoryIds: string[] = []
let membersId: string

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  // Event dates laid out from this month; the queries below use the same month.
  const rows = generatedListingRows(domainId, 1500, new Date(Date.UTC(2027, 0, 15)))
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(listingsTable).values(rows.slice(i, i + 500))
  sqlOnly = createListingService(t.database.db, { pages: t.services.pages, events: new ContentEventBus() })
  categoryIds.push(
    (
      await t.services.listings.publishCategory(domainId, {
        name: 'Things to Do',
        filters: [['ATTRACTION', 'EVENT', 'TOUR']],
        hasDates: true,
      })
    )._id,
  )
  categoryIds.push(
    (
      await t.services.listings.publishCategory(domainId, {
        name: 'Stay',
        filters: [['ACCOMM'], ['HOTEL', 'COTTAGE', 'BEDBREAKFA']],
        excludedTags: 'HOTEL',
      })
    )._id,
  )
  categoryIds.push(
    (await t.services.listings.publishCategory(domainId, { name: 'Events', filters: [['EVENT']], hideServices: true, hasDates: true }))._id,
  )
  membersId = (await t.services.listings.publishCategory(domainId, { name: 'Members', filters: [[]], attributes: ['Barossa(G)[SA]'] }))._id
  await t.services.listingIndex.warm(domainId)
}, 300_000)
afterAll(() => t?.close())

const query = (q: Record<string, unknown>): FetchQuery => fetchRequestSchema.parse(q)
const summary = (r: FetchResponse) => ({
  ids: r.listings.map((l) => l._id),
  total: r.totalListings,
  locations: r.locations,
  hasDates: r.hasDates,
  categories: r.listingCategories,
})

const WORDS = [
  'wine',
  'barossa',
  'cellar',
  'festival',
  'heritage',
  'garden',
  'tour',
  'music',
  'farm',
  'market',
  'fest',
  'win',
  'the cottage',
  'tanunda wine',
  'zzzz',
  'café',
]

/** `count` filter mixes answered by the service (from the index) and by SQL alone: the same answers. */
async function compareMixes(count: number, words = WORDS) {
  const towns = TOWNS.map((town) => town.name)
  const day = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
  let compared = 0
  let nonEmpty = 0
  for (let i = 0; i < count; i++) {
    const q: Record<string, unknown> = { currentPage: 1 + (i % 7 === 0 ? 3 : 0), limit: i % 5 === 0 ? 100 : 15 }
    if (i % 3 === 0) q.categoryFilterId = categoryIds[i % categoryIds.length]
    if (i % 2 === 0) q.search = words[i % words.length]
    if (i % 4 === 1) q.location = towns[i % towns.length]
    if (i % 5 === 2) q.filters = { from: day(i % 90), to: day((i % 90) + 20) }
    if (i % 11 === 3) q.filters = { from: `${String((i % 27) + 1).padStart(2, '0')}/02/2027` }
    if (i % 6 === 4) q.checkedCategories = ['ACCOMM', 'EVENT', 'RESTAURANT'].slice(0, 1 + (i % 3))
    if (i % 13 === 0) q.hideTours = false
    // Opening times (the generated seasons of 2027) at hours of the day and night, days, accessibility.
    if (i % 7 === 5) q.openAt = new Date(Date.UTC(2027, 4 + (i % 4), 1 + (i % 27), i % 24, (i * 7) % 60)).toISOString()
    if (i % 9 === 6) q.openOn = day(100 + (i % 200))
    if (i % 8 === 3) q.accessibility = [['DISASSIST'], ['AMBULANT'], ['DISASSIST', 'HEARING']][i % 3]
    const fromIndex = await t.services.listings.fetch(domainId, query(q))
    const fromSql = await sqlOnly.fetch(domainId, query(q))
    expect(summary(fromIndex), JSON.stringify(q)).toEqual(summary(fromSql))
    expect(fromIndex.listings).toEqual(fromSql.listings)
    compared++
    if (fromSql.totalListings > 0) nonEmpty++
  }
  return { compared, nonEmpty }
}

describe('the in-memory listing index', () => {
  it('reads tsvector and tsquery text forms', () => {
    expect(lexemesOf("'barossa':1A,4 'o''brien':3 'wine':2B")).toEqual(['barossa', "o'brien", 'wine'])
    expect(parseTsQuery("'wine' & 'baross':*")).toEqual([
      { lexeme: 'wine', prefix: false },
      { lexeme: 'baross', prefix: true },
    ])
    expect(parseTsQuery("'a' <-> 'b'")).toBeNull()
    expect(parseTsQuery('')).toBeNull()
  })

  it('answers every filter mix exactly as the SQL query does', async () => {
    // The index is ready, so the service answers from memory below (not from SQL twice).
    const direct = await t.services.listingIndex.fetch(domainId, query({ search: 'wine' }), null)
    expect(direct).not.toBeNull()
    expect(direct!.total).toBeGreaterThan(0)
    const { compared, nonEmpty } = await compareMixes(240)
    expect(compared).toBe(240)
    expect(nonEmpty).toBeGreaterThan(100)
  }, 120_000)

  it('compares every filter of filters.ts, the required attributes of a category too', async () => {
    const used = new Set<string>()
    const mixes: Record<string, unknown>[] = [
      { categoryFilterId: membersId },
      { categoryFilterId: membersId, search: 'wine' },
      { categoryFilterId: membersId, checkedCategories: ['ACCOMM', 'EVENT'], hideTours: false },
      { categoryFilterId: membersId, location: TOWNS[0]!.name, limit: 100 },
      { categoryFilterId: categoryIds[2], filters: { from: '2027-01-10', to: '2027-02-10' }, location: TOWNS[1]!.name, search: 'fest' },
      { categoryFilterId: categoryIds[1], search: 'the cottage', checkedCategories: ['COTTAGE'] },
      // Tuesday 11 May 2027 10:30 in Adelaide (UTC+9:30), and a Monday.
      { openAt: '2027-05-11T01:00:00Z', hideTours: false, limit: 100 },
      { openOn: '2027-05-10', search: 'wine' },
      { accessibility: ['DISASSIST', 'AMBULANT'], hideTours: false },
    ]
    // A page asked for by id (the grid sorted by distance in the browser), one id unknown.
    const some = (await sqlOnly.fetch(domainId, query({ hideTours: false, limit: 40 }))).listings.map((l) => l._id)
    expect(some.length).toBeGreaterThan(10)
    mixes.push({ ids: [some[30]!, some[3]!, some[12]!, 'no-such-listing'], hideTours: false })
    mixes.push({ ids: some.slice(0, 10), search: 'wine', hideTours: false })
    for (const q of mixes) {
      const category = await t.services.listings.categoryById(domainId, query(q).categoryFilterId)
      for (const { filter } of activeFilters({ q: query(q), category })) used.add(filter.name)
      // The index answers these itself (so the comparison below is memory against SQL).
      expect(await t.services.listingIndex.fetch(domainId, query(q), category), JSON.stringify(q)).not.toBeNull()
      const fromIndex = await t.services.listings.fetch(domainId, query(q))
      const fromSql = await sqlOnly.fetch(domainId, query(q))
      expect(summary(fromIndex), JSON.stringify(q)).toEqual(summary(fromSql))
      expect(fromIndex.listings).toEqual(fromSql.listings)
    }
    // By id: exactly the listings named that the other filters keep, an unknown id ignored.
    const picked = await t.services.listings.fetch(domainId, query({ ids: [some[30]!, some[3]!, 'no-such-listing'], hideTours: false }))
    expect(picked.listings.map((l) => l._id).sort()).toEqual([some[30]!, some[3]!].sort())
    expect(picked.totalListings).toBe(2)
    const members = await sqlOnly.fetch(domainId, query({ categoryFilterId: membersId, hideTours: false }))
    expect(members.totalListings).toBeGreaterThan(0)
    expect(members.totalListings).toBeLessThan(1500)
    expect([...used].sort()).toEqual(FETCH_FILTERS.map((f) => f.name).sort())
  }, 60_000)

  it('follows publishing: an unpublished listing leaves the answer, a published one joins it', async () => {
    const first = await t.services.listings.fetch(domainId, query({ search: '' }))
    const id = first.listings[0]!._id
    await t.services.listings.unpublishListing(domainId, id, SYSTEM)
    await t.services.listingIndex.warm(domainId)
    const after = await t.services.listings.fetch(domainId, query({ search: '' }))
    expect(after.totalListings).toBe(first.totalListings - 1)
    expect(after.listings.map((l) => l._id)).not.toContain(id)
    await t.services.listings.publishListing(domainId, id, SYSTEM)
    await t.services.listingIndex.warm(domainId)
    const again = await t.services.listings.fetch(domainId, query({ search: '' }))
    expect(again.totalListings).toBe(first.totalListings)
    expect(again.listings[0]!._id).toBe(id)
  }, 60_000)

  it('is updated, not rebuilt, after a change: it reads only the changed rows, and answers as SQL does', async () => {
    await t.services.listingIndex.warm(domainId)
    const before = t.services.listingIndex.lastBuild(domainId)!
    expect(before.listings).toBeGreaterThan(1000)
    const wine = await t.services.listings.fetch(domainId, query({ search: 'wine', limit: 3 }))
    const [renamed, unpublished] = wine.listings
    // One listing renamed (its place in the grid and its words change), one unpublished, one new.
    const doc = (await t.services.listings.findById(domainId, renamed!._id, { editor: true }))!
    await t.services.listings.setPublished(domainId, { ...doc, name: { ...doc.name, value: 'Aardvark Quandong Wine Lodge' } }, true, SYSTEM)
    await t.services.listings.unpublishListing(domainId, unpublished!._id, SYSTEM)
    const added = newCustomListing('custom-quandong-cellar', 'Quandong Cellar Door', domainId)
    added.activeStatus.value = 'ACTIVE'
    await t.services.listings.setPublished(domainId, added, true, SYSTEM)
    await t.services.listingIndex.warm(domainId)

    expect(t.services.listingIndex.lastBuild(domainId)).toEqual({ listings: before.listings, read: 2, reused: before.listings - 2 })
    const quandong = await t.services.listingIndex.fetch(domainId, query({ search: 'quandong' }), null)
    expect(quandong!.cards.map((c) => c.name).sort()).toEqual(['Aardvark Quandong Wine Lodge', 'Quandong Cellar Door'])
    const { compared } = await compareMixes(80, [...WORDS, 'quandong', 'aardvark', 'lodge'])
    expect(compared).toBe(80)
  }, 120_000)

  it('matches tags holding quotes, backslashes, commas and braces, in SQL as in memory', async () => {
    const odd = ['WINE "REGION"', 'A\\B', 'X,Y', '{Z}', 'NULL']
    const added = newCustomListing('custom-odd-tags', 'Odd Tags Cellar', domainId)
    added.activeStatus.value = 'ACTIVE'
    added.customCategories = { value: odd }
    added.taggedCategories = { value: odd }
    await t.services.listings.setPublished(domainId, added, true, SYSTEM)
    await t.services.listingIndex.warm(domainId)
    for (const tag of odd) {
      const q = query({ checkedCategories: [tag] })
      expect(
        (await sqlOnly.fetch(domainId, q)).listings.map((l) => l.name),
        tag,
      ).toEqual(['Odd Tags Cellar'])
      expect(
        (await t.services.listings.fetch(domainId, q)).listings.map((l) => l.name),
        tag,
      ).toEqual(['Odd Tags Cellar'])
    }
    // And only the whole tag: "X" is not "X,Y".
    expect((await sqlOnly.fetch(domainId, query({ checkedCategories: ['X'] }))).totalListings).toBe(0)
  }, 60_000)
})
