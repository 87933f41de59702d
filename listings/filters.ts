/**
 * The filters of `listing/fetch` (spec 02 §3.2, §7; BEHAVIOUR-NOTES "Listings"), each defined once:
 * what it reads from the request (and the chosen category), its SQL condition on the listings
 * table, its test on a listing held in memory and, for the filters a visitor sets in the grid, how
 * the grid holds it, how the page address carries it and how the fetch request asks for it, side
 * by side. The SQL query (fetch.ts), the in-memory index (memory-index.ts) and the grid's address
 * codec (grid-filters.ts) are all derived from FETCH_FILTERS; the differential test
 * (memory-index.test.ts) checks that SQL and memory answer the same.
 *
 * Adding a filter: an entry here, and a request field in fetchRequestSchema (lib/listings.ts) if
 * the API has none for it yet. A visitor-facing one also has a `visitor` part (its fields in the
 * grid's state and address), a control in blocks/Listings/FilterForm.tsx and its label in
 * lib/texts.ts. If it filters on a listing field that is not yet a column of the public copy, that
 * field also needs its column (schema.ts, projectionOf in mapping.ts, a migration) and its place in
 * IndexedListing below and in memory-index.ts (INDEXED_COLUMNS, indexedListingOf).
 *
 * A filter's stage says which answers it narrows: 'base' filters (the category, hide tours, the
 * checked categories) decide what the filter panel offers (the towns, whether dates apply) and are
 * memoised per combination; 'narrow' filters (dates, town, words) narrow the grid only.
 *
 * The browser reads this table (the address codec), so it imports no database code: a filter's
 * SQL is written with the kit fetch.ts hands it (SqlKit), and drizzle and the table are named as
 * types only. lib/tags.ts and lib/dates.ts keep zod out too.
 */
import type { arrayContains, arrayOverlaps, inArray, not, SQL, sql as sqlTag } from 'drizzle-orm'
import { toIsoDate } from '#lib/dates'
import type { FetchQuery, FetchRequest, ListingCard, ListingCategory } from '#lib/listings'
import { parseFilterGroup, tagKey } from '#lib/tags'
import { cjkTsQuery } from '#lib/cjk'
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#lib/locales'
import type { listings as listingsTable, listingTranslations as listingTranslationsTable } from './schema.ts'
import { accessTag, isAccessFilterCode } from './accessibility.ts'
import { dayNumberOf, sortedHas, spansHold } from './opening-lookup.ts'

/** What a filter's SQL condition is written with (listings/sql.ts: sqlKit). */
export interface SqlKit {
  sql: typeof sqlTag
  /** The listings table's columns. */
  listings: typeof listingsTable
  /** The listings' rows per further language (decision 030). */
  listingTranslations: typeof listingTranslationsTable
  /** Drizzle's array operators (`&&`, `@>`), binding the strings as the column's text[]. */
  arrayOverlaps: typeof arrayOverlaps
  arrayContains: typeof arrayContains
  inArray: typeof inArray
  not: typeof not
}

/** Words a visitor typed, as a prefix tsquery (all words, the last one as a prefix). */
export function tsQueryOf(search: string): string | null {
  const terms = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  if (!terms.length) return null
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
}

/** The search filter's parameter: the English tsquery, and in a further language its own. */
export interface SearchParam {
  query: string
  locale: LocaleCode | null
  localQuery: string | null
}

/** The search filter's words as the in-memory index matches them. */
export interface PreparedSearch {
  english: TsTerm[]
  locale: LocaleCode | null
  local: TsTerm[]
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
  /** The card's name and description in each language the provider translated the listing into. */
  translated?: Record<string, { name: string; description: string }>
  tags: Set<string>
  location: string
  productCategory: string
  listingType: string
  /** Event dates (YYYY-MM-DD): the first day and the last day, null when undated. */
  start: string | null
  end: string | null
  /** The opening window (opening-window.ts): open days and [start, end) minute pairs; null without opening times. */
  openDays: Int32Array | null
  openMinutes: Int32Array | null
}

