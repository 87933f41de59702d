/**
 * Listings with known provider data, as the sync makes them, for tests of what visitors find
 * (filters, calendars, trips): parsed by the provider schema, mapped by the sync's own mapping.
 */
import type { z } from 'zod'
import { atdwDataSchema, type Listing } from '#lib/listings'
import { applyProvider } from '../../listings/mapping.ts'
import { SYSTEM } from '../../server/services/access.ts'
import type { TestApp } from './app.ts'

/** Provider data as a test gives it: what it leaves out takes the provider schema's defaults. */
export type ProviderFields = Partial<z.input<typeof atdwDataSchema>>

/** A provider product (an attraction unless `extra` says otherwise) as the sync maps it, not stored yet. */
export function providerListing(domainId: string, id: string, name: string, extra: ProviderFields = {}): Listing {
  const atdw = atdwDataSchema.parse({ productId: id, productCategoryId: 'ATTRACTION', name, ...extra })
  return applyProvider(null, { _id: id, domainId, listingType: 'product', parentId: null, atdw }, new Date().toISOString())
}

/** Stores a provider product (providerListing) on the domain, published unless `published` is false; answers it as stored. */
export async function publishProviderListing(
  t: TestApp,
  domainId: string,
  id: string,
  name: string,
  extra: ProviderFields = {},
  options: { published?: boolean } = {},
): Promise<Listing> {
  return t.services.listings.setPublished(domainId, providerListing(domainId, id, name, extra), options.published ?? true, SYSTEM)
}
