import { describe, expect, it } from 'vitest'
import { linkHref, opensNewTab } from './SmartLink'

describe('linkHref', () => {
  it('keeps page links from the site root', () => {
    expect(linkHref({ href: '/about', type: 'page' })).toBe('/about')
    expect(linkHref({ href: 'about', type: 'page' })).toBe('/about')
    expect(linkHref({ href: 'https://x.example', type: 'page' })).toBe('https://x.example')
  })
  it('turns anchors into same-page fragments', () => {
    expect(linkHref({ href: 'cycling', type: 'anchor' })).toBe('#cycling')
    expect(linkHref({ href: '#cycling', type: 'anchor' })).toBe('#cycling')
  })
  it('prefixes files with the file base address', () => {
    expect(linkHref({ href: 'map.pdf', type: 'file' })).toBe('/files/map.pdf')
    expect(linkHref({ href: 'https://cdn.example/map.pdf', type: 'file' })).toBe('https://cdn.example/map.pdf')
  })
  it('opens files and external links in a new tab', () => {
    expect(opensNewTab({ href: 'x', type: 'file' })).toBe(true)
    expect(opensNewTab({ href: 'x', type: 'external' })).toBe(true)
    expect(opensNewTab({ href: 'x', type: 'page' })).toBe(false)
  })
})
