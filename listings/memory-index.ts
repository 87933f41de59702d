/**
 * An in-memory index of each domain's published listings for `listing/fetch` (issue 9: the public
 * grid over 20,000 listings answers in a few milliseconds on the embedded database).
 *
 * Listings change about once a day (the provider sync) and on an editor's publish, so the index is
 * built from the database once, in the background, and updated when the listing service reports a
 * change ('published' on the content event bus) and, for changes made by another instance, when
 * the count or latest update of the domain's listings differs (compared every 30 s in the
 * background). An update is not a rebuild: it reads the grid order and each listing's last update
 * (small rows), keeps every listing whose row has not changed (its card, its place in the posting
 * lists) and reads only the changed and new rows; after a daily sync that touched a few listings it
 * reads a few rows, not 20,000. Until it is ready, or while an update runs after a change, `fetch`
 * answers null and the listing service runs its SQL query instead, so an answer is never stale nor
 * slow to come.
 *
 * What it keeps per domain, in the grid's order (start date, name, id, ordered by the database so
 * the collation is the database's): the card of each listing, posting lists (sorted ranks) by tag,
 * by town and by full-text lexeme (the stored tsvector's lexemes, so stemming is Postgres's own),
 * and the dated listings. The filters themselves are filters.ts's (FETCH_FILTERS), the same ones
 * the SQL query is made of: a request starts from the smallest posting list its filters name and
 * tests each candidate with the filters' own tests. The part that depends only on the 'base'
 * filters (category, hide tours, checked categories: the base set and the facets) is memoised per
 * combination. No request looks at every listing.
 */
import { inArray, sql } from 'drizzle-orm'
import type { FetchQuery, ListingCard, ListingCategory } from '#lib/listings'
import type { Db } from '../server/db/client.ts'
import { rowsOf } from '../server/db/query.ts'
import { listings } from '../server/db/schema.ts'
import { changesListings, type ContentEventBus } from '../server/services/events.ts'
import { activeFilters, filtersKey, type ActiveFilter, type IndexedListing, type IndexLookups, type TsTerm } from './filters.ts'
import { toCard } from './mapping.ts'
import { localiseListing, type Listing } from '#lib/listings'

// ---------------------------------------------------------------------------------------------
// A published listing as the index reads it (filters.ts: IndexedListing).

/** What the index reads of each listing for IndexedListing (besides its id, public copy and text). */
export const INDEXED_COLUMNS = sql.raw(
  `tags, location, product_category, listing_type, lower(dates)::text as start, (upper(dates) - 1)::text as end, open_days, open_minutes`,
)

export type IndexedColumns = {
  /** node-postgres parses text[]; PGlite may hand back the text form. */
  tags: string[] | string
  location: string
  product_category: string
  listing_type: string
  start: string | null
  end: string | null
  /** node-postgres parses int[]; PGlite may hand back the text form. */
  open_days: number[] | string | null
  open_minutes: number[] | string | null
}

/** An int[] column as a typed array (null stays null). */
function intArray(value: number[] | string | null): Int32Array | null {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) return Int32Array.from(value)
  const inner = value.replace(/^\{|\}$/g, '')
  return inner ? Int32Array.from(inner.split(','), Number) : new Int32Array(0)
}

export function indexedListingOf(card: ListingCard, row: IndexedColumns): IndexedListing {
  return {
    card,
    tags: new Set(Array.isArray(row.tags) ? row.tags : parseTextArray(row.tags)),
    location: row.location,
    productCategory: row.product_category,
    listingType: row.listing_type,
    start: row.start,
    end: row.end,
    openDays: intArray(row.open_days),
    openMinutes: intArray(row.open_minutes),
  }
}

/** Postgres text[] literal ({a,"b c"}) -> strings. */
function parseTextArray(value: string): string[] {
  const inner = value.replace(/^\{|\}$/g, '')
  if (!inner) return []
  const out: string[] = []
  for (const m of inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!)
  return out
}

/** A card's name and description per language the provider translated the listing into (none: undefined). */
function translatedCards(doc: Listing): IndexedListing['translated'] {
  const locales = Object.keys(doc.atdwTranslations ?? {})
  if (!locales.length) return undefined
  return Object.fromEntries(
    locales.map((locale) => {
      const read = localiseListing(doc, locale)
      return [locale, { name: read.name.value, description: read.description.value }]
    }),
  )
}

// ---------------------------------------------------------------------------------------------

