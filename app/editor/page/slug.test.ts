import { describe, expect, test } from 'vitest'
import { pathOfSlug, suggestSlug } from './slug.ts'

describe('suggestSlug', () => {
  test("follows the shared slug rules and keeps only words joined by '-'", () => {
    expect(suggestSlug('Cellar Doors')).toBe('cellar-doors')
    expect(suggestSlug("Barossa's Best Wines!")).toBe('barossas-best-wines')
    expect(suggestSlug('Food & Wine / Tours')).toBe('food-wine-tours')
    expect(suggestSlug('  --Hello   World--  ')).toBe('hello-world')
    expect(suggestSlug('Café Öl 2026')).toBe('café-öl-2026')
    expect(suggestSlug('')).toBe('')
  })

  test('the address of a slug', () => {
    expect(pathOfSlug('stay')).toBe('/stay')
    expect(pathOfSlug('')).toBe('/')
    expect(pathOfSlug('/Listing//Hotel')).toBe('/listing/hotel')
  })
})
