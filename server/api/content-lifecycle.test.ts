import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/** The content lifecycle as editors and visitors meet it, through the API. */
let t: TestApp
let ann: Caller
let ben: Caller
let anon: Caller

const json = async <T = Record<string, any>>(res: Response | Promise<Response>): Promise<T> => (await res).json() as Promise<T> // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads arbitrary JSON

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  await t.services.domains.upsert({ _id: 'second', name: 'Second', hostnames: ['second.example'], published: true })
  ann = await signIn(t, { username: 'ann', password: 'ann-password' })
  ben = await signIn(t, { username: 'ben', password: 'ben-password' })
  anon = visitor(t)
})
afterAll(() => t?.close())

describe('pages from templates', () => {
  it.each(['home', 'CampaignHome', 'generic', 'genericColour', 'genericImage', 'premium', 'empty'])(
    'creates a %s page with its header shape',
    async (template) => {
      const res = await ann.post('/api/page/save', { page: { slug: `tpl-${template}`, template, header: { title: `A ${template} page` } } })
      expect(res.status).toBe(200)
      const page = await json(res)
      expect(page).toMatchObject({
        template,
        slug: `tpl-${template.toLowerCase()}`,
        published: false,
        version: 1,
        header: { title: `A ${template} page` },
        contents: [],
      })
      if (template === 'generic')
        expect(page).toMatchObject({ showBreadcrumb: true, backgroundColour: 'backgroundLightYellow', headerType: 'HeaderThree' })
      if (template === 'home') expect(page.header).toHaveProperty('headerLinks')
    },
  )

  it('refuses an unknown page type with the spec text', async () => {
    const res = await ann.post('/api/page/save', { page: { slug: 'odd', template: 'generic', pageType: 'mystery' } })
    expect(res.status).toBe(404)
    expect((await json(res)).error.message).toBe('whppt:error Page not found.')
  })

  it('refuses invalid blocks with the field paths, storing nothing', async () => {
    const res = await ann.post('/api/page/save', {
      page: {
        slug: 'bad-blocks',
        template: 'generic',
        contents: [{ componentType: 'SectionHeading', title: 42 }, { componentType: 'Nope' }],
      },
    })
    expect(res.status).toBe(400)
    const paths = (await json(res)).error.details.map((d: { path: string }) => d.path)
    expect(paths).toEqual(expect.arrayContaining(['contents.0.title', 'contents.1.componentType']))
    expect(await json(ann.get('/api/page/checkSlug?slug=bad-blocks'))).toBeNull()
  })
})

describe('draft and publish', () => {
  it('shows a visitor a page only once published, and never a later draft until republished', async () => {
    const created = await json(
      ann.post('/api/page/save', {
        page: {
          slug: 'harvest',
          template: 'generic',
          header: { title: 'Harvest' },
          contents: [{ componentType: 'SectionHeading', title: 'Vintage time' }],
        },
      }),
    )
    expect((await anon.get('/api/page/load?slug=harvest')).status).toBe(404)
    // The editor sees the draft.
    expect((await json(ann.get('/api/page/load?slug=harvest'))).header.title).toBe('Harvest')

    const published = await json(ann.post('/api/page/publishPage', { page: created }))
    expect(published).toMatchObject({ published: true, lastPublished: expect.any(String) })
    expect((await json(anon.get('/api/page/load?slug=harvest'))).header.title).toBe('Harvest')

    await ann.post('/api/page/save', { page: { ...published, header: { title: 'Harvest (draft edit)' } } })
    expect((await json(anon.get('/api/page/load?slug=harvest'))).header.title).toBe('Harvest')
    const draft = await json(ann.get('/api/page/load?slug=harvest'))
    expect(draft.header.title).toBe('Harvest (draft edit)')
    expect(Date.parse(draft.lastPublished)).toBeLessThan(Date.parse(draft.updatedAt))

    await ann.post('/api/page/publishPage', { page: draft })
    expect((await json(anon.get('/api/page/load?slug=harvest'))).header.title).toBe('Harvest (draft edit)')
  })

  it('unpublish makes the page 404 for visitors; delete is refused until then', async () => {
    const page = await json(
      ann.post('/api/page/publishPage', { page: { slug: 'short-lived', template: 'generic', header: { title: 'Short lived' } } }),
    )
    const refused = await ann.post('/api/page/delete', { _id: page._id })
    expect(refused.status).toBe(409)
    expect((await json(refused)).error.message).toBe('This page is published. Unpublish it before deleting it.')
    expect((await ann.post('/api/page/unpublishPage', { _id: page._id })).status).toBe(200)
    expect((await anon.get('/api/page/load?slug=short-lived')).status).toBe(404)
    expect((await ann.post('/api/page/delete', { _id: page._id })).status).toBe(200)
    expect((await ann.get('/api/page/load?slug=short-lived')).status).toBe(404)
  })

  it('keeps pages per domain', async () => {
    const page = await json(
      ann.post('/api/page/publishPage', { page: { slug: 'only-main', template: 'generic', header: { title: 'Main only' } } }),
    )
    expect(page.domainId).toBe('main')
    expect((await visitor(t, 'second.example').get('/api/page/load?slug=only-main')).status).toBe(404)
    expect((await anon.get('/api/page/load?slug=only-main')).status).toBe(200)
  })
})

