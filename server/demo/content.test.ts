import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FooterDoc, PageDoc } from '#lib/content'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * The seeded demo as a visitor gets it: the booking page with the provider's three gadget blocks
 * (spec 02 §2.8: BookEasySearch, BookEasy, GiftCard), listed in the sitemap and reached from the
 * footer and the Eat and Drink page.
 */
let t: TestApp
let anonymous: Caller

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  anonymous = visitor(t)
}, 120_000)
afterAll(() => t?.close())

describe('the demo booking page', () => {
  it('is published with a search, a booking gadget and gift cards', async () => {
    const res = await anonymous.get('/api/page/load?slug=book-online')
    expect(res.status).toBe(200)
    const page = (await res.json()) as PageDoc
    expect(page.header.title).toBe('Book online')
    const blocks = page.contents.map((b) => b.componentType)
    expect(blocks).toEqual(expect.arrayContaining(['BookEasySearch', 'BookEasy', 'GiftCard']))
    // The gift cards have an anchor of their own, which the footer links to.
    expect(page.contents).toContainEqual(expect.objectContaining({ componentType: 'Anchor', id: 'gift-cards' }))
    const sitemap = await (await anonymous.get('/sitemap.xml')).text()
    expect(sitemap).toMatch(/<loc>[^<]*\/book-online<\/loc>/)
  })

  it('is linked from the footer and the Eat and Drink page', async () => {
    const footer = (await (await anonymous.get('/api/site/loadFooter')).json()) as FooterDoc
    const hrefs = footer.linkGroups.flatMap((g) => g.links.map((l) => l.href))
    expect(hrefs).toEqual(expect.arrayContaining(['/book-online', '/book-online#gift-cards']))
    const eat = (await (await anonymous.get('/api/page/load?slug=eat-and-drink')).json()) as PageDoc
    expect(JSON.stringify(eat.contents)).toContain('"href":"/book-online"')
  })
})
