import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pages } from '../db/schema.ts'
import { SYSTEM } from '../services/access.ts'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { providerListing, type ProviderFields } from '../../tests/helpers/listings.ts'

/**
 * Checks before publishing and the publish receipt (issue 34 points 4 and 5), through the API on the
 * real database: what the checks find in links, listings and events; an admin's blocking choice,
 * refused to anyone else and enforced by publishPage with nothing stored; where a published page is
 * live, and the CDN's purges still pending for it.
 */
let t: TestApp
let admin: Caller
let publisher: Caller
let domainId: string

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const body = async (res: Response): Promise<Json> => (await res.json()) as Json

async function savePage(caller: Caller, page: Json, publish = false): Promise<Json> {
  const res = await caller.post(publish ? '/api/page/publishPage' : '/api/page/save', { page: { template: 'generic', ...page } })
  expect(res.status, await res.clone().text()).toBe(200)
  return body(res)
}

const rich = (href: string) => ({ componentType: 'RichText', html: `<p>See <a href="${href}">this</a>.</p>` })
const linkList = (...hrefs: string[]) => ({
  componentType: 'LinkList',
  items: hrefs.map((href) => ({ type: 'page', href, text: 'More' })),
})

async function listingSlug(id: string): Promise<string> {
  const [row] = await t.services.database.db
    .select({ slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.collection, 'listings')))
  return row!.slug
}

const listing = (id: string, extra: ProviderFields) =>
  providerListing(domainId, id, `Listing ${id}`, { productCategoryId: 'EVENT', ...extra })

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost', 'www.example.org'], published: true })
  domainId = 'main'
  admin = await signIn(t, { username: 'checks-admin', password: 'checks-password', roles: ['admin'] })
  publisher = await signIn(t, { username: 'checks-publisher', password: 'checks-password', roles: ['publisher'] })
}, 60_000)
afterAll(() => t?.close())

describe('checks before publishing', () => {
  it('finds links to unpublished, missing and redirected pages and to listings that are inactive, unpublished or over; fine links pass', async () => {
    await savePage(publisher, { slug: 'live-page', header: { title: 'Live' } }, true)
    await savePage(publisher, { slug: 'draft-page', header: { title: 'Draft' } })
    const settings = await body(await admin.get('/api/siteSettings/loadSiteSettings'))
    const redirected = await admin.post('/api/siteSettings/publishSiteSettings', {
      siteSettings: { ...settings, redirects: [{ from: '/old-page', to: '/live-page', status: 301, prefix: false }] },
    })
    expect(redirected.status, await redirected.clone().text()).toBe(200)

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide' }).format(new Date())
    await t.services.listings.createMany(
      domainId,
      [
        { listing: listing('ev-over', { startDate: '2020-01-01', endDate: '2020-01-03' }), publish: true },
        { listing: listing('ev-on', { startDate: today, endDate: '2099-12-31' }), publish: true },
        { listing: listing('gone', { status: 'INACTIVE' }), publish: true },
        { listing: listing('hidden', {}), publish: false },
      ],
      SYSTEM,
    )
    const [over, on, gone, hidden] = await Promise.all(['ev-over', 'ev-on', 'gone', 'hidden'].map(listingSlug))

    const page = {
      slug: 'checked',
      header: { title: 'Checked' },
      contents: [
        linkList('/live-page', '/draft-page', '/no-such-page'),
        rich('/old-page'),
        rich(`https://www.example.org/${over}`),
        linkList(`/${on}`, `/${gone}`, `/${hidden}`, 'https://elsewhere.example.com/x', '/search', '#top'),
      ],
    }
    const res = await publisher.post('/api/publish/checks', { page })
    expect(res.status, await res.clone().text()).toBe(200)
    const { findings, blocking } = await body(res)
    expect(blocking).toEqual(['alt-missing'])
    const summary = (findings as Json[]).map((f) => [f.check, f.href, f.block?.join('.')])
    expect(summary).toEqual([
      ['link-unpublished', '/draft-page', 'contents.0'],
      ['link-missing', '/no-such-page', 'contents.0'],
      ['link-redirected', '/old-page', 'contents.1'],
      ['event-over', `https://www.example.org/${over}`, 'contents.2'],
      ['listing-inactive', `/${gone}`, 'contents.3'],
      ['listing-unpublished', `/${hidden}`, 'contents.3'],
    ])
    expect((findings as Json[]).find((f) => f.check === 'link-redirected')?.location).toBe('/live-page')
  })

  it('finds a picture without alt text, naming its block and field', async () => {
    const page = {
      slug: 'pictures',
      contents: [
        { componentType: 'Image', image: { imageId: 'img-1', alt: '' } },
        { componentType: 'Image', image: { imageId: 'img-2', alt: 'Vines' } },
      ],
    }
    const { findings } = await body(await publisher.post('/api/publish/checks', { page }))
    expect(findings).toEqual([{ check: 'alt-missing', block: ['contents', 0], path: 'contents.0.image.alt' }])
  })

  it('lets only an admin choose the blocking checks; publishing is then refused while one finds something, and nothing is stored', async () => {
    const settings = await body(await publisher.get('/api/siteSettings/loadSiteSettings'))
    const byPublisher = await publisher.post('/api/siteSettings/publishSiteSettings', {
      siteSettings: { ...settings, publishChecks: ['link-missing'] },
    })
    expect(byPublisher.status).toBe(403)
    expect((await body(byPublisher)).error.message).toBe('Only an admin can choose which checks block publishing')
    // Other changes by a publisher that leave the choice alone are fine.
    const other = await publisher.post('/api/siteSettings/saveSiteSettings', {
      siteSettings: { ...settings, og: { ...settings.og, title: 'Shared title' } },
    })
    expect(other.status, await other.clone().text()).toBe(200)

    const current = await body(await admin.get('/api/siteSettings/loadSiteSettings'))
    const byAdmin = await admin.post('/api/siteSettings/publishSiteSettings', {
      siteSettings: { ...current, publishChecks: ['link-missing'] },
    })
    expect(byAdmin.status, await byAdmin.clone().text()).toBe(200)

    // A publisher saving the copy loaded before the admin's change, with the list as loaded: not a change of it; the admin's list stays.
    const stale = await publisher.post('/api/siteSettings/saveSiteSettings', {
      siteSettings: { ...current, og: { ...current.og, title: 'Stale title' } },
      base: current,
    })
    expect(stale.status, await stale.clone().text()).toBe(200)
    expect((await body(await admin.get('/api/siteSettings/loadSiteSettings'))).publishChecks).toEqual(['link-missing'])

    const stored = await savePage(publisher, { slug: 'guarded', header: { title: 'Guarded' }, contents: [linkList('/live-page')] }, true)
    const broken = { ...stored, header: { title: 'Guarded, changed' }, contents: [linkList('/nowhere-at-all')] }
    const refused = await publisher.post('/api/page/publishPage', { page: broken })
    expect(refused.status).toBe(400)
    const error = (await body(refused)).error
    expect(error.message).toBe('1 problem must be fixed before publishing.')
    expect(error.details).toEqual([
      { path: 'contents.0.items.0.href', code: 'link-missing', message: 'A link to a page that does not exist', href: '/nowhere-at-all' },
    ])
    // Nothing of the refused publish was stored: visitors and the draft keep the last copy.
    const draft = await body(await publisher.get(`/api/page/load?slug=guarded`))
    expect(draft.header.title).toBe('Guarded')
    // A warning that is not blocking does not stop a publish.
    const warned = await publisher.post('/api/page/publishPage', { page: { ...stored, contents: [linkList('/draft-page')] } })
    expect(warned.status, await warned.clone().text()).toBe(200)
    const { blocking } = await body(await publisher.post('/api/publish/checks', { page: broken }))
    expect(blocking).toEqual(['alt-missing', 'link-missing'])
  })
})

