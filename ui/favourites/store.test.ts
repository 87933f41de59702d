import { describe, expect, it } from 'vitest'
import { enquiryLines, isSitePath, shareUrl, type Favourite } from './store'

const list: Favourite[] = [
  { kind: 'listing', path: '/listing/barrel-spa', title: 'Barrel Spa Retreat' },
  { kind: 'page', path: '/about', title: 'About the Barossa' },
]

describe("the visitor's list", () => {
  it('takes only paths on this site', () => {
    for (const good of ['/', '/about', '/listing/barrel-spa', '/things-to-do/walks']) expect(isSitePath(good)).toBe(true)
    for (const bad of ['about', '//evil.example', 'https://evil.example/', '/a b', '/a?b=1', '/a#b', '/\\evil', `/${'a'.repeat(301)}`, 42])
      expect(isSitePath(bad)).toBe(false)
  })

  it('shares the list as one item parameter per path, and writes the enquiry lines with full addresses', () => {
    const url = new URL(shareUrl('https://barossa.example', list))
    expect(url.pathname).toBe('/favourites')
    expect(url.searchParams.getAll('item')).toEqual(['/listing/barrel-spa', '/about'])
    expect(enquiryLines('https://barossa.example', list)).toEqual([
      '- Barrel Spa Retreat: https://barossa.example/listing/barrel-spa',
      '- About the Barossa: https://barossa.example/about',
    ])
  })
})
