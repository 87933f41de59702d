/**
 * Listings with known provider data, as the sync makes them, for tests of what visitors find
 * (filters, calendars, trips): parsed by the provider schema, mapped by the sync's own mapping.
 */
import { atdwDataSchema, type AtdwData } from '#lib/listings'
import { applyProvider } from '../../listings/mapping.ts'
import { SYSTEM } from '../../server/services/access.ts'
import type { TestApp } from './app.ts'

/** Publishes a provider product (an attraction unless `extra` says otherwise) on the domain. */
export async function publishProviderListing(t: TestApp, domainId: string, id: string, name: string, extra: Partial<AtdwData> = {}) {
  const atdw = atdwDataSchema.parse({ productId: id, productCategoryId: 'ATTRACTION', name, ...extra })
  const listing = applyProvider(null, { _id: id, domainId, listingType: 'product', parentId: null, atdw }, new Date().toISOString())
  await t.services.listings.setPublished(domainId, listing, true, SYSTEM)
  return listing
}
