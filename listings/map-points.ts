/**
 * The listing grid's map view (issue 19 point 2): every listing matching the grid's filters, as a
 * compact point (id, page address, name, latitude, longitude), so the map shows exactly the grid's
 * results. The filtered set comes from the public `listing/fetch` service itself (paged through at
 * its largest page size), so the map can never disagree with the grid; only the coordinates are
 * read here, once per domain and kept until the domain's listings change.
 *
 * Bounded: at most MAP_POINTS_MAX points (the answer says when it was cut short).
 */
import { sql } from 'drizzle-orm'
import type { FetchQuery } from '#lib/listings'
import type { Db } from '../server/db/client.ts'
import { rowsOf } from '../server/db/query.ts'
import type { ContentEventBus } from '../server/services/events.ts'

/** The most points one answer holds (the demo's largest grid has about 2,500 listings). */
export const MAP_POINTS_MAX = 5000
/** `listing/fetch`'s largest page. */
const PAGE = 100
/** Pages asked for at once (the in-memory index answers each in well under a millisecond). */
const PARALLEL = 5
/** How long the coordinates are trusted before the domain's listings are checked for changes by another instance. */
const RECHECK_MS = 10_000

/** [listing id, page slug, name, latitude, longitude]. */
export type MapPoint = [id: string, slug: string, name: string, lat: number, lng: number]

export interface MapPointsAnswer {
  /** The grid's total for the same filters. */
  total: number
  /** The matching listings that have coordinates, in the grid's order. */
  points: MapPoint[]
  /** Matching listings without coordinates (not on the map; the map says how many). */
  unlocated: number
  /** True when the grid's total is larger than MAP_POINTS_MAX and the points stop there. */
  truncated: boolean
}

export type MapQuery = Omit<FetchQuery, 'limit' | 'currentPage'>

interface Fetcher {
  fetch(domainId: string, q: FetchQuery): Promise<{ listings: { _id: string; slug: string; name: string }[]; totalListings: number }>
}

interface Coordinates {
  signature: string
  checkedAt: number
  byId: Map<string, [number, number]>
}

const round = (value: number) => Math.round(value * 1e5) / 1e5

export function createListingMapService(db: Db, listings: Fetcher, events?: ContentEventBus) {
  const cache = new Map<string, Promise<Coordinates>>()
  events?.on('published', (domainId) => (domainId === null ? cache.clear() : cache.delete(domainId)))

  async function signatureOf(domainId: string): Promise<string> {
    const [row] = await rowsOf<{ n: number; at: string | null }>(
      db,
      sql`select count(*)::int as n, max(updated_at)::text as at from listings where domain_id = ${domainId} and published = true`,
    )
    return `${row?.n ?? 0}/${row?.at ?? ''}`
  }

  async function load(domainId: string, signature: string): Promise<Coordinates> {
    const rows = await rowsOf<{ id: string; lat: number; lng: number }>(
      db,
      sql`
      select id, (public_doc #>> '{atdw,latitude}')::float8 as lat, (public_doc #>> '{atdw,longitude}')::float8 as lng
      from listings
      where domain_id = ${domainId} and published = true and public_doc is not null
        and jsonb_typeof(public_doc #> '{atdw,latitude}') = 'number' and jsonb_typeof(public_doc #> '{atdw,longitude}') = 'number'`,
    )
    const byId = new Map<string, [number, number]>()
    for (const row of rows) {
      // 0,0 is the provider's placeholder for "no position", not a place in the Gulf of Guinea.
      if (!Number.isFinite(row.lat) || !Number.isFinite(row.lng) || (row.lat === 0 && row.lng === 0)) continue
      byId.set(row.id, [round(row.lat), round(row.lng)])
    }
    return { signature, checkedAt: Date.now(), byId }
  }

  async function coordinates(domainId: string): Promise<Coordinates> {
    const held = cache.get(domainId)
    if (held) {
      const current = await held.catch(() => null)
      if (current && Date.now() - current.checkedAt < RECHECK_MS) return current
      const signature = await signatureOf(domainId)
      if (current && current.signature === signature) {
        current.checkedAt = Date.now()
        return current
      }
      const next = load(domainId, signature)
      cache.set(domainId, next)
      return next
    }
    const next = signatureOf(domainId).then((signature) => load(domainId, signature))
    cache.set(domainId, next)
    next.catch(() => cache.delete(domainId))
    return next
  }

  /** The points of every listing the grid shows for these filters. */
  async function points(domainId: string, q: MapQuery): Promise<MapPointsAnswer> {
    const [first, coords] = await Promise.all([listings.fetch(domainId, { ...q, limit: PAGE, currentPage: 1 }), coordinates(domainId)])
    const total = first.totalListings
    const pageCount = Math.ceil(Math.min(total, MAP_POINTS_MAX) / PAGE)
    const cards = [...first.listings]
    for (let page = 2; page <= pageCount; page += PARALLEL) {
      const batch = Array.from({ length: Math.min(PARALLEL, pageCount - page + 1) }, (_, i) =>
        listings.fetch(domainId, { ...q, limit: PAGE, currentPage: page + i }),
      )
      for (const answer of await Promise.all(batch)) cards.push(...answer.listings)
    }
    const seen = new Set<string>()
    const out: MapPoint[] = []
    let unlocated = 0
    for (const card of cards.slice(0, MAP_POINTS_MAX)) {
      if (seen.has(card._id)) continue
      seen.add(card._id)
      const at = coords.byId.get(card._id)
      if (at) out.push([card._id, card.slug, card.name, at[0], at[1]])
      else unlocated++
    }
    return { total, points: out, unlocated, truncated: total > MAP_POINTS_MAX }
  }

  return { points }
}

export type ListingMapService = ReturnType<typeof createListingMapService>
