/**
 * An in-memory index of each domain's published listings for `listing/fetch` (issue 9: the public
 * grid over 20,000 listings answers in a few milliseconds on the embedded database).
 *
 * Listings change about once a day (the provider sync) and on an editor's publish, so the index is
 * built from the database once, in the background, and rebuilt when the listing service reports a
 * change ('published' on the content event bus) and, for changes made by another instance, when
 * the count or latest update of the domain's listings differs (compared every 30 s in the
 * background). Until it is ready, or while a rebuild runs after a change, `fetch` answers null and the
 * listing service runs its SQL query instead, so an answer is never stale nor slow to come.
 *
 * What it keeps per domain, in the grid's order (start date, name, id, ordered by the database so
 * the collation is the database's): the card of each listing, posting lists (sorted ranks) by tag,
 * by town and by full-text lexeme (the stored tsvector's lexemes, so stemming is Postgres's own),
 * and the dated listings. A request intersects the posting lists of its filters; the part that
 * depends only on the category filter (base set and facets) is memoised per category. No request
 * looks at every listing.
 */
import { inArray, sql } from 'drizzle-orm'
import { parseFilterGroup, tagKey, type FetchQuery, type ListingCard, type ListingCategory } from '#lib/listings'
import type { Db } from '../server/db/client.ts'
import { listings } from '../server/db/schema.ts'
import type { ContentEventBus } from '../server/services/events.ts'
import { toCard } from './mapping.ts'
import type { Listing } from '#lib/listings'

export interface IndexedFetch {
  cards: ListingCard[]
  total: number
  facets: { locations: string[]; hasDates: boolean; productCategories: string[] }
}

interface Doc {
  card: ListingCard
  tags: Set<string>
  location: string
  productCategory: string
  listingType: string
  start: string | null
  end: string | null
}

interface Base {
  /** Ranks (grid order) of the listings the category filter, hideTours and checked tags keep. */
  ranks: Int32Array
  member: Uint8Array
  facets: IndexedFetch['facets']
}

interface DomainIndex {
  docs: Doc[]
  byTag: Map<string, Int32Array>
  byLocation: Map<string, Int32Array>
  dated: Int32Array
  /** Lexemes sorted by code unit, for prefix ranges, and their postings. */
  lexemes: string[]
  byLexeme: Map<string, Int32Array>
  /** Position of each town in the database's own sort order (the facet list is sorted the same way). */
  locationOrder: Map<string, number>
  productCategories: string[]
  bases: Map<string, Base>
  /** count and latest updated_at of the domain's listings when built, and when last compared. */
  signature: string
  checkedAt: number
}

/** Words a visitor typed, as the listing service turns them into a prefix tsquery. */
export function tsQueryOf(search: string): string | null {
  const terms = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  if (!terms.length) return null
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
}

/** A tsvector's text form ('barossa':1A,4 'wine':2) -> its lexemes. */
export function lexemesOf(tsvector: string): string[] {
  const out: string[] = []
  for (const m of tsvector.matchAll(/'((?:[^']|'')*)'(?::[0-9A-D,]+)?/g)) out.push(m[1]!.replace(/''/g, "'"))
  return out
}

/** A tsquery's text form made only of AND-ed terms ('wine' & 'baross':*), or null for anything else. */
export function parseTsQuery(text: string): { lexeme: string; prefix: boolean }[] | null {
  if (!text.trim()) return null
  const terms: { lexeme: string; prefix: boolean }[] = []
  for (const part of text.split(' & ')) {
    const m = /^'((?:[^']|'')+)'(:\*)?$/.exec(part.trim())
    if (!m) return null
    terms.push({ lexeme: m[1]!.replace(/''/g, "'"), prefix: Boolean(m[2]) })
  }
  return terms
}

const LOOKUP_TTL_MS = 2000
/**
 * Listings read per query, and indexed per turn of the event loop: the embedded database parses a
 * query's rows on this thread: 1,000 documents held the event loop for ~0.5 s, 100 up to ~0.15 s
 * on a loaded machine (issue 18).
 */
const BUILD_CHUNK = 50
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

type BuildRow = {
  id: string
  /** node-postgres parses jsonb and text[]; PGlite may hand back the text forms. */
  doc: Listing | string
  tags: string[] | string
  location: string
  product_category: string
  listing_type: string
  start: string | null
  end: string | null
  lexemes: string
}