/** The index's posting lists (sorted ranks in grid order) a filter may use to find candidates fast. */
export interface IndexLookups {
  byTag(tag: string): Int32Array
  byLocation(location: string): Int32Array
  /** Every dated listing. */
  dated: Int32Array
  /** The listings holding a lexeme (or, for a prefix term, any lexeme starting with it). */
  byTerm(term: TsTerm): Int32Array
  /**
   * The listings matching words in a further language (decision 030): those translated into it whose
   * words there hold every local term, and those not translated into it whose English words hold
   * every English term. Sorted ranks.
   */
  byTermsIn(locale: LocaleCode, english: TsTerm[], local: TsTerm[]): Int32Array
  /** Sorted union of posting lists. */
  union(lists: Int32Array[]): Int32Array
  /**
   * A tsquery as the database parses it (stemming is Postgres's own) with the English configuration
   * or the one named, or null when it is more than AND-ed terms.
   */
  parseTsQuery(query: string, config?: string): Promise<TsTerm[] | null>
}

// ---------------------------------------------------------------------------------------------
// The filter definition

const MAX_SEARCH = 200
const MAX_CATEGORIES = 30

export interface FilterInput {
  q: FetchQuery
  /** The category the request names (categoryFilterId), already loaded; null for none. */
  category: ListingCategory | null
}

/**
 * A filter a visitor sets in the grid (spec 02 §2.2): its fields in the grid's state, how the page
 * address carries them (so a filtered view can be shared and is rendered by the server, without
 * JavaScript too) and what the fetch request asks. grid-filters.ts puts the entries together.
 */
export interface VisitorFilter<V extends object> {
  /** Its fields, unset (an unset filter leaves no trace in the address). */
  empty: V
  /** The address parameter of each field: also the name of its control in the grid's GET form. */
  params: { readonly [K in keyof V]: string }
  /** From an address's query; bad values are dropped. */
  read(search: URLSearchParams): V
  /** Into an address's query (its parameters were removed before). */
  write(value: V, search: URLSearchParams): void
  /** Its part of the listing/fetch body (spec 02 §7). */
  request(value: V): Partial<FetchRequest>
}

