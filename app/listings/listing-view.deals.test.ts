import { describe, expect, it } from 'vitest'
import { atdwDataSchema } from '#lib/listings'
import { applyProvider } from '../../listings/mapping'
import { toListingView } from './listing-view.server'

/** A listing page's deals and accessibility (issue 35 points 4 and 5), as the page view carries them. */
const listing = (extra: Record<string, unknown>) =>
  applyProvider(
    null,
    {
      _id: 'p1',
      domainId: 'd1',
      listingType: 'product',
      parentId: null,
      atdw: atdwDataSchema.parse({ productId: 'p1', productCategoryId: 'ATTRACTION', name: 'Deal Winery', ...extra }),
    },
    '2026-11-01T00:00:00Z',
  )

const deal = {
  dealId: 'd-1',
  name: 'Midweek saver',
  description: 'Second tasting half price from Monday to Thursday.',
  price: 25,
  startDate: '2026-11-01',
  endDate: '2026-12-15',
  terms: 'Subject to availability.',
}

describe('deals and accessibility on a listing page', () => {
  it('shows a deal through its last day and not the day after (it expires)', () => {
    const l = listing({ deals: [deal] })
    expect(toListingView(l, {}, '2026-12-15').deals).toEqual([
      expect.objectContaining({ dealId: 'd-1', name: 'Midweek saver', price: '$25', ends: '15 Dec 2026' }),
    ])
    expect(toListingView(l, {}, '2026-12-16').deals).toEqual([])
    // Not yet in market.
    expect(toListingView(l, {}, '2026-10-31').deals).toEqual([])
  })

  it("carries the provider's accessibility attributes, or none (the page then says none were supplied)", () => {
    const attrs = [{ type: 'ACCESSIBILITY', id: 'DISASSIST', description: 'Actively welcomes people with access needs.' }]
    expect(toListingView(listing({ accessibility: attrs }), {}, '2026-12-01').accessibility).toEqual([
      { id: 'DISASSIST', description: 'Actively welcomes people with access needs.' },
    ])
    expect(toListingView(listing({}), {}, '2026-12-01').accessibility).toEqual([])
  })
})
