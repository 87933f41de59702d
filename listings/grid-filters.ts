/**
 * The listing grid's filters and the page address (spec 02 §2.2, §4): the address carries the
 * filters so a filtered view can be shared and is rendered by the server on first load, without
 * JavaScript too. Shared by the Listings block's server data and its grid in the browser. Every
 * part is put together from the visitor-facing entries of the filter table (filters.ts:
 * FETCH_FILTERS), so a filter is defined once.
 */
import type { FetchRequest } from '#lib/listings'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import { VISITOR_FILTERS, type GridFilters } from './filters'
import { isoDay } from './format'

/** Spec 02 §9: listings page size 15, first page 1 (lib/listings LISTINGS_PAGE_SIZE; not imported: that module brings zod). */
export const PAGE_SIZE = 15

export type { GridFilters }

/** No filter set. */
export const emptyFilters: GridFilters = Object.assign({}, ...VISITOR_FILTERS.map((filter) => filter.empty))

/** The address's parameter of each field (the names of the filter form's controls). */
export const params: { readonly [K in keyof GridFilters]: string } = Object.assign({}, ...VISITOR_FILTERS.map((filter) => filter.params))

/** The address's parameter of the pages shown (Load More without JavaScript). */
const PAGE_PARAM = 'page'
/** Pages loaded at once from an address (Load More without JavaScript): 6 x 15 stays within the API's limit of 100. */
const MAX_PAGES = 6

/** Reads the filters (and the page count shown) from an address's query; bad values are dropped. */
export function filtersFromSearch(search: URLSearchParams): { filters: GridFilters; page: number } {
  const pageNumber = Number(search.get(PAGE_PARAM))
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? Math.min(pageNumber, MAX_PAGES) : 1
  return { filters: Object.assign({}, emptyFilters, ...VISITOR_FILTERS.map((filter) => filter.read(search))), page }
}

/**
 * Writes the filters into a query, keeping the address's other parameters; empty filters leave
 * no trace (a page without filters keeps its clean address).
 */
export function filtersToSearch(filters: GridFilters, base: URLSearchParams = new URLSearchParams(), page = 1): URLSearchParams {
  const next = new URLSearchParams(base)
  for (const name of [...Object.values(params), PAGE_PARAM]) next.delete(name)
  for (const filter of VISITOR_FILTERS) filter.write(filters, next)
  if (page > 1) next.set(PAGE_PARAM, String(page))
  return next
}

/**
 * Spec 02 §2.2: From may not pass To, To may not precede From. The date the visitor just changed
 * wins; the other one follows it.
 */
export function withDate(filters: GridFilters, which: 'from' | 'to', value: string): GridFilters {
  const day = isoDay(value)
  const next = { ...filters, [which]: day }
  if (next.from && next.to && next.from > next.to) {
    if (which === 'from') next.to = next.from
    else next.from = next.to
  }
  return next
}

/** Toggling a category resets the page to 1 (spec 02 §4): the caller starts again from page 1. */
export function toggleCategory(filters: GridFilters, category: string): GridFilters {
  const has = filters.categories.includes(category)
  return { ...filters, categories: has ? filters.categories.filter((c) => c !== category) : [...filters.categories, category] }
}

/** The body of POST /api/listing/fetch (spec 02 §7): the block's category, then each filter's part. */
export function fetchRequest(
  filters: GridFilters,
  categoryFilterId: string,
  currentPage = 1,
  limit = PAGE_SIZE,
  locale?: LocaleCode,
): FetchRequest {
  return Object.assign(
    {
      ...(categoryFilterId && categoryFilterId !== 'none' ? { categoryFilterId } : {}),
      // The default language is the request without one (the cached English grid's body is unchanged).
      ...(locale && locale !== DEFAULT_LOCALE ? { locale } : {}),
      hideTours: true,
      filters: {},
      checkedCategories: [],
      limit,
      currentPage,
    },
    ...VISITOR_FILTERS.map((filter) => filter.request(filters)),
  )
}

/**
 * The query of GET /api/listingsPdf/generatePdf (spec 02 §7): the fetch body's filters, with
 * checkedCategories as a JSON array and filters as JSON of from and to.
 */
export function pdfQuery(filters: GridFilters, categoryFilterId: string): URLSearchParams {
  const request = fetchRequest(filters, categoryFilterId)
  const query = new URLSearchParams()
  if (request.categoryFilterId) query.set('categoryFilterId', request.categoryFilterId)
  if (request.location) query.set('location', request.location)
  if (request.search) query.set('search', request.search)
  if (request.checkedCategories?.length) query.set('checkedCategories', JSON.stringify(request.checkedCategories))
  query.set('filters', JSON.stringify(request.filters ?? {}))
  return query
}

/** Friendly name of a tag (spec 02 §2.2: labels use friendly tag names when known). */
export function tagLabel(tag: string, friendly: Readonly<Record<string, string>>): string {
  const name = friendly[tag]?.trim()
  if (name) return name
  return tag
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}