export interface IndexedFetch {
  cards: ListingCard[]
  total: number
  facets: { locations: string[]; hasDates: boolean; productCategories: string[] }
}

interface Base {
  /** Ranks (grid order) of the listings the base filters (category, hideTours, checked tags) keep. */
  ranks: Int32Array
  member: Uint8Array
  facets: IndexedFetch['facets']
}

/** One further language's words (decision 030): which listings are translated into it, and their lexemes' postings. */
interface LocaleWords {
  translated: Uint8Array
  lexemes: string[]
  byLexeme: Map<string, Int32Array>
}

interface DomainIndex {
  docs: IndexedListing[]
  /** Words per further language, of the listings translated into it (listing_translations). */
  locales: Map<string, LocaleWords>
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
  /** Each rank's listing id and last update (updated_at's text): what an update compares. */
  ids: string[]
  stamps: string[]
  /** count and latest updated_at of the domain's listings when built, and when last compared. */
  signature: string
  checkedAt: number
}

/** What the last build or update of a domain's index did: its listings, and the rows it read for them. */
export interface IndexBuildStats {
  listings: number
  read: number
  reused: number
}

/** A tsvector's text form ('barossa':1A,4 'wine':2) -> its lexemes. */
export function lexemesOf(tsvector: string): string[] {
  const out: string[] = []
  for (const m of tsvector.matchAll(/'((?:[^']|'')*)'(?::[0-9A-D,]+)?/g)) out.push(m[1]!.replace(/''/g, "'"))
  return out
}

/** A tsquery's text form made only of AND-ed terms ('wine' & 'baross':*), or null for anything else. */
export function parseTsQuery(text: string): TsTerm[] | null {
  if (!text.trim()) return null
  const terms: TsTerm[] = []
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

type BuildRow = IndexedColumns & {
  id: string
  at: string
  /** node-postgres parses jsonb; PGlite may hand back the text form. */
  doc: Listing | string
  lexemes: string
}

const toPostings = (lists: Map<string, number[]>) => new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)]))

