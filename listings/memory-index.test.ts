import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FetchQuery, FetchResponse } from '#lib/listings'
import { fetchRequestSchema } from '#lib/listings'
import { listings as listingsTable } from '#server/db/schema'
import { generatedListingRows } from '../bench/listing-fetch.ts'
import { TOWNS } from '../fakes/atdw/data.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { SYSTEM } from '../server/services/access.ts'
import { ContentEventBus } from '../server/services/events.ts'
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
    const words = [
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
    const towns = TOWNS.map((town) => town.name)
    const day = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
    // The index is ready, so the service answers from memory below (not from SQL twice).
    const direct = await t.services.listingIndex.fetch(domainId, query({ search: 'wine' }), null, { from: null, to: null })
    expect(direct).not.toBeNull()
    expect(direct!.total).toBeGreaterThan(0)
    let compared = 0
    let nonEmpty = 0
    for (let i = 0; i < 240; i++) {
      const q: Record<string, unknown> = { currentPage: 1 + (i % 7 === 0 ? 3 : 0), limit: i % 5 === 0 ? 100 : 15 }
      if (i % 3 === 0) q.categoryFilterId = categoryIds[i % categoryIds.length]
      if (i % 2 === 0) q.search = words[i % words.length]
      if (i % 4 === 1) q.location = towns[i % towns.length]
      if (i % 5 === 2) q.filters = { from: day(i % 90), to: day((i % 90) + 20) }
      if (i % 11 === 3) q.filters = { from: `${String((i % 27) + 1).padStart(2, '0')}/02/2027` }
      if (i % 6 === 4) q.checkedCategories = ['ACCOMM', 'EVENT', 'RESTAURANT'].slice(0, 1 + (i % 3))
      if (i % 13 === 0) q.hideTours = false
      const fromIndex = await t.services.listings.fetch(domainId, query(q))
      const fromSql = await sqlOnly.fetch(domainId, query(q))
      expect(summary(fromIndex), JSON.stringify(q)).toEqual(summary(fromSql))
      expect(fromIndex.listings).toEqual(fromSql.listings)
      compared++
      if (fromSql.totalListings > 0) nonEmpty++
    }
    expect(compared).toBe(240)
    expect(nonEmpty).toBeGreaterThan(100)
  }, 120_000)

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
})