const toPostings = (lists: Map<string, number[]>) => new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)]))
const push = (map: Map<string, number[]>, key: string, rank: number) => {
  const list = map.get(key)
  if (list) {
    if (list[list.length - 1] !== rank) list.push(rank)
  } else map.set(key, [rank])
}

/** Sorted unique union of sorted rank lists. */
function union(lists: Int32Array[], size: number): Int32Array {
  if (lists.length === 1) return lists[0]!
  const seen = new Uint8Array(size)
  let count = 0
  for (const list of lists) {
    for (const r of list) {
      if (!seen[r]) {
        seen[r] = 1
        count++
      }
    }
  }
  const out = new Int32Array(count)
  let i = 0
  for (const list of lists) {
    for (const r of list) {
      if (seen[r] === 1) {
        seen[r] = 2
        out[i++] = r
      }
    }
  }
  return out.sort()
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

export function createListingIndex(db: Db, events: ContentEventBus, options: { maxBases?: number; recheckMs?: number } = {}) {
  const maxBases = options.maxBases ?? 200
  /** Another instance (or a script) may have changed the listings: compared this often, in the background. */
  const recheckMs = options.recheckMs ?? 30_000
  const checking = new Set<string>()
  const ready = new Map<string, DomainIndex>()
  const building = new Map<string, Promise<void>>()
  /** Bumped per domain on every change; a build that started before a change is thrown away. */
  const versions = new Map<string, number>()
  const tsQueries = new Map<string, { lexeme: string; prefix: boolean }[] | null>()

  events.on('published', (domainId) => invalidate(domainId))

  /**
   * Small lookups every fetch makes (the category filter, the friendly tag names), kept for
   * LOOKUP_TTL_MS: the caller's key carries its own change counter, so this instance's writes
   * are seen at once and another instance's within the TTL.
   */
  const lookups = new Map<string, { at: number; value: Promise<unknown> }>()
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = lookups.get(key)
    if (hit && Date.now() - hit.at < LOOKUP_TTL_MS) return hit.value as Promise<T>
    if (lookups.size > 1000) lookups.clear()
    const value = load()
    lookups.set(key, { at: Date.now(), value })
    value.catch(() => lookups.delete(key))
    return value
  }

  function invalidate(domainId?: string) {
    lookups.clear()
    if (domainId === undefined) {
      for (const id of [...ready.keys(), ...versions.keys()]) versions.set(id, (versions.get(id) ?? 0) + 1)
      ready.clear()
      return
    }
    versions.set(domainId, (versions.get(domainId) ?? 0) + 1)
    ready.delete(domainId)
  }

  async function signatureOf(domainId: string): Promise<string> {
    const result = await db.execute<{ n: number; at: string | null }>(
      sql`select count(*)::int as n, max(updated_at)::text as at from listings where domain_id = ${domainId}`,
    )
    const row = (result as unknown as { rows: { n: number; at: string | null }[] }).rows[0]
    return `${row?.n ?? 0}/${row?.at ?? ''}`
  }

  async function build(domainId: string): Promise<DomainIndex> {
    const signature = await signatureOf(domainId)
    // The order first (small rows), then the listings in chunks: other queries (page renders) get
    // their turn on the embedded database between chunks instead of waiting for one long read.
    const ordered = await db.execute<{ id: string }>(sql`
      select id from listings where domain_id = ${domainId} and published = true and public_doc is not null
      order by start_date asc nulls last, name asc, id asc`)
    const ids = (ordered as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
    const byId = new Map<string, BuildRow>()
    for (let i = 0; i < ids.length; i += BUILD_CHUNK) {
      await turn()
      const chunk = await db.execute<BuildRow>(sql`
        select id, public_doc as doc, tags, location, product_category, listing_type,
          lower(dates)::text as start, (upper(dates) - 1)::text as end, search::text as lexemes
        from listings where ${inArray(listings.id, ids.slice(i, i + BUILD_CHUNK))} and published = true and public_doc is not null`)
      for (const row of (chunk as unknown as { rows: BuildRow[] }).rows) byId.set(row.id, row)
    }
    // A listing unpublished between the two reads is left out (the next check rebuilds anyway).
    const rows = ids.map((id) => byId.get(id)).filter((row): row is BuildRow => Boolean(row))
    const locs = await db.execute<{ location: string }>(
      sql`select distinct location from listings where domain_id = ${domainId} and published = true and location <> '' order by location`,
    )
    const docs: Doc[] = []
    const byTag = new Map<string, number[]>()
    const byLocation = new Map<string, number[]>()
    const byLexeme = new Map<string, number[]>()
    const dated: number[] = []
    const categories = new Set<string>()
    for (const [rank, row] of rows.entries()) {
      if (rank % BUILD_CHUNK === 0) await turn()
      const doc = typeof row.doc === 'string' ? (JSON.parse(row.doc) as Listing) : row.doc
      const tags = Array.isArray(row.tags) ? row.tags : parseTextArray(row.tags)
      const card = toCard({ ...doc, _id: row.id, domainId, published: true })
      docs.push({
        card,
        tags: new Set(tags),
        location: row.location,
        productCategory: row.product_category,
        listingType: row.listing_type,
        start: row.start,
        end: row.end,
      })
      for (const tag of tags) push(byTag, tag, rank)
      push(byLocation, row.location, rank)
      for (const lexeme of lexemesOf(row.lexemes)) push(byLexeme, lexeme, rank)
      if (row.start) dated.push(rank)
      if (row.product_category) categories.add(row.product_category)
    }
    const locationRows = (locs as unknown as { rows: { location: string }[] }).rows
    const lexemePostings = toPostings(byLexeme)
    return {
      docs,
      byTag: toPostings(byTag),
      byLocation: toPostings(byLocation),
      dated: Int32Array.from(dated),
      lexemes: [...lexemePostings.keys()].sort(),
      byLexeme: lexemePostings,
      locationOrder: new Map(locationRows.map((r, i) => [r.location, i])),
      productCategories: [...categories],
      bases: new Map(),
      signature,
      checkedAt: Date.now(),
    }
  }

  /** Starts a (re)build when none is ready or running; answers the ready index or null. */
  function current(domainId: string): DomainIndex | null {
    const index = ready.get(domainId)
    if (index) {
      if (Date.now() - index.checkedAt > recheckMs && !checking.has(domainId)) {
        checking.add(domainId)
        index.checkedAt = Date.now()
        signatureOf(domainId)
          .then((signature) => {
            if (signature !== index.signature && ready.get(domainId) === index) invalidate(domainId)
          })
          .catch(() => {})
          .finally(() => checking.delete(domainId))
      }
      return index
    }
    if (!building.has(domainId)) {
      const version = versions.get(domainId) ?? 0
      const job = build(domainId)
        .then((built) => {
          if ((versions.get(domainId) ?? 0) === version) ready.set(domainId, built)
        })
        .catch(() => {
          // The SQL path keeps answering; the next request tries again.
        })
        .finally(() => building.delete(domainId))
      building.set(domainId, job)
    }
    return null
  }

  /** Waits for the domain's index (tests and the benchmark; requests never wait). */
  async function warm(domainId: string): Promise<void> {
    for (let i = 0; i < 5 && !ready.has(domainId); i++) {
      current(domainId)
      await building.get(domainId)
    }
  }

  function baseOf(index: DomainIndex, category: ListingCategory | null, hideTours: boolean, checked: string[]): Base {
    const key = JSON.stringify([category, hideTours, [...checked].sort()])
    const hit = index.bases.get(key)
    if (hit) return hit
    const n = index.docs.length
    const groups = category ? category.filters.map((g) => parseFilterGroup(g)).filter((words) => words.length) : []
    const excluded = category ? parseFilterGroup(category.excludedTags) : []
    const attributes = category?.attributes ?? []
    const anyTag = (words: readonly string[]) =>
      union(
        words.map((w) => index.byTag.get(w) ?? new Int32Array(0)),
        n,
      )
    // Candidates: the smallest tag list that every kept listing must be in, else all listings (once per category).
    const required = [
      ...groups.map(anyTag),
      ...(checked.length ? [anyTag(checked)] : []),
      ...attributes.map((a) => index.byTag.get(a) ?? new Int32Array(0)),
    ]
    required.sort((a, b) => a.length - b.length)
    const candidates = required[0] ?? Int32Array.from({ length: n }, (_, i) => i)
    const keep = (doc: Doc) =>
      groups.every((words) => words.some((w) => doc.tags.has(w))) &&
      !excluded.some((w) => doc.tags.has(w)) &&
      attributes.every((a) => doc.tags.has(a)) &&
      (!category?.hideServices || doc.listingType === 'product') &&
      (!hideTours || !(doc.productCategory === 'TOUR' && doc.listingType === 'product')) &&
      (!checked.length || checked.some((c) => doc.tags.has(c)))
    const kept: number[] = []
    const member = new Uint8Array(n)
    const locations = new Set<string>()
    let hasDates = false
    for (const rank of candidates) {
      const doc = index.docs[rank]!
      if (!keep(doc)) continue
      kept.push(rank)
      member[rank] = 1
      if (doc.location) locations.add(doc.location)
      if (doc.start) hasDates = true
    }
    const order = index.locationOrder
    const base: Base = {
      ranks: Int32Array.from(kept),
      member,
      facets: {
        locations: [...locations].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
        hasDates,
        productCategories: index.productCategories,
      },
    }
    if (index.bases.size >= maxBases) index.bases.clear()
    index.bases.set(key, base)
    return base
  }

  /** The lexeme postings matching one term (exact, or every lexeme with the prefix). */
  function termPostings(index: DomainIndex, term: { lexeme: string; prefix: boolean }): Int32Array {
    if (!term.prefix) return index.byLexeme.get(term.lexeme) ?? new Int32Array(0)
    const lists: Int32Array[] = []
    for (let i = lowerBound(index.lexemes, term.lexeme); i < index.lexemes.length && index.lexemes[i]!.startsWith(term.lexeme); i++)
      lists.push(index.byLexeme.get(index.lexemes[i]!)!)
    return lists.length ? union(lists, index.docs.length) : new Int32Array(0)
  }

  async function parsedQuery(query: string): Promise<{ lexeme: string; prefix: boolean }[] | null> {
    if (tsQueries.has(query)) return tsQueries.get(query)!
    const result = await db.execute<{ q: string }>(sql`select to_tsquery('english', ${query})::text as q`)
    const parsed = parseTsQuery((result as unknown as { rows: { q: string }[] }).rows[0]?.q ?? '')
    if (tsQueries.size > 5000) tsQueries.clear()
    tsQueries.set(query, parsed)
    return parsed
  }

  /**
   * The grid's answer from memory, or null when the index is not ready (being built) or the query
   * needs the database (words that are not plain terms): the caller then runs its SQL query.
   * `from`/`to` are ISO dates already validated by the caller.
   */
  async function fetch(
    domainId: string,
    q: FetchQuery,
    category: ListingCategory | null,
    range: { from: string | null; to: string | null },
  ): Promise<IndexedFetch | null> {
    let index = current(domainId)
    if (!index) return null
    const query = tsQueryOf(q.search ?? '')
    const terms = query ? await parsedQuery(query) : []
    if (terms === null) return null
    // A change may have landed while the words were parsed.
    index = ready.get(domainId) ?? null
    if (!index) return null

    const checked = q.checkedCategories.map(tagKey).filter(Boolean)
    const base = baseOf(index, category, q.hideTours, checked)
    const narrowing: Int32Array[] = []
    if (q.location) narrowing.push(index.byLocation.get(q.location) ?? new Int32Array(0))
    for (const term of terms) narrowing.push(termPostings(index, term))
    const dates = range.from || range.to
    let matched: Int32Array
    if (!narrowing.length && !dates) {
      matched = base.ranks
    } else {
      const lists = narrowing.length ? narrowing : [index.dated]
      lists.sort((a, b) => a.length - b.length)
      const [smallest, ...others] = lists
      const n = index.docs.length
      const marks = others.map((list) => {
        const m = new Uint8Array(n)
        for (const r of list) m[r] = 1
        return m
      })
      const out: number[] = []
      for (const rank of smallest!) {
        if (!base.member[rank]) continue
        if (!marks.every((m) => m[rank])) continue
        if (dates) {
          const doc = index.docs[rank]!
          // dates && daterange(from, to, '[]'): the event's [start, end] overlaps [from, to].
          if (!doc.start || (range.to && doc.start > range.to) || (range.from && (doc.end ?? doc.start) < range.from)) continue
        }
        out.push(rank)
      }
      matched = Int32Array.from(out)
    }
    const offset = (q.currentPage - 1) * q.limit
    const cards = Array.from(
      matched.subarray(Math.min(offset, matched.length), Math.min(offset + q.limit, matched.length)),
      (rank) => index.docs[rank]!.card,
    )
    return { cards, total: matched.length, facets: base.facets }
  }

  return { fetch, invalidate, warm, cached }
}

export type ListingIndex = ReturnType<typeof createListingIndex>

/** Postgres text[] literal ({a,"b c"}) -> strings. */
function parseTextArray(value: string): string[] {
  const inner = value.replace(/^\{|\}$/g, '')
  if (!inner) return []
  const out: string[] = []
  for (const m of inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!)
  return out
}
