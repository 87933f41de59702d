import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FooterDoc, NavDoc, PageDoc } from '#lib/content'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { translatePage } from '#blocks/translatable'
import { SYSTEM } from '../services/access.ts'
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

describe('the Barossa in German and Simplified Chinese (issue 33 point 7)', () => {
  /** The home page, navigation and footer as a visitor in the language reads them (decision 025). */
  async function homeIn(locale: 'de' | 'zh-Hans') {
    const page = await t.services.pages.loadPublished('barossa', 'pages', '')
    const translated = translatePage(page!, await t.services.translations.published('page', page!._id, locale))
    const docs = await t.services.translations.siteDocumentsIn('barossa', locale, 'published', {
      nav: (await t.services.siteDocuments.load('nav', 'barossa', 'published')).doc,
      footer: (await t.services.siteDocuments.load('footer', 'barossa', 'published')).doc,
      siteSettings: (await t.services.siteDocuments.load('siteSettings', 'barossa', 'published')).doc,
    })
    return { page: translated, ...docs }
  }
  const intro = (page: PageDoc) => page.contents.find((b) => b._key === 'home-intro') as { title?: string } | undefined

  it('publishes the home page, navigation and footer in German', async () => {
    const { page, nav, footer } = await homeIn('de')
    expect(page.header).toMatchObject({ title: 'Barossa', flagText: 'Südaustralien' })
    expect(intro(page)?.title).toBe('Ein Tal, das sich Zeit lässt')
    expect(nav.items.map((i) => i.text)).toEqual(['Erleben', 'Events', 'Übernachten', 'Genuss', 'Reiseplanung', 'Über uns'])
    expect(footer.linkGroups.map((g) => g.title)).toEqual(['Entdecken', 'Planen', 'Das Barossa'])
  })

  it('publishes them in Simplified Chinese', async () => {
    const { page, nav, footer } = await homeIn('zh-Hans')
    expect(page.header).toMatchObject({ title: '巴罗莎', flagText: '南澳大利亚州' })
    expect(intro(page)?.title).toBe('一座慢下来的山谷')
    expect(nav.items.map((i) => i.text)).toEqual(['玩乐体验', '活动日历', '住宿', '美食美酒', '规划行程', '关于'])
    expect(footer.copy).toBe('© 巴罗莎游客中心。演示内容。')
  })

  it('translates the About page (its header, its story, the Chapters block) and the chapter pages', async () => {
    const about = await t.services.pages.loadPublished('barossa', 'pages', 'about')
    const german = translatePage(about!, await t.services.translations.published('page', about!._id, 'de'))
    expect(german.header.title).toBe('Über das Barossa')
    expect(JSON.stringify(german.contents)).toContain('Alte Reben, junge Ideen')
    const chinese = translatePage(about!, await t.services.translations.published('page', about!._id, 'zh-Hans'))
    expect(chinese.header.title).toBe('了解巴罗莎')
    expect(JSON.stringify(chinese.contents)).toContain('人人有座的餐桌')
    const chapter = await t.services.pages.loadPublished('barossa', 'chapters', 'chapters/barossa-story/the-first-vines')
    const germanChapter = translatePage(chapter!, await t.services.translations.published('page', chapter!._id, 'de'))
    expect(germanChapter.header.title).toBe('Die ersten Reben')
    expect(germanChapter.contents.find((b) => b._key === 'the-first-vines-3')).toMatchObject({
      quotee: 'Ein Winzer in sechster Generation aus Light Pass',
    })
  })

  it('translates Plan your visit, where the enquiry form is', async () => {
    const plan = await t.services.pages.loadPublished('barossa', 'pages', 'plan-your-visit')
    const german = translatePage(plan!, await t.services.translations.published('page', plan!._id, 'de'))
    expect(german.contents.find((b) => b._key === 'plan-1')).toMatchObject({ title: 'Anreise' })
    const chinese = translatePage(plan!, await t.services.translations.published('page', plan!._id, 'zh-Hans'))
    expect(chinese.contents.find((b) => b._key === 'plan-1')).toMatchObject({ title: '如何到达' })
  })

  it('translates the What’s On page’s header', async () => {
    const whatsOn = await t.services.pages.loadPublished('barossa', 'pages', 'whats-on')
    const german = translatePage(whatsOn!, await t.services.translations.published('page', whatsOn!._id, 'de'))
    expect(german.header.title).toBe('Veranstaltungen')
    const chinese = translatePage(whatsOn!, await t.services.translations.published('page', whatsOn!._id, 'zh-Hans'))
    expect(chinese.header.title).toBe('活动日历')
  })

  it('records the publish as an editor’s would be: a version per language', async () => {
    const home = await t.services.pages.loadPublished('barossa', 'pages', '')
    for (const locale of ['de', 'zh-Hans']) {
      const versions = await t.services.translations.versions('page', home!._id, locale, SYSTEM)
      expect(versions.map((v) => v.action)).toEqual(['publish', 'save'])
    }
  })

  it('leaves English, and Eden Valley, as they were', async () => {
    const home = (await (await anonymous.get('/api/page/load?slug=')).json()) as PageDoc
    expect(home.header.flagText).toBe('South Australia')
    expect(intro(home)?.title).toBe('A valley that takes its time')
    const nav = (await (await anonymous.get('/api/site/loadNav')).json()) as NavDoc
    expect(nav.items[0]?.text).toBe('Things to do')
    expect((await t.services.translations.languagesOf('eden-valley')).others).toEqual([])
  })
})
