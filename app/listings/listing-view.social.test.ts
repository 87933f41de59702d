import { describe, expect, it } from 'vitest'
import { atdwDataSchema } from '#lib/listings'
import { applyProvider } from '../../listings/mapping'
import { toListingView } from './listing-view.server'

/** A listing's social pages from the provider (issue 37: shown on its page, a click a 'social' referral). */
const listing = (externalSystems: { externalSystemCode: string; externalSystemText: string }[]) =>
  applyProvider(
    null,
    {
      _id: 'p1',
      domainId: 'd1',
      listingType: 'product',
      parentId: null,
      atdw: atdwDataSchema.parse({ productId: 'p1', productCategoryId: 'ATTRACTION', name: 'Social Winery', externalSystems }),
    },
    '2026-11-01T00:00:00Z',
  )

describe("a listing page's social links", () => {
  it("carries the provider's Facebook, Instagram and Twitter pages in that order", () => {
    const l = listing([
      { externalSystemCode: 'TWITTER', externalSystemText: 'https://twitter.com/socialwinery' },
      { externalSystemCode: 'FACEBOOK', externalSystemText: 'https://www.facebook.com/socialwinery' },
      { externalSystemCode: 'INSTAGRAM', externalSystemText: 'https://www.instagram.com/socialwinery/' },
      { externalSystemCode: 'BOOKEASY', externalSystemText: '1234' },
    ])
    expect(toListingView(l, {}, '2026-12-01').social).toEqual([
      { network: 'facebook', href: 'https://www.facebook.com/socialwinery' },
      { network: 'instagram', href: 'https://www.instagram.com/socialwinery/' },
      { network: 'twitter', href: 'https://twitter.com/socialwinery' },
    ])
  })

  it('leaves out empty fields and anything that is not a web address (a javascript: link never reaches the page)', () => {
    const l = listing([
      { externalSystemCode: 'FACEBOOK', externalSystemText: 'javascript:alert(1)' },
      { externalSystemCode: 'INSTAGRAM', externalSystemText: 'not a link' },
    ])
    expect(toListingView(l, {}, '2026-12-01').social).toEqual([])
    expect(toListingView(listing([]), {}, '2026-12-01').social).toEqual([])
  })
})
