import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomListing } from '#lib/listings'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * Saves name the version they were based on (issue 14 point 4): saving an existing page,
 * navigation, footer, settings, domain, story or listing without it is refused with 400 and
 * changes nothing (unless force); a stale one is refused with 409; creating needs none. Unknown
 * domains answer 404, never a 500 (point 7); slugs are normalised the same way everywhere (point 11).
 */
let t: TestApp
let editor: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  editor = await signIn(t, { username: 'ann', password: 'ann-password' })
})
afterAll(() => t?.close())

/** The answer is 400 naming the version field, and the stored document is unchanged. */
async function expectVersionRequired(res: Response) {
  expect(res.status).toBe(400)
  const body = await json(res)
  expect(body.error.code).toBe('invalid_input')
  expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'version' })]))
}

describe('a save without the version it was based on', () => {
  it('is refused for an existing page; force overwrites knowingly; a new page needs none', async () => {
    const created = await editor.post('/api/page/save', { page: { slug: 'versioned', template: 'generic', header: { title: 'First' } } })
    expect(created.status).toBe(200)
    const page = await json(created)
    const { version: _version, ...withoutVersion } = page
    await expectVersionRequired(await editor.post('/api/page/save', { page: { ...withoutVersion, header: { title: 'Blind overwrite' } } }))
    await expectVersionRequired(
      await editor.post('/api/page/publishPage', { page: { ...withoutVersion, header: { title: 'Blind publish' } } }),
    )
    expect(await json(editor.get('/api/page/load?slug=versioned'))).toMatchObject({
      version: 1,
      published: false,
      header: { title: 'First' },
    })

    expect((await editor.post('/api/page/save', { page: { ...page, header: { title: 'Second' } } })).status).toBe(200)
    expect((await editor.post('/api/page/save', { page: { ...page, header: { title: 'Stale' } } })).status).toBe(409)
    const forced = await editor.post('/api/page/save', { page: { ...withoutVersion, header: { title: 'Forced' } }, force: true })
    expect(forced.status).toBe(200)
    expect(await json(forced)).toMatchObject({ version: 3, header: { title: 'Forced' } })
  })

  it.each([
    ['nav', 'saveNav', 'publishNav', 'loadNav', { siteName: 'Main', items: [] }, { siteName: 'Blind' }, 'siteName'],
    ['footer', 'saveFooter', 'publishFooter', 'loadFooter', { copy: '© Main' }, { copy: 'Blind' }, 'copy'],
  ] as const)('is refused for existing %s', async (key, save, publish, load, first, change, field) => {
    const created = await json(editor.post(`/api/site/${save}`, { [key]: first }))
    expect(created.version).toBe(1)
    await expectVersionRequired(await editor.post(`/api/site/${save}`, { [key]: { ...first, ...change } }))
    await expectVersionRequired(await editor.post(`/api/site/${publish}`, { [key]: { ...first, ...change } }))
    expect(await json(editor.get(`/api/site/${load}`))).toMatchObject({ version: 1, [field]: first[field as keyof typeof first] })
    expect((await visitor(t).get(`/api/site/${load}`)).status).toBe(200)
    expect((await json(visitor(t).get(`/api/site/${load}`))).lastPublished).toBeNull()

    expect((await editor.post(`/api/site/${save}`, { [key]: { ...first, ...change, version: 1 } })).status).toBe(200)
    expect((await editor.post(`/api/site/${save}`, { [key]: { ...first, version: 1 } })).status).toBe(409)
    const forced = await editor.post(`/api/site/${publish}`, { [key]: first, force: true })
    expect(forced.status).toBe(200)
    expect(await json(forced)).toMatchObject({ version: 3, lastPublished: expect.any(String) })
  })

  it('is refused for existing site settings', async () => {
    const created = await json(editor.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [] } }))
    expect(created.version).toBe(1)
    await expectVersionRequired(
      await editor.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [{ from: '/a', to: '/b' }] } }),
    )
    await expectVersionRequired(
      await editor.post('/api/siteSettings/publishSiteSettings', { siteSettings: { redirects: [{ from: '/a', to: '/b' }] } }),
    )
    expect(await json(editor.get('/api/siteSettings/loadSiteSettings'))).toMatchObject({ version: 1, redirects: [] })
    expect((await editor.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [], version: 1 } })).status).toBe(200)
    expect((await editor.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [], version: 1 } })).status).toBe(409)
    expect((await editor.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [] }, force: true })).status).toBe(200)
  })

  it('is refused for an existing domain', async () => {
    const created = await json(
      editor.post('/api/config/saveDomain', { domain: { _id: 'coast', name: 'Coast', hostnames: ['coast.example'] } }),
    )
    expect(created).toMatchObject({ _id: 'coast', version: 1 })
    await expectVersionRequired(
      await editor.post('/api/config/saveDomain', { domain: { _id: 'coast', name: 'Taken over', hostnames: [] } }),
    )
    expect((await json(editor.get('/api/config/loadDomain?hostname=coast.example'))).domain).toMatchObject({
      _id: 'coast',
      name: 'Coast',
      hostnames: ['coast.example'],
    })

    const saved = await json(
      editor.post('/api/config/saveDomain', { domain: { _id: 'coast', name: 'Coast Region', hostnames: ['coast.example'], version: 1 } }),
    )
    expect(saved).toMatchObject({ name: 'Coast Region', version: 2 })
    expect(
      (await editor.post('/api/config/saveDomain', { domain: { _id: 'coast', name: 'Stale', hostnames: ['coast.example'], version: 1 } }))
        .status,
    ).toBe(409)
    expect(
      (await editor.post('/api/config/saveDomain', { domain: { _id: 'coast', name: 'Forced', hostnames: ['coast.example'] }, force: true }))
        .status,
    ).toBe(200)
  })

  it('is refused for an existing story', async () => {
    const story = await json(editor.post('/api/obj/story', { title: 'Vintage', slug: 'vintage' }))
    expect(story.version).toBe(1)
    await expectVersionRequired(await editor.post('/api/chapters/saveStory', { story: { _id: story._id, title: 'Blind' } }))
    await expectVersionRequired(await editor.post('/api/chapters/publishStory', { story: { _id: story._id, title: 'Blind' } }))
    expect(await json(editor.get(`/api/chapters/loadStory?storyId=${story._id}`))).toMatchObject({ title: 'Vintage', version: 1 })
    expect(await json(editor.post('/api/chapters/saveStory', { story: { _id: story._id, title: 'Vintage 2', version: 1 } }))).toMatchObject(
      { title: 'Vintage 2', version: 2 },
    )
    expect((await editor.post('/api/chapters/saveStory', { story: { _id: story._id, title: 'Stale', version: 1 } })).status).toBe(409)
    expect((await editor.post('/api/chapters/saveStory', { story: { _id: story._id, title: 'Forced' }, force: true })).status).toBe(200)
  })

  it('is refused for an existing listing', async () => {
    const created = await editor.post('/api/listing/save', { listing: newCustomListing('custom-versioned', 'Picnic Grounds') })
    expect(created.status).toBe(200)
    const { listing } = await json(created)
    expect(listing.version).toBe(1)
    const { version: _version, ...withoutVersion } = listing
    await expectVersionRequired(
      await editor.post('/api/listing/save', { listing: { ...withoutVersion, description: { value: 'Blind', path: '', provider: '' } } }),
    )
    expect((await json(editor.get('/api/listing/findById?id=custom-versioned'))).description.value).toBe('')

    const saved = await json(
      editor.post('/api/listing/save', { listing: { ...listing, description: { value: 'Shade and tables', path: '', provider: '' } } }),
    )
    expect(saved.listing).toMatchObject({ version: 2, description: { value: 'Shade and tables' } })
    expect(
      (await editor.post('/api/listing/save', { listing: { ...listing, description: { value: 'Stale', path: '', provider: '' } } })).status,
    ).toBe(409)
    expect(
      (
        await editor.post('/api/listing/save', {
          listing: { ...withoutVersion, description: { value: 'Forced', path: '', provider: '' } },
          force: true,
        })
      ).status,
    ).toBe(200)
    // Publishing changes no content: the editor's copy stays current.
    expect((await json(editor.post('/api/listing/publishListing', { listing: { _id: 'custom-versioned' } }))).listing.version).toBe(3)
  })
})

