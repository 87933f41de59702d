/**
 * Server data for the blocks that need it, added before a page renders (content-page.server.ts).
 * Today that is the Listings block: its first page of results for the filters in the address
 * (spec 02 §2.2), fetched through the listing service directly (no HTTP round trip), so the grid
 * works without JavaScript and a filtered address can be shared.
 */
import type { AppLoadContext } from 'react-router'
import { fetchRequestSchema } from '#lib/listings'
import { fetchRequest, filtersFromSearch, PAGE_SIZE } from '../listings/grid-filters'
import type { ListingsBlockData } from './Listings/data'
import type { AnyBlock } from './schemas'

interface BlockDataContext {
  context: AppLoadContext
  url: URL
  domainId: string
}

async function listingsData(categoryFilter: string, { context, url, domainId }: BlockDataContext): Promise<ListingsBlockData> {
  const { filters, page } = filtersFromSearch(url.searchParams)
  // A page with a grid shows listings: a listing change drops it from the page cache.
  context.dependencies?.listings()
  // The address's `page` (Load More without JavaScript) asks for that many pages at once.
  const query = fetchRequestSchema.safeParse(fetchRequest(filters, categoryFilter, 1, PAGE_SIZE * page))
  if (!query.success) return { filters, pages: 1, result: null }
  try {
    return { filters, pages: page, result: await context.services.listings.fetch(domainId, query.data) }
  } catch (error) {
    // Spec 02 §8: grid fetch failures are not shown; the grid renders empty and may load in the
    // browser. The team still hears of it (logged at level error; Sentry when SENTRY_DSN is set).
    context.reportError(error, new Request(url))
    return { filters, pages: page, result: null }
  }
}

/** Returns the contents with each data-needing block's server data attached (nested lists too). */
export async function loadBlockData(contents: AnyBlock[], ctx: BlockDataContext): Promise<AnyBlock[]> {
  return Promise.all(contents.map((block) => withData(block, ctx)))
}

async function withData<B extends { componentType: string }>(block: B, ctx: BlockDataContext): Promise<B> {
  if (block.componentType === 'Listings') {
    const { categoryFilter } = block as unknown as { categoryFilter: string }
    return { ...block, initialData: await listingsData(categoryFilter, ctx) }
  }
  // Nested block lists (SplitContent sides...): any array of blocks among the props.
  let changed: Record<string, unknown> | null = null
  for (const [key, value] of Object.entries(block)) {
    if (Array.isArray(value) && value.some(isBlock)) {
      changed ??= { ...block }
      changed[key] = await Promise.all(value.map((item) => (isBlock(item) ? withData(item, ctx) : item)))
    }
  }
  return (changed as B | null) ?? block
}

function isBlock(value: unknown): value is { componentType: string } {
  return typeof value === 'object' && value !== null && typeof (value as { componentType?: unknown }).componentType === 'string'
}
