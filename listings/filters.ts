/**
 * The filters of `listing/fetch` (spec 02 §3.2, §7; BEHAVIOUR-NOTES "Listings"), each defined once:
 * what it reads from the request (and the chosen category), its SQL condition on the listings
 * table, and its test on a listing held in memory, side by side. The SQL query (fetch.ts) and the
 * in-memory index (memory-index.ts) are both derived from FETCH_FILTERS, and the differential test
 * (memory-index.test.ts) checks that the two answer the same.
 *
 * Adding a filter: a request field in fetchRequestSchema (lib/listings.ts) if it needs one, and an
 * entry here. If it filters on a listing field that is not yet a column of the public copy, that
 * field also needs its column (schema.ts, projectionOf in mapping.ts, a migration) and its place
 * in IndexedListing below (INDEXED_COLUMNS, indexedListingOf).
 *
 * A filter's stage says which answers it narrows: 'base' filters (the category, hide tours, the
 * checked categories) decide what the filter panel offers (the towns, whether dates apply) and are
 * memoised per combination; 'narrow' filters (dates, town, words) narrow the grid only.
 */
import { sql, type SQL } from 'drizzle-orm'
import { toIsoDate } from '#lib/dates'
import { parseFilterGroup, tagKey, type FetchQuery, type ListingCard, type ListingCategory } from '#lib/listings'
import { listings } from './schema.ts'

