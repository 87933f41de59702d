/**
 * The public grid's query, `listing/fetch` (spec 02 §7; BEHAVIOUR-NOTES "Listings"), and 'You might
 * also like'. The grid's filters are filters.ts's: the in-memory index (memory-index.ts) answers
 * from them when it is ready, else the SQL query made here from the same filters.
 */
import { and, arrayOverlaps, asc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm'
import {
  productCategoryIds,
  tagKey,
  type CategoryOption,
  type FetchQuery,
  type FetchResponse,
  type ListingCard,
  type ListingCategory,
  localiseListing,
} from '#lib/listings'
import type { Db } from '../server/db/client.ts'
import { listings } from '../server/db/schema.ts'
import type { ListingChanges } from './changes.ts'
import { activeFilters, filtersKey, sqlConditions } from './filters.ts'
import { toCard } from './mapping.ts'
import { sqlKit } from './sql.ts'
import type { ListingIndex } from './memory-index.ts'
import type { TaxonomyService } from './taxonomy.ts'
import { parseFilterGroup } from '#lib/listings'

type Facets = { locations: string[]; hasDates: boolean; productCategories: string[] }

/** A short-lived memo for the parts of a fetch answer that change only when listings change. */
class Memo<T> {
  private entries = new Map<string, { at: number; generation: number; value: T }>()
  constructor(private ttlMs: number) {}
  async get(key: string, generation: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation && Date.now() - hit.at < this.ttlMs) return hit.value
    const value = await load()
    if (this.entries.size > 500) this.entries.clear()
    this.entries.set(key, { at: Date.now(), generation, value })
    return value
  }
}

export interface ListingFetchDeps {
  changes: ListingChanges
  taxonomy: Pick<TaxonomyService, 'categoryById' | 'friendlyNames'>
  /** The in-memory index `fetch` answers from when it is ready; else SQL. */
  index?: ListingIndex
}

export function createListingFetch(db: Db, deps: ListingFetchDeps) {
  const { changes, taxonomy } = deps
  const facetMemo = new Memo<Facets>(60_000)

  /** The grid's answer from the database: a page of cards, the total, the facets. */
  async function sqlFetch(domainId: string, q: FetchQuery, category: ListingCategory | null) {
    const filters = activeFilters({ q, category })
    const baseFilters = filters.filter(({ filter }) => filter.stage === 'base')
    const base: SQL[] = [eq(listings.domainId, domainId), eq(listings.published, true), ...sqlConditions(baseFilters, sqlKit)]
    const where = and(
      ...base,
      ...sqlConditions(
        filters.filter(({ filter }) => filter.stage === 'narrow'),
        sqlKit,
      ),
    )
    const [rows, [count], facets] = await Promise.all([
      db
        .select({ doc: listings.publicDoc })
        .from(listings)
        .where(where)
        .orderBy(sql`${listings.startDate} asc nulls last`, asc(listings.name), asc(listings.id))
        .limit(q.limit)
        .offset((q.currentPage - 1) * q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(where),
      facetMemo.get(JSON.stringify([domainId, category?._id ?? null, filtersKey(baseFilters)]), changes.generation, async () => {
        const baseWhere = and(...base)
        const [locs, dated, cats] = await Promise.all([
          db
            .selectDistinct({ location: listings.location })
            .from(listings)
            .where(and(baseWhere, ne(listings.location, '')))
            .orderBy(asc(listings.location)),
          db
            .select({ one: sql<number>`1` })
            .from(listings)
            .where(and(baseWhere, sql`${listings.dates} is not null`))
            .limit(1),
          category
            ? Promise.resolve([])
            : db
                .selectDistinct({ c: listings.productCategory })
                .from(listings)
                .where(and(eq(listings.domainId, domainId), eq(listings.published, true), ne(listings.productCategory, ''))),
        ])
        return { locations: locs.map((l) => l.location), hasDates: dated.length > 0, productCategories: cats.map((c) => c.c) }
      }),
    ])
    return [rows.map((r) => toCard(localiseListing(r.doc!, q.locale ?? ''))), count?.n ?? 0, facets] as const
  }

  /**
   * The public grid's query: the published listings of the domain matching every filter, a page of
   * cards, the total, and the facets the filter panel offers (locations, category checkboxes,
   * whether date pickers apply).
   */
  async function fetch(domainId: string, q: FetchQuery): Promise<FetchResponse> {
    const memo = <T>(key: string, load: () => Promise<T>) =>
      deps.index ? deps.index.cached(`${domainId}:${changes.generation}:${key}`, load) : load()
    const category = await memo(`category:${q.categoryFilterId ?? ''}`, () => taxonomy.categoryById(domainId, q.categoryFilterId))
    const indexed = deps.index ? await deps.index.fetch(domainId, q, category) : null
    const [cards, total, facets] = indexed ? [indexed.cards, indexed.total, indexed.facets] : await sqlFetch(domainId, q, category)

    const names = await memo(`names:${q.locale ?? ''}`, () => taxonomy.friendlyNames(domainId, q.locale))
    const keys = category
      ? [...new Set(category.filters.flatMap((g) => parseFilterGroup(g)))]
      : productCategoryIds.filter((c) => facets.productCategories.includes(c))
    const listingCategoriesOut: CategoryOption[] = keys.map((key) => ({ key, name: names[key] || key }))
    return {
      listings: cards,
      totalListings: total,
      listingCategories: listingCategoriesOut,
      hasDates: category ? category.hasDates : facets.hasDates,
      locations: facets.locations,
    }
  }

  /**
   * 'You might also like': active published listings sharing a tagged category, not the listing
   * itself nor its services, in varied order; other active listings when none share one.
   */
  async function fetchRelated(
    domainId: string,
    input: { categories: string[]; limit: number; _id: string; locale?: string | null },
  ): Promise<{ listings: ListingCard[] }> {
    const categories = input.categories.map(tagKey).filter(Boolean)
    const base = and(
      eq(listings.domainId, domainId),
      eq(listings.published, true),
      eq(listings.activeStatus, 'ACTIVE'),
      input._id ? ne(listings.id, input._id) : undefined,
      input._id ? sql`${listings.parentId} is distinct from ${input._id}` : undefined,
    )
    const pick = (where: SQL | undefined, limit: number) =>
      db
        .select({ doc: listings.publicDoc })
        .from(listings)
        .where(where)
        .orderBy(sql`random()`)
        .limit(limit)
    const matching = categories.length ? await pick(and(base, arrayOverlaps(listings.tags, categories)), input.limit) : []
    let rows = matching
    if (rows.length < input.limit) {
      const seen = rows.map((r) => r.doc!._id)
      const more = await pick(and(base, seen.length ? notInArray(listings.id, seen) : undefined), input.limit - rows.length)
      rows = [...rows, ...more]
    }
    return { listings: rows.map((r) => toCard(localiseListing(r.doc!, input.locale ?? ''))) }
  }

  return { fetch, fetchRelated }
}
