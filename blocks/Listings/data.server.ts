/**
 * The Listings block's server data: the first page of results for the filters in the address
 * (spec 02 §2.2), fetched through the listing service directly (no HTTP round trip), so the grid
 * works without JavaScript and a filtered address can be shared.
 */
import { fetchRequestSchema } from '#lib/listings'
import { fetchRequest, filtersFromSearch, PAGE_SIZE } from '../../listings/grid-filters'
import { defineBlockData } from '../define'
import type { ListingsBlockData } from './data'

export default defineBlockData('Listings', async ({ categoryFilter }, { context, url, domainId }): Promise<ListingsBlockData> => {
  const { filters, page } = filtersFromSearch(url.searchParams)
  // A page with a grid shows listings: a listing change drops it from the page cache.
  context.dependencies?.listings()
  // The address's `page` (Load More without JavaScript) asks for that many pages at once.
  const query = fetchRequestSchema.safeParse(fetchRequest(filters, categoryFilter, 1, PAGE_SIZE * page, context.locale))
  if (!query.success) return { filters, pages: 1, result: null }
  try {
    return { filters, pages: page, result: await context.services.listings.fetch(domainId, query.data) }
  } catch (error) {
    // Spec 02 §8: grid fetch failures are not shown; the grid renders empty and may load in the
    // browser. The team still hears of it (logged at level error; Sentry when SENTRY_DSN is set).
    context.reportError(error, new Request(url))
    return { filters, pages: page, result: null }
  }
})
