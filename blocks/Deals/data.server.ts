/**
 * The Deals block's server data: the provider's deals of the listings in the block's category
 * that are in their in-market period today (the region's day), soonest ending first. Listings with
 * deals carry the HAS_DEAL tag (listings/mapping.ts), so the grid's query finds them; a deal past
 * its end date is left out here even before the next sync removes it.
 */
import { dealIsCurrent, fetchRequestSchema } from '#lib/listings'
import { formatDate } from '../../listings/format'
import { regionalDay } from '../../listings/opening-hours'
import { HAS_DEAL_TAG } from '../../listings/accessibility'
import { defineBlockData } from '../define'
import type { DealCard, DealsBlockData } from './data'

/** Listings read for their deals at most (a deal block shows a handful). */
const MAX_LISTINGS = 40

export default defineBlockData('Deals', async ({ categoryFilter, limit }, { context, domainId }): Promise<DealsBlockData> => {
  // A page with deals shows listings: a listing change drops it from the page cache.
  context.dependencies?.listings()
  const today = regionalDay(new Date())
  const query = fetchRequestSchema.parse({
    ...(categoryFilter && categoryFilter !== 'none' ? { categoryFilterId: categoryFilter } : {}),
    hideTours: false,
    checkedCategories: [HAS_DEAL_TAG],
    limit: MAX_LISTINGS,
    ...(context.locale ? { locale: context.locale } : {}),
  })
  try {
    const { listings } = await context.services.listings.fetch(domainId, query)
    const full = await Promise.all(listings.map((card) => context.services.listings.findById(domainId, card._id)))
    const deals: (DealCard & { endDate: string })[] = []
    full.forEach((listing, i) => {
      if (!listing) return
      for (const deal of listing.atdw?.deals ?? []) {
        if (!dealIsCurrent(deal, today)) continue
        deals.push({
          dealId: deal.dealId,
          name: deal.name,
          description: deal.description,
          price: deal.price !== null ? `$${deal.price}` : deal.priceComment,
          ends: formatDate(deal.endDate, context.locale),
          endDate: deal.endDate,
          listing: { name: listings[i]!.name, slug: listing.slug },
        })
      }
    })
    deals.sort((a, b) => a.endDate.localeCompare(b.endDate) || a.name.localeCompare(b.name))
    return { deals: deals.slice(0, limit).map(({ endDate: _endDate, ...card }) => card) }
  } catch (error) {
    context.reportError(error, new Request('http://localhost/'))
    return { deals: [] }
  }
})
