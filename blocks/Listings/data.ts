/**
 * What the server adds to a Listings block before rendering (its data.server.ts): the first page
 * of results for the address's filters, so the grid is complete without JavaScript and a filtered
 * address can be shared. Types only: nothing here reaches the visitor's bundle.
 */
import type { FetchResponse } from '#lib/listings'
import type { GridFilters } from '../../listings/grid-filters'

export interface ListingsBlockData {
  /** The filters read from the address. */
  filters: GridFilters
  /** How many pages of 15 the answer holds (the address's `page`, for Load More without JavaScript). */
  pages: number
  /** Null when the listings could not be loaded (spec 02 §8: fetch failures are not shown). */
  result: FetchResponse | null
}
