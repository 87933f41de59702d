import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FetchResponse } from '#lib/listings'
import { visitor, type Caller } from '../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { providerListing } from '../tests/helpers/listings.ts'
import { SYSTEM } from '../server/services/access.ts'
import type { MapPointsAnswer } from './map-points.ts'

/**
 * The map view's points (issue 19 point 2) against a real database: the same listings as the grid
 * for the same filters (paged through listing/fetch), those without a position counted apart, and
 * bad requests refused.
 */

let t: TestApp
let domainId: string
let anon: Caller

const TOWNS = ['Tanunda', 'Angaston', 'Lyndoch']

function listingOf(i: number, options: { located?: boolean; category?: string } = {}) {
  const town = TOWNS[i % TOWNS.length]!
  return providerListing(domainId, `map-${i}`, `Map place ${String(i).padStart(3, '0')}`, {
    productCategoryId: options.category ?? (i % 2 ? 'ACCOMM' : 'RESTAURANT'),
    description: `A place in ${town}`,
    address: { line1: `${i} Main Street`, line2: '', city: town, area: 'Barossa', state: 'SA', postcode: '5352', country: 'Australia' },
    latitude: options.located === false ? null : -34.5 - i / 1000,
    longitude: options.located === false ? null : 138.9 + i / 1000,
  })
}

async function gridIds(filters: Record<string, unknown>): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = []
  let total: number
  for (let page = 1; ; page++) {
    const res = await anon.post('/api/listing/fetch', { ...filters, limit: 100, currentPage: page })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as FetchResponse
    total = answer.totalListings
    ids.push(...answer.listings.map((l) => l._id))
    if (!answer.listings.length || ids.length >= total) break
  }
  return { ids, total }
}

async function points(filters: Record<string, unknown>) {
  const res = await anon.post('/api/listing/mapPoints', filters)
  expect(res.status).toBe(200)
  return (await res.json()) as MapPointsAnswer & { tiles: unknown }
}

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  anon = visitor(t)
  // 230 listings: more than two of listing/fetch's largest pages; every 10th has no position, a few are unpublished.
  const items = Array.from({ length: 230 }, (_, i) => ({ listing: listingOf(i, { located: i % 10 !== 0 }), publish: i % 50 !== 7 }))
  await t.services.listings.createMany(domainId, items, SYSTEM)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('listing/mapPoints', () => {
  it('answers the grid’s listings for the same filters, with positions, and counts those without one', async () => {
    for (const filters of [{}, { location: 'Angaston' }, { checkedCategories: ['ACCOMM'] }, { search: 'place 01' }]) {
      const grid = await gridIds(filters)
      const answer = await points(filters)
      expect(answer.total).toBe(grid.total)
      expect(answer.truncated).toBe(false)
      expect(answer.points.length + answer.unlocated).toBe(grid.total)
      // Same set, same order (the grid's).
      const located = grid.ids.filter((id) => Number(id.slice(4)) % 10 !== 0)
      expect(answer.points.map((p) => p[0])).toEqual(located)
      expect(answer.unlocated).toBe(grid.ids.length - located.length)
    }
    const all = await points({})
    expect(all.total).toBe(230 - 5)
    const first = all.points.find((p) => p[0] === 'map-1')!
    expect(first).toEqual(['map-1', expect.stringMatching(/^listing\/map-place-001/), 'Map place 001', -34.501, 138.901])
    expect(all.tiles).toBeNull()
  })

  it('follows a publish: a listing published after the first answer is on the next one', async () => {
    const before = await points({ location: 'Tanunda' })
    await t.services.listings.setPublished(domainId, listingOf(231), true, SYSTEM)
    const after = await points({ location: 'Tanunda' })
    expect(after.total).toBe(before.total + 1)
    expect(after.points.map((p) => p[0])).toContain('map-231')
  })

  it('refuses a malformed filter or a page size with 400 in the error shape', async () => {
    for (const body of [{ limit: 10 }, { currentPage: 2 }, { checkedCategories: 'ACCOMM' }, { search: 'x'.repeat(201) }]) {
      const res = await anon.post('/api/listing/mapPoints', body)
      expect(res.status).toBe(400)
      const error = (await res.json()) as { error: { code: string } }
      expect(typeof error.error.code).toBe('string')
    }
  })
})