describe('the publish receipt', () => {
  it('lists the page, the pages and navigation linking to it, search and the sitemap; no CDN part without one', async () => {
    const target = await savePage(publisher, { slug: 'festival', header: { title: 'Festival' } }, true)
    await savePage(publisher, { slug: 'whats-on', header: { title: "What's on" }, contents: [linkList('/festival')] }, true)
    await savePage(publisher, { slug: 'news', header: { title: 'News' }, contents: [rich('/festival#tickets')] }, true)
    // A longer address that starts the same is not a link to it.
    await savePage(publisher, { slug: 'festival-archive', header: { title: 'Festival archive' } }, true)
    await savePage(publisher, { slug: 'unrelated', header: { title: 'Unrelated' }, contents: [linkList('/festival-archive')] }, true)
    await savePage(publisher, { slug: 'draft-only', header: { title: 'Draft only' }, contents: [linkList('/festival')] })

    const res = await publisher.get(`/api/publish/receipt?id=${encodeURIComponent(target._id)}`)
    expect(res.status, await res.clone().text()).toBe(200)
    const receipt = await body(res)
    expect(receipt.publishedAt).toBe(target.lastPublished)
    expect(receipt.addresses).toEqual([
      { kind: 'page', path: '/festival', title: 'Festival' },
      { kind: 'shows', path: '/news', title: 'News' },
      { kind: 'shows', path: '/whats-on', title: "What's on" },
      { kind: 'search', path: '/search' },
      { kind: 'sitemap', path: '/sitemap.xml' },
    ])
    expect(receipt.cdn).toBeNull()
  })

  it('answers 404 for a page that does not exist and 400 without an id', async () => {
    expect((await publisher.get('/api/publish/receipt?id=nope')).status).toBe(404)
    expect((await publisher.get('/api/publish/receipt')).status).toBe(400)
  })
})

describe('the publish receipt with a CDN in front', () => {
  let cdnApp: TestApp
  afterAll(() => cdnApp?.close())

  it('counts the purge jobs naming the page since it was published, queued until they run', async () => {
    cdnApp = await createTestApp({ env: { CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 'token', FASTLY_SERVICE_ID: 'service' } })
    await cdnApp.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
    const editor = await signIn(cdnApp, { username: 'cdn-publisher', password: 'cdn-password', roles: ['publisher'] })
    const res = await editor.post('/api/page/publishPage', { page: { slug: 'purged', template: 'generic', header: { title: 'Purged' } } })
    expect(res.status, await res.clone().text()).toBe(200)
    const page = await body(res)
    // The purge is queued as the publish is announced; no job runner runs here, so it stays queued.
    const receipt = await vi.waitFor(async () => {
      const answer = await body(await editor.get(`/api/publish/receipt?id=${encodeURIComponent(page._id)}`))
      expect(answer.cdn?.queued).toBeGreaterThan(0)
      return answer
    })
    expect(receipt.cdn).toMatchObject({ provider: 'fastly', done: 0, failed: 0 })
    // The dashboard shows the purges still waiting, for the whole site.
    const overview = await body(await editor.get('/api/dashboard/overview'))
    expect(overview.cdn).toMatchObject({ provider: 'fastly', failed: 0 })
    expect(overview.cdn.pending).toBeGreaterThanOrEqual(receipt.cdn.queued)
  })

  it('shows no CDN part on the dashboard without one', async () => {
    expect((await body(await publisher.get('/api/dashboard/overview'))).cdn).toBeNull()
  })
})