/** Two ascending rank lists as one. */
function mergeSorted(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!
  while (i < a.length) out[k++] = a[i++]!
  while (j < b.length) out[k++] = b[j++]!
  return out
}
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
  /** The index a change made stale: the next build updates it instead of reading every listing. */
  const stale = new Map<string, DomainIndex>()
  const stats = new Map<string, IndexBuildStats>()
  const building = new Map<string, Promise<void>>()
  /** Bumped per domain on every change; a build that started before a change is thrown away. */
  const versions = new Map<string, number>()
  const tsQueries = new Map<string, TsTerm[] | null>()

  // Only a listing change alters what the index holds (a page, story or site publish does not).
  events.on('published', (domainId, change) => {
    if (changesListings(change)) invalidate(domainId ?? undefined)
  })

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
      for (const [id, index] of ready) stale.set(id, index)
      ready.clear()
      return
    }
    versions.set(domainId, (versions.get(domainId) ?? 0) + 1)
    const index = ready.get(domainId)
    if (index) stale.set(domainId, index)
    ready.delete(domainId)
  }

  async function signatureOf(domainId: string): Promise<string> {
    const [row] = await rowsOf<{ n: number; at: string | null }>(
      db,
      sql`select count(*)::int as n, max(updated_at)::text as at from listings where domain_id = ${domainId}`,
    )
    return `${row?.n ?? 0}/${row?.at ?? ''}`
  }

  /**
   * The domain's index, from `previous` (the index a change made stale) where a listing's row has
   * not changed since, and from the database for the rest.
   */
  async function build(domainId: string, previous?: DomainIndex): Promise<{ index: DomainIndex; stats: IndexBuildStats }> {
    const signature = await signatureOf(domainId)
    // The order and each row's last update first (small rows), then the rows to read in chunks:
    // other queries (page renders) get their turn on the embedded database between chunks.
    const order = await rowsOf<{ id: string; at: string }>(
      db,
      sql`
      select id, updated_at::text as at from listings where domain_id = ${domainId} and published = true and public_doc is not null
      order by start_date asc nulls last, name asc, id asc`,
    )
    const previousRank = new Map<string, number>()
    previous?.ids.forEach((id, rank) => previousRank.set(id, rank))
    const unchanged = (id: string, at: string) => {
      const rank = previousRank.get(id)
      return rank !== undefined && previous!.stamps[rank] === at
    }
    const toRead = order.filter(({ id, at }) => !unchanged(id, at)).map(({ id }) => id)
    const byId = new Map<string, BuildRow>()
    for (let i = 0; i < toRead.length; i += BUILD_CHUNK) {
      await turn()
      const chunk = await rowsOf<BuildRow>(
        db,
        sql`
        select id, updated_at::text as at, public_doc as doc, ${INDEXED_COLUMNS}, search::text as lexemes
        from listings where ${inArray(listings.id, toRead.slice(i, i + BUILD_CHUNK))} and published = true and public_doc is not null`,
      )
      for (const row of chunk) byId.set(row.id, row)
    }
    const locationRows = await rowsOf<{ location: string }>(
      db,
      sql`select distinct location from listings where domain_id = ${domainId} and published = true and location <> '' order by location`,
    )

    const docs: IndexedListing[] = []
    const ids: string[] = []
    const stamps: string[] = []
    /** A kept listing's rank in `previous` -> its rank now (-1: changed or gone). */
    const rankNow = new Int32Array(previous?.docs.length ?? 0).fill(-1)
    const byTag = new Map<string, number[]>()
    const byLocation = new Map<string, number[]>()
    const readLexemes = new Map<string, number[]>()
    const dated: number[] = []
    const categories = new Set<string>()
    let reused = 0
    for (const { id, at: orderedAt } of order) {
      let at = orderedAt
      const rank = docs.length
      if (rank % BUILD_CHUNK === 0) await turn()
      let indexed: IndexedListing
      if (unchanged(id, orderedAt)) {
        const before = previousRank.get(id)!
        indexed = previous!.docs[before]!
        rankNow[before] = rank
        reused++
      } else {
        // A listing unpublished between the two reads is left out (the next check updates anyway).
        const row = byId.get(id)
        if (!row) continue
        const doc = typeof row.doc === 'string' ? (JSON.parse(row.doc) as Listing) : row.doc
        const full = { ...doc, _id: row.id, domainId, published: true }
        indexed = indexedListingOf(toCard(full), row)
        const translated = translatedCards(full)
        if (translated) indexed.translated = translated
        for (const lexeme of lexemesOf(row.lexemes)) push(readLexemes, lexeme, rank)
        at = row.at
      }
      docs.push(indexed)
      ids.push(id)
      stamps.push(at)
      for (const tag of indexed.tags) push(byTag, tag, rank)
      push(byLocation, indexed.location, rank)
      if (indexed.start) dated.push(rank)
      if (indexed.productCategory) categories.add(indexed.productCategory)
    }
    // Words: the kept listings' postings carried over to their ranks now (kept listings keep their
    // order among themselves: their sort columns did not change), merged with the read ones'.
    const lexemeLists = new Map<string, number[]>()
    if (previous) {
      for (const [lexeme, list] of previous.byLexeme) {
        const kept: number[] = []
        for (const before of list) {
          const now = rankNow[before]!
          if (now >= 0) kept.push(now)
        }
        if (kept.length) lexemeLists.set(lexeme, kept)
      }
    }
    for (const [lexeme, list] of readLexemes) {
      const kept = lexemeLists.get(lexeme)
      lexemeLists.set(lexeme, kept ? mergeSorted(kept, list) : list)
    }
    const lexemePostings = toPostings(lexemeLists)
    const locales = await localeWords(domainId, ids)
    const index: DomainIndex = {
      docs,
      locales,
      byTag: toPostings(byTag),
      byLocation: toPostings(byLocation),
      dated: Int32Array.from(dated),
      lexemes: [...lexemePostings.keys()].sort(),
      byLexeme: lexemePostings,
      locationOrder: new Map(locationRows.map((r, i) => [r.location, i])),
      productCategories: [...categories],
      bases: new Map(),
      ids,
      stamps,
      signature,
      checkedAt: Date.now(),
    }
    return { index, stats: { listings: docs.length, read: docs.length - reused, reused } }
  }

  /**
   * The words of the domain's listings in each further language (listing_translations), read in
   * pages with a turn between them and read whole on every build: they are a small part of the
   * listings (those the provider translated) and change with them.
   */
  async function localeWords(domainId: string, ids: string[]): Promise<Map<string, LocaleWords>> {
    const rankOf = new Map(ids.map((id, rank) => [id, rank]))
    const lists = new Map<string, Map<string, number[]>>()
    const translated = new Map<string, Uint8Array>()
    const PAGE = 500
    for (let after = { id: '', locale: '' }; ;) {
      await turn()
      const rows = await rowsOf<{ id: string; locale: string; lexemes: string }>(
        db,
        sql`
        select listing_id as id, locale, search::text as lexemes from listing_translations
        where domain_id = ${domainId} and (listing_id, locale) > (${after.id}, ${after.locale})
        order by listing_id, locale limit ${PAGE}`,
      )
      for (const row of rows) {
        const rank = rankOf.get(row.id)
        if (rank === undefined) continue
        let marks = translated.get(row.locale)
        if (!marks) translated.set(row.locale, (marks = new Uint8Array(ids.length)))
        marks[rank] = 1
        let words = lists.get(row.locale)
        if (!words) lists.set(row.locale, (words = new Map()))
        for (const lexeme of lexemesOf(row.lexemes)) push(words, lexeme, rank)
      }
      if (rows.length < PAGE) break
      const last = rows[rows.length - 1]!
      after = { id: last.id, locale: last.locale }
    }
    const out = new Map<string, LocaleWords>()
    for (const [locale, words] of lists) {
      // Rows come by listing id, not in grid order: each list sorted and made unique.
      const byLexeme = new Map([...words].map(([lexeme, ranks]) => [lexeme, Int32Array.from(new Set(ranks)).sort()]))
      out.set(locale, { translated: translated.get(locale)!, lexemes: [...byLexeme.keys()].sort(), byLexeme })
    }
    return out
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
      const job = build(domainId, stale.get(domainId))
        .then((built) => {
          if ((versions.get(domainId) ?? 0) !== version) return
          ready.set(domainId, built.index)
          stale.delete(domainId)
          stats.set(domainId, built.stats)
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

  const EMPTY = new Int32Array(0)
  function lookupsOf(index: DomainIndex): IndexLookups {
    return {
      byTag: (tag) => index.byTag.get(tag) ?? EMPTY,
      byLocation: (location) => index.byLocation.get(location) ?? EMPTY,
      dated: index.dated,
      byTerm: (term) => termPostings(index, term, index.docs.length),
      byTermsIn: (locale, english, local) => termsInLocale(index, locale, english, local),
      union: (lists) => union(lists, index.docs.length),
      parseTsQuery: parsedQuery,
    }
  }

  /**
   * The ranks (in grid order) of the listings of `from` every filter keeps: each filter's test,
   * or for a filter without one, membership of each of its (exact) posting lists.
   */
  function keep(index: DomainIndex, lookups: IndexLookups, filters: ActiveFilter[], from: Int32Array, within?: Uint8Array): number[] {
    const tests: ((listing: IndexedListing) => boolean)[] = []
    const marks: Uint8Array[] = []
    const n = index.docs.length
    for (const { filter, param } of filters) {
      const { test, candidates } = filter.memory
      if (test) tests.push((listing) => test(listing, param))
      else if (candidates) {
        for (const list of candidates(param, lookups)) {
          if (list === from) continue
          const m = new Uint8Array(n)
          for (const r of list) m[r] = 1
          marks.push(m)
        }
      } else throw new Error(`The listing filter ${filter.name} has neither a test nor candidates`)
    }
    const out: number[] = []
    for (const rank of from) {
      if (within && !within[rank]) continue
      if (!marks.every((m) => m[rank])) continue
      const listing = index.docs[rank]!
      if (tests.every((t) => t(listing))) out.push(rank)
    }
    return out
  }

  /** The smallest posting list the filters name (every match is in it), or null when they name none. */
  function smallestCandidates(lookups: IndexLookups, filters: ActiveFilter[]): Int32Array | null {
    let smallest: Int32Array | null = null
    for (const { filter, param } of filters) {
      for (const list of filter.memory.candidates?.(param, lookups) ?? []) if (!smallest || list.length < smallest.length) smallest = list
    }
    return smallest
  }

  function baseOf(index: DomainIndex, lookups: IndexLookups, filters: ActiveFilter[]): Base {
    const key = filtersKey(filters)
    const hit = index.bases.get(key)
    if (hit) return hit
    const n = index.docs.length
    const candidates = smallestCandidates(lookups, filters) ?? Int32Array.from({ length: n }, (_, i) => i)
    const kept = keep(index, lookups, filters, candidates)
    const member = new Uint8Array(n)
    const locations = new Set<string>()
    let hasDates = false
    for (const rank of kept) {
      const doc = index.docs[rank]!
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
  function termPostings(index: Pick<DomainIndex, 'lexemes' | 'byLexeme'>, term: TsTerm, size: number): Int32Array {
    if (!term.prefix) return index.byLexeme.get(term.lexeme) ?? EMPTY
    const lists: Int32Array[] = []
    for (let i = lowerBound(index.lexemes, term.lexeme); i < index.lexemes.length && index.lexemes[i]!.startsWith(term.lexeme); i++)
      lists.push(index.byLexeme.get(index.lexemes[i]!)!)
    return lists.length ? union(lists, size) : EMPTY
  }

  /** The sorted ranks in every list (all terms of a query). */
  function intersection(lists: Int32Array[], size: number): Int32Array {
    if (!lists.length) return EMPTY
    const [smallest, ...rest] = [...lists].sort((a, b) => a.length - b.length)
    const marks = rest.map((list) => {
      const m = new Uint8Array(size)
      for (const r of list) m[r] = 1
      return m
    })
    return smallest!.filter((r) => marks.every((m) => m[r]))
  }

  /** Words in a further language: translated listings by their words in it, the others by their English words. */
  function termsInLocale(index: DomainIndex, locale: string, english: TsTerm[], local: TsTerm[]): Int32Array {
    const n = index.docs.length
    const inEnglish = intersection(
      english.map((term) => termPostings(index, term, n)),
      n,
    )
    const words = index.locales.get(locale)
    if (!words) return inEnglish
    const inLocal = intersection(
      local.map((term) => termPostings(words, term, n)),
      n,
    )
    return union([inLocal, inEnglish.filter((r) => !words.translated[r])], n)
  }

  async function parsedQuery(query: string, config = 'english'): Promise<TsTerm[] | null> {
    const key = `${config}|${query}`
    if (tsQueries.has(key)) return tsQueries.get(key)!
    const [row] = await rowsOf<{ q: string }>(db, sql`select to_tsquery(${config}::regconfig, ${query})::text as q`)
    const parsed = parseTsQuery(row?.q ?? '')
    if (tsQueries.size > 5000) tsQueries.clear()
    tsQueries.set(key, parsed)
    return parsed
  }

  /**
   * The grid's answer from memory, or null when the index is not ready (being built) or a filter
   * needs the database (words that are not plain terms): the caller then runs its SQL query.
   */
  async function fetch(domainId: string, q: FetchQuery, category: ListingCategory | null): Promise<IndexedFetch | null> {
    let index = current(domainId)
    if (!index) return null
    const filters: ActiveFilter[] = []
    for (const { filter, param } of activeFilters({ q, category })) {
      const prepared = filter.memory.prepare ? await filter.memory.prepare(param, lookupsOf(index)) : param
      if (prepared === null) return null
      filters.push({ filter, param: prepared })
    }
    // A change may have landed while a filter was prepared (the words parsed).
    index = ready.get(domainId) ?? null
    if (!index) return null
    const lookups = lookupsOf(index)

    const base = baseOf(
      index,
      lookups,
      filters.filter(({ filter }) => filter.stage === 'base'),
    )
    const narrowing = filters.filter(({ filter }) => filter.stage === 'narrow')
    let matched: Int32Array
    if (!narrowing.length) {
      matched = base.ranks
    } else {
      const smallest = smallestCandidates(lookups, narrowing)
      matched = smallest
        ? Int32Array.from(keep(index, lookups, narrowing, smallest, base.member))
        : Int32Array.from(keep(index, lookups, narrowing, base.ranks))
    }
    const offset = (q.currentPage - 1) * q.limit
    const locale = q.locale ?? ''
    const cards = Array.from(matched.subarray(Math.min(offset, matched.length), Math.min(offset + q.limit, matched.length)), (rank) => {
      const doc = index.docs[rank]!
      // The card in the visitor's language where the provider translated it (decision 030).
      const translated = doc.translated?.[locale]
      return translated ? { ...doc.card, ...translated } : doc.card
    })
    return { cards, total: matched.length, facets: base.facets }
  }

  /** Whether the domain's index is ready (not being built again after a change). */
  const isReady = (domainId: string) => ready.has(domainId)

  /** What the domain's last build or update read (the benchmark and the tests report it). */
  const lastBuild = (domainId: string) => stats.get(domainId) ?? null

  return { fetch, invalidate, warm, cached, isReady, lastBuild }
}

export type ListingIndex = ReturnType<typeof createListingIndex>
