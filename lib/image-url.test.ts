import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageUrl, imageWidthSrcSet, listingPhotoKey, listingPhotoSrcSet, listingPhotoUrl } from './image-url'

describe('imageUrl', () => {
  it('builds the address with width and height', () => {
    expect(imageUrl('abc', { w: 1080, h: 600 })).toBe('/img/abc?w=1080&h=600')
  })

  it("leaves 'auto' dimensions out of the address", () => {
    expect(imageUrl('abc', { w: 'auto', h: 600 })).toBe('/img/abc?h=600')
    expect(imageUrl('abc', { w: 'auto', h: 'auto' })).toBe('/img/abc')
  })

  it('maps a crop to cx, cy, cw, ch', () => {
    expect(imageUrl('abc', { w: 450, h: 250, crop: { x: 10.4, y: 20, width: 900, height: 500 } })).toBe(
      '/img/abc?w=450&h=250&cx=10&cy=20&cw=900&ch=500',
    )
  })

  it('ignores an empty crop', () => {
    expect(imageUrl('abc', { w: 100, crop: { x: 0, y: 0, width: 0, height: 0 } })).toBe('/img/abc?w=100')
  })

  it('adds scale, format and quality', () => {
    expect(imageUrl('abc', { w: 100, s: 2, f: 'webp', q: 80 })).toBe('/img/abc?w=100&s=2&f=webp&q=80')
    expect(imageUrl('abc', { w: 100, s: 1 })).toBe('/img/abc?w=100')
  })

  it('escapes the image id', () => {
    expect(imageUrl('a b/c')).toBe('/img/a%20b%2Fc')
  })

  it('gives 1x and 2x candidates', () => {
    expect(imageSrcSet('abc', { w: 333, h: 500 })).toBe('/img/abc?w=333&h=500 1x, /img/abc?w=333&h=500&s=2 2x')
  })

  it('sends a focal point as fx, fy only without a crop and away from the centre', () => {
    expect(imageUrl('abc', { w: 450, h: 250, focal: { x: 0.25, y: 0.8 } })).toBe('/img/abc?w=450&h=250&fx=0.25&fy=0.8')
    expect(imageUrl('abc', { w: 450, h: 250, focal: { x: 0.5, y: 0.5 } })).toBe('/img/abc?w=450&h=250')
    expect(imageUrl('abc', { w: 450, h: 250, crop: { x: 1, y: 2, width: 30, height: 40 }, focal: { x: 0.1, y: 0.1 } })).toBe(
      '/img/abc?w=450&h=250&cx=1&cy=2&cw=30&ch=40',
    )
  })

  it('gives width candidates of the same aspect for a fluid image', () => {
    expect(imageWidthSrcSet('abc', { w: 1080, h: 600 })).toBe(
      [
        '/img/abc?w=270&h=150 270w',
        '/img/abc?w=540&h=300 540w',
        '/img/abc?w=810&h=450 810w',
        '/img/abc?w=1080&h=600 1080w',
        '/img/abc?w=1620&h=900 1620w',
        '/img/abc?w=2160&h=1200 2160w',
      ].join(', '),
    )
    // Tiny steps are left out, the nominal width never.
    expect(imageWidthSrcSet('abc', { w: 300, h: 300 })).toBe(
      '/img/abc?w=225&h=225 225w, /img/abc?w=300&h=300 300w, /img/abc?w=450&h=450 450w, /img/abc?w=600&h=600 600w',
    )
  })
})

describe('listingPhotoUrl', () => {
  it('names a provider photo by listing and a key of its address, with the same transform query', () => {
    const key = listingPhotoKey('https://assets.atdw-online.com.au/images/a.jpeg')
    expect(key).toMatch(/^[0-9a-z]{1,16}$/)
    expect(listingPhotoUrl('p 1', 'https://assets.atdw-online.com.au/images/a.jpeg', { w: 700, h: 700, s: 2 })).toBe(
      `/img/listing/p%201/${key}?w=700&h=700&s=2`,
    )
  })

  it('changes the key when the address changes, so the answer can be cached for ever', () => {
    expect(listingPhotoKey('/atdw-demo/images/lookout/7.jpeg')).not.toBe(listingPhotoKey('/atdw-demo/images/lookout/8.jpeg'))
    expect(listingPhotoKey('x')).toBe(listingPhotoKey('x'))
  })

  it('offers several widths of the box for a fluid photo', () => {
    const set = listingPhotoSrcSet('p', 'u', { w: 700, h: 700 })
    expect(set.split(', ').map((c) => c.split(' ')[1])).toEqual(['175w', '350w', '525w', '700w', '1050w', '1400w'])
    expect(set).toContain(`/img/listing/p/${listingPhotoKey('u')}?w=350&h=350 350w`)
  })
})