describe('a domainId naming no domain', () => {
  it.each([
    ['/api/site/saveNav', { nav: { domainId: 'nowhere', siteName: 'x' } }],
    ['/api/site/publishNav', { nav: { domainId: 'nowhere', siteName: 'x' } }],
    ['/api/site/saveFooter', { footer: { domainId: 'nowhere', copy: 'x' } }],
    ['/api/site/publishFooter', { footer: { domainId: 'nowhere', copy: 'x' } }],
    ['/api/siteSettings/saveSiteSettings', { siteSettings: { domainId: 'nowhere' } }],
    ['/api/siteSettings/publishSiteSettings', { siteSettings: { domainId: 'nowhere' } }],
    ['/api/obj/story', { domainId: 'nowhere', title: 'Lost', slug: 'lost' }],
    ['/api/page/save', { page: { domainId: 'nowhere', slug: 'lost', template: 'generic' } }],
    ['/api/page/publishPage', { page: { domainId: 'nowhere', slug: 'lost', template: 'generic' } }],
    ['/api/listing/save', { domainId: 'nowhere', listing: newCustomListing('custom-lost', 'Lost') }],
  ])('answers 404 on %s and stores nothing', async (path, body) => {
    const res = await editor.post(path, body)
    expect(res.status).toBe(404)
    expect((await json(res)).error).toMatchObject({ code: 'not_found', message: 'Domain not found' })
  })

  it('left nothing behind', async () => {
    expect(await t.services.stories.list('nowhere')).toEqual([])
    expect(await t.services.pages.list('nowhere', 'pages', SYSTEM)).toEqual([])
    expect(await t.services.listings.findById('nowhere', 'custom-lost', { editor: true })).toBeNull()
  })
})

describe('slugs', () => {
  it('are normalised to the safe set for pages, stories and listings alike', async () => {
    const page = await json(editor.post('/api/page/save', { page: { slug: '././/evil.example/<b>=x', template: 'generic' } }))
    expect(page.slug).toBe('evilexample/bx')
    const story = await json(editor.post('/api/obj/story', { title: 'Odd', slug: '//evil.example?<x>' }))
    expect(story.slug).toBe('evilexamplex')
    const { listing } = await json(
      editor.post('/api/listing/save', { listing: { ...newCustomListing('custom-slug', 'Odd'), slug: '/.//evil.example"><img src=x>' } }),
    )
    expect(listing.slug).toBe('evilexampleimg-srcx')
    expect(await t.services.pages.loadDraft('main', 'listings', 'evilexampleimg-srcx', SYSTEM)).toMatchObject({ _id: 'custom-slug' })
    for (const slug of [page.slug, story.slug, listing.slug]) expect(slug).toMatch(/^[\p{L}\p{M}\p{N}_-][\p{L}\p{M}\p{N}_/-]*$/u)
  })
})
