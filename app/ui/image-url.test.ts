import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageUrl } from './image-url'

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
})