/** A Postgres text[] literal of these strings, as a bound parameter. */
export const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`

/** Words a visitor typed, as a prefix tsquery (all words, the last one as a prefix). */
export function tsQueryOf(search: string): string | null {
  const terms = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  if (!terms.length) return null
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
}

/** One term of a parsed tsquery: a lexeme, matched whole or as a prefix. */
export interface TsTerm {
  lexeme: string
  prefix: boolean
}

// ---------------------------------------------------------------------------------------------
// A published listing as the in-memory index holds it: the columns the filters test.

export interface IndexedListing {
  card: ListingCard
  tags: Set<string>
  location: string
  productCategory: string
  listingType: string
  /** Event dates (YYYY-MM-DD): the first day and the last day, null when undated. */
  start: string | null
  end: string | null
}

/** What the index reads of each listing for IndexedListing (besides its id, public copy and text). */
export const INDEXED_COLUMNS = sql.raw(
  `tags, location, product_category, listing_type, lower(dates)::text as start, (upper(dates) - 1)::text as end`,
)

export type IndexedColumns = {
  /** node-postgres parses text[]; PGlite may hand back the text form. */
  tags: string[] | string
  location: string
  product_category: string
  listing_type: string
  start: string | null
  end: string | null
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

/** The index's posting lists (sorted ranks in grid order) a filter may use to find candidates fast. */
export interface IndexLookups {
  byTag(tag: string): Int32Array
  byLocation(location: string): Int32Array
  /** Every dated listing. */
  dated: Int32Array
  /** The listings holding a lexeme (or, for a prefix term, any lexeme starting with it). */
  byTerm(term: TsTerm): Int32Array
  /** Sorted union of posting lists. */
  union(lists: Int32Array[]): Int32Array
  /** A tsquery as the database parses it (stemming is Postgres's own), or null when it is more than AND-ed terms. */
  parseTsQuery(query: string): Promise<TsTerm[] | null>
}

// ---------------------------------------------------------------------------------------------
// The filter definition

export interface FilterInput {
  q: FetchQuery
  /** The category the request names (categoryFilterId), already loaded; null for none. */
  category: ListingCategory | null
}

export interface ListingFilter<P, M = P> {
  name: string
  stage: 'base' | 'narrow'
  /** What the request asks of this filter, or null when it does not apply. */
  parse(input: FilterInput): P | null
  /** The condition on the listings table. */
  sql(param: P): SQL
  /** The same filter over the in-memory index. */
  memory: {
    /** Turns the parameter into what `candidates` and `test` use; null: the index cannot answer (the SQL query does). */
    prepare?(param: P, index: IndexLookups): Promise<M | null>
    /** Posting lists every matching listing is in (each one is a superset of the matches). */
    candidates?(param: M, index: IndexLookups): Int32Array[]
    /** Whether a listing matches. Without it, `candidates` must be exact (the matches are their intersection). */
    test?(listing: IndexedListing, param: M): boolean
  }
}

const defineFilter = <P, M = P>(filter: ListingFilter<P, M>) => filter as unknown as ListingFilter<unknown, unknown>

const hasAny = (listing: IndexedListing, words: readonly string[]) => words.some((w) => listing.tags.has(w))

// ---------------------------------------------------------------------------------------------
// The filters

export const FETCH_FILTERS: readonly ListingFilter<unknown, unknown>[] = [
  /** The category's tag groups: each group (alternatives) must be matched by one of the listing's tags. */
  defineFilter<string[][]>({
    name: 'categoryTags',
    stage: 'base',
    parse: ({ category }) => {
      const groups = (category?.filters ?? []).map((g) => parseFilterGroup(g)).filter((words) => words.length)
      return groups.length ? groups : null
    },
    sql: (groups) =>
      sql`(${sql.join(
        groups.map((words) => sql`${listings.tags} && ${textArray(words)}`),
        sql` and `,
      )})`,
    memory: {
      candidates: (groups, index) => groups.map((words) => index.union(words.map((w) => index.byTag(w)))),
      test: (listing, groups) => groups.every((words) => hasAny(listing, words)),
    },
  }),

  /** The category's excluded tags: a listing with any of them is left out. */
  defineFilter<string[]>({
    name: 'excludedTags',
    stage: 'base',
    parse: ({ category }) => {
      const excluded = category ? parseFilterGroup(category.excludedTags) : []
      return excluded.length ? excluded : null
    },
    sql: (excluded) => sql`not (${listings.tags} && ${textArray(excluded)})`,
    memory: { test: (listing, excluded) => !hasAny(listing, excluded) },
  }),

  /** The category's required attributes (memberships): the listing carries every one. */
  defineFilter<string[]>({
    name: 'requiredAttributes',
    stage: 'base',
    parse: ({ category }) => (category?.attributes.length ? [...category.attributes] : null),
    sql: (attributes) => sql`${listings.tags} @> ${textArray(attributes)}`,
    memory: {
      candidates: (attributes, index) => attributes.map((a) => index.byTag(a)),
      test: (listing, attributes) => attributes.every((a) => listing.tags.has(a)),
    },
  }),

  /** The category's 'hide children': products only, no services. */
  defineFilter<true>({
    name: 'hideServices',
    stage: 'base',
    parse: ({ category }) => (category?.hideServices ? true : null),
    sql: () => sql`${listings.listingType} = 'product'`,
    memory: { test: (listing) => listing.listingType === 'product' },
  }),

  /** hideTours: no tour products. */
  defineFilter<true>({
    name: 'hideTours',
    stage: 'base',
    parse: ({ q }) => (q.hideTours ? true : null),
    sql: () => sql`not (${listings.productCategory} = 'TOUR' and ${listings.listingType} = 'product')`,
    memory: { test: (listing) => !(listing.productCategory === 'TOUR' && listing.listingType === 'product') },
  }),

  /** The category checkboxes a visitor ticked: any one of them. */
  defineFilter<string[]>({
    name: 'checkedCategories',
    stage: 'base',
    parse: ({ q }) => {
      const checked = q.checkedCategories.map(tagKey).filter(Boolean)
      return checked.length ? checked : null
    },
    sql: (checked) => sql`${listings.tags} && ${textArray(checked)}`,
    memory: {
      candidates: (checked, index) => [index.union(checked.map((c) => index.byTag(c)))],
      test: (listing, checked) => hasAny(listing, checked),
    },
  }),

  /** The date pickers (D/M/YYYY or YYYY-MM-DD, either end open): events whose dates overlap [from, to]. */
  defineFilter<{ from: string | null; to: string | null }>({
    name: 'dates',
    stage: 'narrow',
    parse: ({ q }) => {
      const from = toIsoDate(q.filters?.from)
      const to = toIsoDate(q.filters?.to)
      return from || to ? { from, to } : null
    },
    sql: ({ from, to }) => sql`${listings.dates} && daterange(${from}::date, ${to}::date, '[]')`,
    memory: {
      candidates: (_, index) => [index.dated],
      test: (listing, { from, to }) =>
        Boolean(listing.start) && !(to && listing.start! > to) && !(from && (listing.end ?? listing.start!) < from),
    },
  }),

  /** The town picker. */
  defineFilter<string>({
    name: 'location',
    stage: 'narrow',
    parse: ({ q }) => q.location || null,
    sql: (location) => sql`${listings.location} = ${location}`,
    memory: {
      candidates: (location, index) => [index.byLocation(location)],
      test: (listing, location) => listing.location === location,
    },
  }),

  /** The words typed in the search box: every word, the last one as a prefix (name and description). */
  defineFilter<string, TsTerm[]>({
    name: 'search',
    stage: 'narrow',
    parse: ({ q }) => tsQueryOf(q.search ?? ''),
    sql: (query) => sql`${listings.search} @@ to_tsquery('english', ${query})`,
    memory: {
      prepare: (query, index) => index.parseTsQuery(query),
      // Exact: the posting lists of the stored tsvector's lexemes.
      candidates: (terms, index) => terms.map((term) => index.byTerm(term)),
    },
  }),
]

/** A filter that applies to a request, with its parameter. */
export interface ActiveFilter {
  filter: ListingFilter<unknown, unknown>
  param: unknown
}

/** The filters a request (with its category) applies, in FETCH_FILTERS order. */
export function activeFilters(input: FilterInput): ActiveFilter[] {
  const out: ActiveFilter[] = []
  for (const filter of FETCH_FILTERS) {
    const param = filter.parse(input)
    if (param !== null) out.push({ filter, param })
  }
  return out
}

/** The SQL conditions of these filters. */
export const sqlConditions = (filters: ActiveFilter[]): SQL[] => filters.map(({ filter, param }) => filter.sql(param))

/** A key naming what these filters ask (for memoising answers that depend only on them). */
export const filtersKey = (filters: ActiveFilter[]) => JSON.stringify(filters.map(({ filter, param }) => [filter.name, param]))
