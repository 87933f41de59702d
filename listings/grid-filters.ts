/**
 * The listing grid's filters and the page address (spec 02 §2.2, §4): the address carries the
 * filters so a filtered view can be shared and is rendered by the server on first load, without
 * JavaScript too. Shared by the server loader (block-data.server.ts) and the grid in the browser.
 */
import { toIsoDate } from '#lib/dates'
import type { FetchRequest } from '#lib/listings'
import { isoDay } from './format'

/** Spec 02 §9: listings page size 15, first page 1 (lib/listings LISTINGS_PAGE_SIZE; not imported: that module brings zod). */
export const PAGE_SIZE = 15

export interface GridFilters {
  /** Keywords (the address's `name` parameter, spec 02 §2.2). */
  search: string
  /** '' = All Locations. */
  location: string
  /** ISO YYYY-MM-DD or ''. */
  from: string
  to: string
  /** Checked category tags (upper-case keys such as EVENT). */
  categories: string[]
}

export const emptyFilters: GridFilters = { search: '', location: '', from: '', to: '', categories: [] }

/** The address's parameter names. */
export const params = { search: 'name', location: 'location', from: 'from', to: 'to', category: 'category', page: 'page' } as const

const MAX_SEARCH = 200
const MAX_CATEGORIES = 30
/** Pages loaded at once from an address (Load More without JavaScript): 6 x 15 stays within the API's limit of 100. */
const MAX_PAGES = 6

/** Reads the filters (and the page count shown) from an address's query; bad values are dropped. */
export function filtersFromSearch(search: URLSearchParams): { filters: GridFilters; page: number } {
  const categories = [
    ...new Set(
      search
        .getAll(params.category)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim().toUpperCase())
        .filter((value) => /^[A-Z0-9_&() -]{1,60}$/.test(value)),
    ),
  ].slice(0, MAX_CATEGORIES)
  // The grid writes YYYY-MM-DD; a form sent without JavaScript carries what was typed, DD/MM/YYYY.
  let from = toIsoDate(search.get(params.from)) ?? ''
  let to = toIsoDate(search.get(params.to)) ?? ''
  if (from && to && from > to) [from, to] = [to, from]
  const pageNumber = Number(search.get(params.page))
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? Math.min(pageNumber, MAX_PAGES) : 1
  return {
    filters: {
      search: (search.get(params.search) ?? '').trim().slice(0, MAX_SEARCH),
      location: (search.get(params.location) ?? '').trim().slice(0, 120),
      from,
      to,
      categories,
    },
    page,
  }
}

/**
 * Writes the filters into a query, keeping the address's other parameters; empty filters leave
 * no trace (a page without filters keeps its clean address).
 */
export function filtersToSearch(filters: GridFilters, base: URLSearchParams = new URLSearchParams(), page = 1): URLSearchParams {
  const next = new URLSearchParams(base)
  for (const name of Object.values(params)) next.delete(name)
  if (filters.search.trim()) next.set(params.search, filters.search.trim())
  if (filters.location) next.set(params.location, filters.location)
  if (filters.from) next.set(params.from, filters.from)
  if (filters.to) next.set(params.to, filters.to)
  for (const category of filters.categories) next.append(params.category, category)
  if (page > 1) next.set(params.page, String(page))
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

/** The body of POST /api/listing/fetch (spec 02 §7). */
export function fetchRequest(filters: GridFilters, categoryFilterId: string, currentPage = 1, limit = PAGE_SIZE): FetchRequest {
  return {
    ...(categoryFilterId && categoryFilterId !== 'none' ? { categoryFilterId } : {}),
    search: filters.search.trim(),
    hideTours: true,
    filters: { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) },
    limit,
    currentPage,
    checkedCategories: filters.categories,
    ...(filters.location ? { location: filters.location } : {}),
  }
}

/** The query of GET /api/listingsPdf/generatePdf (spec 02 §7): filters as JSON of from and to. */
export function pdfQuery(filters: GridFilters, categoryFilterId: string): URLSearchParams {
  const query = new URLSearchParams()
  if (categoryFilterId && categoryFilterId !== 'none') query.set('categoryFilterId', categoryFilterId)
  if (filters.location) query.set('location', filters.location)
  if (filters.search.trim()) query.set('search', filters.search.trim())
  if (filters.categories.length) query.set('checkedCategories', JSON.stringify(filters.categories))
  query.set('filters', JSON.stringify({ ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) }))
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