export interface ListingFilter<P, M = P, V extends object = object> {
  name: string
  stage: 'base' | 'narrow'
  /** Set by a visitor in the grid: its state, address and request (absent: set by the block or the category). */
  visitor?: VisitorFilter<V>
  /** What the request asks of this filter, or null when it does not apply. */
  parse(input: FilterInput): P | null
  /** The condition on the listings table. */
  sql(param: P, kit: SqlKit): SQL
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

/** A filter of the table, its parameter types erased (the methods take what its own parse gave). */
export type AnyListingFilter = ListingFilter<unknown, unknown, object>

const defineFilter = <P, M = P, V extends object = object>(filter: ListingFilter<P, M, V>) => filter

const hasAny = (listing: IndexedListing, words: readonly string[]) => words.some((w) => listing.tags.has(w))

/** A one-line text field (trimmed, at most `max` characters; unset is ''). */
function textField<const K extends string>(field: K, param: string, max: number): Omit<VisitorFilter<Record<K, string>>, 'request'> {
  const of = (value: string) => ({ [field]: value }) as Record<K, string>
  return {
    empty: of(''),
    params: { [field]: param } as Record<K, string>,
    read: (search) => of((search.get(param) ?? '').trim().slice(0, max)),
    write: (value, search) => {
      if (value[field].trim()) search.set(param, value[field].trim())
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The filters

export const FETCH_FILTERS = [
  /** The category's tag groups: each group (alternatives) must be matched by one of the listing's tags. */
  defineFilter<string[][]>({
    name: 'categoryTags',
    stage: 'base',
    parse: ({ category }) => {
      const groups = (category?.filters ?? []).map((g) => parseFilterGroup(g)).filter((words) => words.length)
      return groups.length ? groups : null
    },
    sql: (groups, { sql, listings, arrayOverlaps }) =>
      sql`(${sql.join(
        groups.map((words) => arrayOverlaps(listings.tags, words)),
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
    sql: (excluded, { listings, arrayOverlaps, not }) => not(arrayOverlaps(listings.tags, excluded)),
    memory: { test: (listing, excluded) => !hasAny(listing, excluded) },
  }),

  /** The category's required attributes (memberships): the listing carries every one. */
  defineFilter<string[]>({
    name: 'requiredAttributes',
    stage: 'base',
    parse: ({ category }) => (category?.attributes.length ? [...category.attributes] : null),
    sql: (attributes, { listings, arrayContains }) => arrayContains(listings.tags, attributes),
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
    sql: (_, { sql, listings }) => sql`${listings.listingType} = 'product'`,
    memory: { test: (listing) => listing.listingType === 'product' },
  }),

  /** hideTours: no tour products. */
  defineFilter<true>({
    name: 'hideTours',
    stage: 'base',
    parse: ({ q }) => (q.hideTours ? true : null),
    sql: (_, { sql, listings }) => sql`not (${listings.productCategory} = 'TOUR' and ${listings.listingType} = 'product')`,
    memory: { test: (listing) => !(listing.productCategory === 'TOUR' && listing.listingType === 'product') },
  }),

  // The visitor-facing filters, in the order their parameters appear in an address.

  /**
   * The words typed in the search box: every word, the last one as a prefix (name and description).
   * In a further language (decision 030) a listing the provider translated matches in what the
   * visitor reads, with that language's configuration (Chinese, Japanese, Korean: character pairs,
   * lib/cjk.ts); a listing without a translation in it matches in English as before.
   */
  defineFilter<SearchParam, PreparedSearch, { search: string }>({
    name: 'search',
    stage: 'narrow',
    // The address calls it `name` (spec 02 §2.2).
    visitor: { ...textField('search', 'name', MAX_SEARCH), request: ({ search }) => ({ search: search.trim() }) },
    parse: ({ q }) => {
      const query = tsQueryOf(q.search ?? '')
      if (!query) return null
      const locale = q.locale && q.locale !== DEFAULT_LOCALE ? q.locale : null
      if (!locale) return { query, locale: null, localQuery: null }
      return { query, locale, localQuery: LOCALES[locale].cjk ? (cjkTsQuery(q.search ?? '') ?? query) : query }
    },
    sql: ({ query, locale, localQuery }, { sql, listings, listingTranslations: lt }) => {
      const english = sql`${listings.search} @@ to_tsquery('english', ${query})`
      if (!locale || !localQuery) return english
      const translated = sql`select 1 from ${lt} where ${lt.listingId} = ${listings.id} and ${lt.locale} = ${locale}`
      return sql`(exists (${translated} and ${lt.search} @@ to_tsquery(${LOCALES[locale].textSearch}::regconfig, ${localQuery})) or (not exists (${translated}) and ${english}))`
    },
    memory: {
      prepare: async ({ query, locale, localQuery }, index) => {
        const english = await index.parseTsQuery(query)
        if (!english) return null
        if (!locale || !localQuery) return { english, locale: null, local: [] }
        const local = await index.parseTsQuery(localQuery, LOCALES[locale].textSearch)
        return local ? { english, locale, local } : null
      },
      // Exact: the posting lists of the stored tsvectors' lexemes (in a further language, one list).
      candidates: ({ english, locale, local }, index) =>
        locale ? [index.byTermsIn(locale, english, local)] : english.map((term) => index.byTerm(term)),
    },
  }),

  /** The town picker ('' = All Locations). */
  defineFilter<string, string, { location: string }>({
    name: 'location',
    stage: 'narrow',
    visitor: { ...textField('location', 'location', 120), request: ({ location }) => (location ? { location } : {}) },
    parse: ({ q }) => q.location || null,
    sql: (location, { sql, listings }) => sql`${listings.location} = ${location}`,
    memory: {
      candidates: (location, index) => [index.byLocation(location)],
      test: (listing, location) => listing.location === location,
    },
  }),

  /** The date pickers (D/M/YYYY or YYYY-MM-DD, either end open): events whose dates overlap [from, to]. */
  defineFilter<{ from: string | null; to: string | null }, { from: string | null; to: string | null }, { from: string; to: string }>({
    name: 'dates',
    stage: 'narrow',
    visitor: {
      // ISO YYYY-MM-DD or ''.
      empty: { from: '', to: '' },
      params: { from: 'from', to: 'to' },
      read: (search) => {
        // The grid writes YYYY-MM-DD; a form sent without JavaScript carries what was typed, DD/MM/YYYY.
        const from = toIsoDate(search.get('from')) ?? ''
        const to = toIsoDate(search.get('to')) ?? ''
        return from && to && from > to ? { from: to, to: from } : { from, to }
      },
      write: ({ from, to }, search) => {
        if (from) search.set('from', from)
        if (to) search.set('to', to)
      },
      request: ({ from, to }) => ({ filters: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }),
    },
    parse: ({ q }) => {
      const from = toIsoDate(q.filters?.from)
      const to = toIsoDate(q.filters?.to)
      return from || to ? { from, to } : null
    },
    sql: ({ from, to }, { sql, listings }) => sql`${listings.dates} && daterange(${from}::date, ${to}::date, '[]')`,
    memory: {
      candidates: (_, index) => [index.dated],
      test: (listing, { from, to }) =>
        Boolean(listing.start) && !(to && listing.start! > to) && !(from && (listing.end ?? listing.start!) < from),
    },
  }),

  /** The category checkboxes a visitor ticked: any one of them. */
  defineFilter<string[], string[], { categories: string[] }>({
    name: 'checkedCategories',
    stage: 'base',
    visitor: {
      // Upper-case tag keys such as EVENT.
      empty: { categories: [] },
      params: { categories: 'category' },
      read: (search) => ({
        categories: [
          ...new Set(
            search
              .getAll('category')
              .flatMap((value) => value.split(','))
              .map(tagKey)
              .filter((value) => /^[A-Z0-9_&() -]{1,60}$/.test(value)),
          ),
        ].slice(0, MAX_CATEGORIES),
      }),
      write: ({ categories }, search) => {
        for (const category of categories) search.append('category', category)
      },
      request: ({ categories }) => ({ checkedCategories: categories }),
    },
    parse: ({ q }) => {
      const checked = q.checkedCategories.map(tagKey).filter(Boolean)
      return checked.length ? checked : null
    },
    sql: (checked, { listings, arrayOverlaps }) => arrayOverlaps(listings.tags, checked),
    memory: {
      candidates: (checked, index) => [index.union(checked.map((c) => index.byTag(c)))],
      test: (listing, checked) => hasAny(listing, checked),
    },
  }),

  /**
   * "Open now" (issue 35 point 3): listings open at the request's instant, on the region's clock
   * (the provider's seasonal periods and exceptions, listings/opening-hours.ts). The grid asks for
   * the visitor's own minute (the browser's clock; the server's for a page rendered without
   * JavaScript); unknown opening times are never open.
   */
  defineFilter<number, number, { openNow: boolean }>({
    name: 'openAt',
    stage: 'narrow',
    visitor: {
      empty: { openNow: false },
      params: { openNow: 'open' },
      read: (search) => ({ openNow: search.get('open') === 'now' }),
      write: ({ openNow }, search) => {
        if (openNow) search.set('open', 'now')
      },
      // The minute, not the millisecond: the same minute asks the same question.
      request: ({ openNow }) => (openNow ? { openAt: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString() } : {}),
    },
    parse: ({ q }) => {
      const at = q.openAt ? Date.parse(q.openAt) : NaN
      return Number.isNaN(at) ? null : Math.floor(at / 60_000)
    },
    sql: (minute, { sql, listings }) =>
      sql`exists (select 1 from generate_subscripts(${listings.openMinutes}, 1) as i where i % 2 = 1 and ${listings.openMinutes}[i] <= ${minute} and ${minute} < ${listings.openMinutes}[i + 1])`,
    memory: { test: (listing, minute) => listing.openMinutes !== null && spansHold(listing.openMinutes, minute) },
  }),

  /** "Open on a chosen day" (issue 35 point 3): listings open at some time that day of the region. */
  defineFilter<number, number, { openOn: string }>({
    name: 'openOn',
    stage: 'narrow',
    visitor: {
      // ISO YYYY-MM-DD or ''.
      empty: { openOn: '' },
      params: { openOn: 'openOn' },
      read: (search) => ({ openOn: toIsoDate(search.get('openOn')) ?? '' }),
      write: ({ openOn }, search) => {
        if (openOn) search.set('openOn', openOn)
      },
      request: ({ openOn }) => (openOn ? { openOn } : {}),
    },
    parse: ({ q }) => {
      const day = toIsoDate(q.openOn)
      return day ? dayNumberOf(day) : null
    },
    sql: (day, { sql, listings }) => sql`${day}::int = any(${listings.openDays})`,
    memory: { test: (listing, day) => listing.openDays !== null && sortedHas(listing.openDays, day) },
  }),

  /**
   * The provider's accessibility attributes a visitor ticked (issue 35 point 4): every one of them
   * (each is a need the visitor has). Stored as tags (listings/accessibility.ts).
   */
  defineFilter<string[], string[], { access: string[] }>({
    name: 'accessibility',
    stage: 'narrow',
    visitor: {
      empty: { access: [] },
      params: { access: 'access' },
      read: (search) => ({
        access: [
          ...new Set(
            search
              .getAll('access')
              .flatMap((value) => value.split(','))
              .map((value) => value.trim().toUpperCase())
              .filter(isAccessFilterCode),
          ),
        ],
      }),
      write: ({ access }, search) => {
        for (const code of access) search.append('access', code)
      },
      request: ({ access }) => (access.length ? { accessibility: access } : {}),
    },
    parse: ({ q }) => {
      const codes = (q.accessibility ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean)
      return codes.length ? [...new Set(codes)].map(accessTag) : null
    },
    sql: (tags, { listings, arrayContains }) => arrayContains(listings.tags, tags),
    memory: {
      candidates: (tags, index) => tags.map((tag) => index.byTag(tag)),
      test: (listing, tags) => tags.every((tag) => listing.tags.has(tag)),
    },
  }),

  /**
   * Only the listings named (issue 35 "near me"): the browser sorts the grid's points by distance
   * itself and asks for a page of the nearest by id. Not in the address: set by the grid only.
   */
  defineFilter<string[]>({
    name: 'ids',
    stage: 'narrow',
    parse: ({ q }) => (q.ids?.length ? [...new Set(q.ids)].sort() : null),
    sql: (ids, { listings, inArray }) => inArray(listings.id, ids),
    memory: { test: (listing, ids) => ids.includes(listing.card._id) },
  }),
] as const satisfies readonly AnyListingFilter[]

/** The grid's filter state: the fields of every visitor-facing filter above. */
export type GridFilters = Fields<VisitorFieldsOf<(typeof FETCH_FILTERS)[number]>>
type VisitorFieldsOf<F> = F extends { visitor?: VisitorFilter<infer V> } ? (x: V) => void : never
type Fields<U> = (U extends unknown ? U : never) extends infer X
  ? [X] extends [(x: infer I) => void]
    ? { [K in keyof I]: I[K] }
    : never
  : never

/** The visitor-facing filters, in the table's order. */
export const VISITOR_FILTERS: readonly VisitorFilter<GridFilters>[] = FETCH_FILTERS.flatMap((filter: AnyListingFilter) =>
  filter.visitor ? [filter.visitor as VisitorFilter<GridFilters>] : [],
)

/** A filter that applies to a request, with its parameter. */
export interface ActiveFilter {
  filter: AnyListingFilter
  param: unknown
}

/** The filters a request (with its category) applies, in FETCH_FILTERS order. */
export function activeFilters(input: FilterInput): ActiveFilter[] {
  const out: ActiveFilter[] = []
  for (const filter of FETCH_FILTERS as readonly AnyListingFilter[]) {
    const param = filter.parse(input)
    if (param !== null) out.push({ filter, param })
  }
  return out
}

/** The SQL conditions of these filters. */
export const sqlConditions = (filters: ActiveFilter[], kit: SqlKit): SQL[] => filters.map(({ filter, param }) => filter.sql(param, kit))

/** A key naming what these filters ask (for memoising answers that depend only on them). */
export const filtersKey = (filters: ActiveFilter[]) => JSON.stringify(filters.map(({ filter, param }) => [filter.name, param]))