describe('no lost updates', () => {
  it('gives the second of two editors a 409 naming who saved and when; nothing is lost', async () => {
    const base = await json(ann.post('/api/page/save', { page: { slug: 'shared-page', template: 'generic', header: { title: 'Start' } } }))
    const first = await ann.post('/api/page/save', { page: { ...base, header: { title: "Ann's words" } } })
    expect(first.status).toBe(200)
    const second = await ben.post('/api/page/save', { page: { ...base, header: { title: "Ben's words" } } })
    expect(second.status).toBe(409)
    const error = (await json(second)).error
    expect(error.message).toMatch(/^This page was saved by ann at \d\d\/\d\d\/\d{4} \d\d:\d\d after/)
    expect(error.details).toMatchObject({ updatedBy: 'ann', currentVersion: 2 })
    expect((await json(ann.get('/api/page/load?slug=shared-page'))).header.title).toBe("Ann's words")
    // Ben chooses to overwrite knowingly.
    const forced = await ben.post('/api/page/save', { page: { ...base, header: { title: "Ben's words" } }, force: true })
    expect(forced.status).toBe(200)
    expect((await json(ann.get('/api/page/load?slug=shared-page'))).header.title).toBe("Ben's words")
  })
})

describe('version history', () => {
  it('lists saves and publishes with who and when, and restores an older one as the draft', async () => {
    const v1 = await json(ann.post('/api/page/save', { page: { slug: 'history', template: 'generic', header: { title: 'First words' } } }))
    const v2 = await json(ben.post('/api/page/publishPage', { page: { ...v1, header: { title: 'Second words' } } }))
    const versions = await json<{ id: number; action: string; username: string; createdAt: string; version: number }[]>(
      ann.get(`/api/page/versions?id=${v2._id}`),
    )
    expect(versions.map((v) => [v.action, v.username])).toEqual([
      ['publish', 'ben'],
      ['save', 'ben'],
      ['save', 'ann'],
    ])
    const oldest = versions[versions.length - 1]!
    const restored = await json(ann.post('/api/page/restoreVersion', { id: v2._id, versionId: oldest.id }))
    expect(restored.header.title).toBe('First words')
    // Restoring changes the draft only: visitors still see what was published.
    expect((await json(anon.get('/api/page/load?slug=history'))).header.title).toBe('Second words')
  })
})

describe('checkSlug', () => {
  it('answers the id holding a slug, null when free, excluding the page itself, per domain', async () => {
    const page = await json(ann.post('/api/page/save', { page: { slug: 'taken', template: 'generic' } }))
    expect(await json(ann.get('/api/page/checkSlug?slug=Taken'))).toBe(page._id)
    expect(await json(ann.get(`/api/page/checkSlug?slug=taken&id=${page._id}`))).toBeNull()
    expect(await json(ann.get(`/api/page/checkSlug?slug=taken&_id=${page._id}`))).toBeNull()
    expect(await json(ann.get('/api/page/checkSlug?slug=free-slug'))).toBeNull()
    expect(await json(ann.get('/api/page/checkSlug?slug=taken&domainId=second'))).toBeNull()
  })

  it('refuses a save onto a slug another page holds', async () => {
    const res = await ann.post('/api/page/save', { page: { slug: 'taken', template: 'generic' } })
    expect(res.status).toBe(409)
    expect((await json(res)).error.message).toBe('The address /taken is already used by another page')
  })
})

describe('search', () => {
  it('finds a newly published page by a word of its body, as you type and despite a typo, and stops after unpublish', async () => {
    const page = await json(
      ann.post('/api/page/publishPage', {
        page: {
          slug: 'balloons',
          template: 'generic',
          header: { title: 'Balloon flights' },
          contents: [{ componentType: 'RichText', html: '<p>Drift over the vineyard at sunrise in a hot-air balloon.</p>' }],
        },
      }),
    )
    const found = await json(anon.get('/api/search/query?q=vineyard'))
    expect(found.results.map((r: { slug: string }) => r.slug)).toContain('balloons')
    expect(found.results[0].snippet).toContain('<mark>vineyard</mark>')
    expect((await json(anon.get('/api/search/query?q=sunri'))).results.map((r: { slug: string }) => r.slug)).toContain('balloons')
    const typo = await json(anon.get('/api/search/query?q=vinyard'))
    expect(typo.results.map((r: { slug: string }) => r.slug)).toContain('balloons')
    expect(typo.correctedQuery).toBe('vineyard')
    expect((await json(visitor(t, 'second.example').get('/api/search/query?q=vineyard'))).total).toBe(0)

    await ann.post('/api/page/unpublishPage', { _id: page._id })
    expect((await json(anon.get('/api/search/query?q=vineyard'))).total).toBe(0)
  })

  it('escapes page text in snippets', async () => {
    await ann.post('/api/page/publishPage', {
      page: {
        slug: 'escape',
        template: 'generic',
        header: { title: 'Escaping' },
        contents: [{ componentType: 'SectionHeading', title: 'Tomatoes <script>alert(1)</script> ripen' }],
      },
    })
    const found = await json(anon.get('/api/search/query?q=tomatoes'))
    expect(found.results[0].snippet).not.toContain('<script>')
  })
})

