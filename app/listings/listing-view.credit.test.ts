import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { atdwDataSchema } from '#lib/listings'
import { productToAtdwData } from '../../server/integrations/atdw/normalise'
import { applyProvider } from '../../listings/mapping'
import { pictureCredit, toListingView } from './listing-view.server'

/**
 * The provider's pictures keep the alt text, caption and credit the feed supplies (issue 36 point 3):
 * read from the Atlas record, stored with the listing, and shown under the picture on its page.
 */
const picture = (extra: Record<string, string>) => ({
  serverPath: 'https://assets.atdw-online.com.au/images/one.jpeg',
  attributeIdMultimediaContent: 'IMAGE',
  width: '1200',
  height: '675',
  altText: 'Vines at dusk',
  caption: '',
  photographer: '',
  copyright: '',
  sequenceNumber: '100',
  ...extra,
})

describe("the provider's picture credits", () => {
  it('are read from the Atlas record as its documentation shapes them (the sample product has the fields, empty)', () => {
    const sample = JSON.parse(
      fs.readFileSync(new URL('../../fakes/atdw/samples/atdw_product_detail_example.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>
    const images = productToAtdwData(sample).multimedia
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) expect(image).toMatchObject({ photographer: '', copyright: '' })

    const credited = productToAtdwData({
      ...sample,
      multimedia: [picture({ caption: 'Harvest in the Barossa', photographer: 'Jo Lee', copyright: '© SATC' })],
    })
    expect(credited.multimedia[0]).toMatchObject({
      altText: 'Vines at dusk',
      caption: 'Harvest in the Barossa',
      photographer: 'Jo Lee',
      copyright: '© SATC',
    })
  })

  it('are shown with the picture on the listing page: the caption unless it repeats the alt text, and one credit line', () => {
    const listing = applyProvider(
      null,
      {
        _id: 'p1',
        domainId: 'd1',
        listingType: 'product',
        parentId: null,
        atdw: atdwDataSchema.parse({
          productId: 'p1',
          productCategoryId: 'ATTRACTION',
          name: 'Credited Winery',
          multimedia: [
            { ...picture({ caption: 'Harvest in the Barossa', photographer: 'Jo Lee', copyright: '© SATC' }), width: 1200, height: 675 },
            {
              ...picture({ serverPath: 'https://assets.atdw-online.com.au/images/two.jpeg', caption: 'Vines at dusk' }),
              width: 1200,
              height: 675,
            },
          ],
        }),
      },
      '2026-11-01T00:00:00Z',
    )
    const [first, second] = toListingView(listing, {}, '2026-12-01').gallery
    expect(first).toMatchObject({ alt: 'Vines at dusk', caption: 'Harvest in the Barossa', credit: 'Jo Lee / © SATC' })
    expect(second!.caption).toBeUndefined()
    expect(second!.credit).toBeUndefined()
  })

  it('make one credit line of either or both', () => {
    expect(pictureCredit('Jo Lee', '')).toBe('Jo Lee')
    expect(pictureCredit('', 'Copyright SATC')).toBe('© SATC')
    expect(pictureCredit('', '(c) SATC')).toBe('© SATC')
    expect(pictureCredit(' ', ' ')).toBe('')
  })
})
