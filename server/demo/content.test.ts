import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FooterDoc, NavDoc, PageDoc } from '#lib/content'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { DEMO_ANALYTICS_ID, DEMO_CONCIERGE_EMAIL } from './content.ts'

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

describe('the complete demo (issue 19 point 4)', () => {
  it('has a story of three published chapter pages, each linked from the navigation', async () => {
    const stories = (await (await anonymous.get('/api/chapters/loadStories')).json()) as { _id: string; title: string }[]
    const story = stories.find((s) => s.title === 'The Barossa Story')
    expect(story).toBeDefined()
    const full = (await (await anonymous.get(`/api/chapters/loadStory?storyId=${story!._id}`)).json()) as {
      chapters: { slug: string; title: string; published: boolean }[]
    }
    expect(full.chapters.map((c) => c.title)).toEqual(['The first vines', 'Old vines, new hands', 'A table for everyone'])
    expect(full.chapters.every((c) => c.published && c.slug.startsWith('chapters/barossa-story/'))).toBe(true)
    const nav = (await (await anonymous.get('/api/site/loadNav')).json()) as NavDoc
    const hrefs = nav.items.flatMap((i) => [i.href, ...i.groups.flatMap((g) => g.links.map((l) => l.href))])
    for (const chapter of full.chapters) expect(hrefs).toContain(`/${chapter.slug}`)
    for (const chapter of full.chapters) {
      const page = await anonymous.get(`/api/page/load?slug=${encodeURIComponent(chapter.slug)}&collection=chapters`)
      expect(page.status).toBe(200)
    }
  })

  it('has the enquiry form on Plan your visit, sending to the concierge address (the outbox)', async () => {
    const plan = (await (await anonymous.get('/api/page/load?slug=plan-your-visit')).json()) as PageDoc
    expect(plan.header.title).toBe('Plan your visit')
    expect(plan.contents.map((b) => b.componentType)).toContain('ConciergeForm')
    expect(await t.services.enquiries.loadSettings('barossa')).toEqual({ email: DEMO_CONCIERGE_EMAIL, ccs: [''] })
    const before = await t.services.mailer.recent(50)
    const sent = await t.services.enquiries.submit(
      'barossa',
      {
        data: {
          firstName: 'Demo',
          surname: 'Visitor',
          email: 'demo.visitor@example.com',
          phone: '0400 000 000',
          preferredContact: 'Email',
          numOfPeople: 2,
        },
      },
      { ip: '192.0.2.7' },
    )
    expect(sent.id).toBeTruthy()
    const after = await t.services.mailer.recent(50)
    expect(after.length).toBe(before.length + 1)
    expect(after.find((m) => m.subject.includes('Demo Visitor'))?.to).toBe(DEMO_CONCIERGE_EMAIL)
  })

  it('sets a demo analytics id, so visitors are asked for consent', async () => {
    const settings = (await (await anonymous.get('/api/siteSettings/loadSiteSettings')).json()) as { analyticsId?: string }
    expect(settings.analyticsId).toBe(DEMO_ANALYTICS_ID)
  })
})