describe('navigation, footer and site settings', () => {
  it('keeps drafts from visitors until published, with 409 on a stale save', async () => {
    const saved = await json(ann.post('/api/site/saveNav', { nav: { siteName: 'Main site', items: [{ text: 'Stay', href: '/stay' }] } }))
    expect(saved.message).toBe('Nav Saved')
    expect((await json(anon.get('/api/site/loadNav'))).items).toEqual([])
    const published = await json(ann.post('/api/site/publishNav', { nav: { ...saved, version: saved.version } }))
    expect(published.message).toBe('Nav Published')
    expect((await json(anon.get('/api/site/loadNav'))).items[0].text).toBe('Stay')
    const stale = await ben.post('/api/site/saveNav', { nav: { ...saved, siteName: 'Stale' } })
    expect(stale.status).toBe(409)

    const footer = await json(
      ann.post('/api/site/publishFooter', {
        footer: { copy: '© Main', linkGroups: [{ title: 'Plan', links: [{ text: 'Maps', href: '/maps' }] }] },
      }),
    )
    expect(footer.message).toBe('Footer Published')
    expect((await json(anon.get('/api/site/loadFooter'))).copy).toBe('© Main')
  })

  it('refuses invalid navigation with 400 and keeps the stored one', async () => {
    const res = await ann.post('/api/site/saveNav', { nav: { items: [{ text: 42 }] } })
    expect(res.status).toBe(400)
    expect((await json(ann.get('/api/site/loadNav'))).siteName).toBe('Main site')
  })

  it('applies a redirect from published site settings with its status', async () => {
    const res = await ann.post('/api/siteSettings/publishSiteSettings', {
      siteSettings: {
        redirects: [
          { from: '/old-tours', to: '/tours', status: 301 },
          { from: '/events', to: '/whats-on', status: 302, prefix: true },
        ],
      },
    })
    expect((await json(res)).message).toBe('Site Settings Published')
    const moved = await t.app.request('/old-tours', { headers: { host: 'localhost' } })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/tours')
    const prefixed = await t.app.request('/events/vintage-festival', { headers: { host: 'localhost' } })
    expect(prefixed.status).toBe(302)
    expect(prefixed.headers.get('location')).toBe('/whats-on/vintage-festival')
    expect((await t.app.request('/old-tours', { headers: { host: 'second.example' } })).status).toBe(404)
  })
})

describe('domains', () => {
  it('saves, publishes and swaps the host an editor is on', async () => {
    const saved = await json(ann.post('/api/config/saveDomain', { domain: { _id: 'third', name: 'Third', hostnames: ['Third.Example'] } }))
    expect(saved).toMatchObject({ _id: 'third', hostnames: ['third.example'], published: false })
    expect((await json(ann.post('/api/config/publishDomain', { domain: { _id: 'third' } }))).published).toBe(true)
    expect((await json(ann.post('/api/config/unpublishDomain', { domain: { _id: 'third' } }))).published).toBe(false)
    const taken = await ann.post('/api/config/saveDomain', { domain: { _id: 'fourth', name: 'Fourth', hostnames: ['third.example'] } })
    expect(taken.status).toBe(409)

    const stale: string[] = []
    t.services.events.on('published', (domainId) => void (domainId && stale.push(domainId)))
    const swap = await json(ann.post('/api/config/swapActiveDomain', { domain: { _id: 'second' } }))
    // Visitor caches (here and, through NOTIFY, on other instances) are told the host changed hands.
    expect(stale).toContain('second')
    expect(swap.newDomain).toMatchObject({ _id: 'second', hostnames: expect.arrayContaining(['localhost', 'second.example']) })
    expect(swap.oldDomain._id).toBe('main')
    // localhost now shows the second domain's content; swap back.
    expect((await json(anon.get('/api/config/loadDomain'))).domain._id).toBe('second')
    await ann.post('/api/config/swapActiveDomain', { domain: { _id: 'main' } })
    expect((await json(anon.get('/api/config/loadDomain'))).domain._id).toBe('main')
  })
})

describe('sitemap and robots', () => {
  it('lists the published pages of the domain only', async () => {
    const sitemap = await (await t.app.request('/sitemap.xml', { headers: { host: 'localhost' } })).text()
    expect(sitemap).toContain('<loc>http://localhost/harvest</loc>')
    expect(sitemap).not.toContain('tpl-generic')
    const robots = await (await t.app.request('/robots.txt', { headers: { host: 'localhost' } })).text()
    expect(robots).toContain('Sitemap: http://localhost/sitemap.xml')
  })
})
