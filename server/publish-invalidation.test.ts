/**
 * A publish drops only what it changes (issue 16 point 5): the page cache keeps the pages that do
 * not show the published content, the other domain keeps everything on a navigation publish, and
 * the in-memory listing index survives every publish but a listing one. Real services on the real
 * database; the pages are put in the cache with what their loaders record (PageDependencies).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { generatedListingRows } from '../bench/listing-fetch.ts'
import { listings as listingsTable } from './db/schema.ts'
import { PageDependencies } from './page-cache.ts'
import { createApp } from './app.ts'
import type { Listener } from './db/client.ts'
import { createLogger } from './log.ts'
import { CONTENT_CHANNEL, decodeChange, encodeChange, listenToInstances } from './services/events.ts'
import { SYSTEM } from './services/access.ts'
import { createServices, type Services } from './services/index.ts'

let t: TestApp
const A = 'dom-a'
const B = 'dom-b'
const ids: Record<string, string> = {}

const html = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })
const request = (host: string, path: string) => new Request(`http://${host}${path}`, { headers: { host } })
// HIT: served as it is; MISS: not (gone, or stale: served only while it is rendered again).
const cached = (host: string, path: string) => (t.pageCache.peek(request(host, path)) === 'fresh' ? 'HIT' : 'MISS')

/** Renders nothing: stores a page as the renderer would, with what its loaders recorded. */
async function store(host: string, path: string, domainId: string, record: (d: PageDependencies) => void) {
  const dependencies = new PageDependencies()
  record(dependencies)
  await t.pageCache.put(request(host, path), html(`<h1>${path}</h1>`), { domainId, dependsOn: dependencies.tags })
}

async function fillCache() {
  await store('a.test', '/about', A, (d) => d.page(ids.about!))
  await store('a.test', '/visit', A, (d) => d.page(ids.visit!))
  await store('a.test', '/whats-on', A, (d) => {
    d.page(ids.grid!)
    d.listings()
  })
  await store('a.test', `/${ids.listingSlug}`, A, (d) => {
    d.page(ids.listing!)
    d.listings()
  })
  await store('a.test', '/chapters/story/one', A, (d) => {
    d.page(ids.chapter!)
    d.stories()
  })
  // A page whose loaders recorded nothing (the search page): any change of its domain drops it.
  await store('a.test', '/search?q=wine', A, () => {})
  await store('b.test', '/', B, (d) => d.page(ids.bHome!))
  await store('b.test', '/whats-on', B, (d) => d.listings())
}

const state = () => ({
  about: cached('a.test', '/about'),
  visit: cached('a.test', '/visit'),
  grid: cached('a.test', '/whats-on'),
  listing: cached('a.test', `/${ids.listingSlug}`),
  chapter: cached('a.test', '/chapters/story/one'),
  search: cached('a.test', '/search?q=wine'),
  bHome: cached('b.test', '/'),
  bGrid: cached('b.test', '/whats-on'),
})

beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'production' } })
  await t.services.domains.upsert({ _id: A, name: 'A', hostnames: ['a.test'], published: true })
  await t.services.domains.upsert({ _id: B, name: 'B', hostnames: ['b.test'], published: true })
  const page = async (domainId: string, slug: string) =>
    (await t.services.pages.save(domainId, 'pages', { slug, template: 'generic', header: { title: slug }, contents: [] }, SYSTEM))._id
  ids.about = await page(A, 'about')
  ids.visit = await page(A, 'visit')
  ids.grid = await page(A, 'whats-on')
  ids.chapter = await page(A, 'chapter-one')
  ids.bHome = await page(B, 'home')
  // Published listings for domain A, and the index built over them.
  const rows = generatedListingRows(A, 30)
  await t.database.db.insert(listingsTable).values(rows)
  ids.listing = rows[0]!.id
  ids.listingSlug = 'a-listing'
  await t.services.listingIndex.warm(A)
  expect(t.services.listingIndex.isReady(A)).toBe(true)
})
afterAll(() => t?.close())

describe('a publish drops only what it changes', () => {
  it('a page publish drops that page alone and keeps the listing index', async () => {
    await fillCache()
    await t.services.pages.publish(A, 'pages', ids.about!, SYSTEM)
    expect(state()).toEqual({
      about: 'MISS',
      visit: 'HIT',
      grid: 'HIT',
      listing: 'HIT',
      chapter: 'HIT',
      search: 'MISS',
      bHome: 'HIT',
      bGrid: 'HIT',
    })
    expect(t.services.listingIndex.isReady(A)).toBe(true)
  })

  it('a story publish drops the chapter pages and keeps listings and other pages', async () => {
    await fillCache()
    await t.services.stories.create(A, { title: 'A story', slug: 'a-story' })
    expect(state()).toMatchObject({ about: 'HIT', visit: 'HIT', grid: 'HIT', listing: 'HIT', chapter: 'MISS', bHome: 'HIT' })
    expect(t.services.listingIndex.isReady(A)).toBe(true)
  })

  it("a navigation publish on one domain drops that domain's pages and leaves the other domain cached", async () => {
    await fillCache()
    await t.services.siteDocuments.save('nav', A, { siteName: 'A', items: [] })
    await t.services.siteDocuments.publish('nav', A)
    expect(state()).toEqual({
      about: 'MISS',
      visit: 'MISS',
      grid: 'MISS',
      listing: 'MISS',
      chapter: 'MISS',
      search: 'MISS',
      bHome: 'HIT',
      bGrid: 'HIT',
    })
    expect(t.services.listingIndex.isReady(A)).toBe(true)
  })

  it('a listing change drops the grids and listing pages of its domain, and the index is read again', async () => {
    await fillCache()
    await t.services.listings.unpublishListing(A, ids.listing!, SYSTEM)
    expect(state()).toMatchObject({ about: 'HIT', visit: 'HIT', grid: 'MISS', listing: 'MISS', chapter: 'HIT', bHome: 'HIT', bGrid: 'HIT' })
    expect(t.services.listingIndex.isReady(A)).toBe(false)
    await t.services.listingIndex.warm(A)
    const [row] = await t.database.db
      .select({ published: listingsTable.published })
      .from(listingsTable)
      .where(eq(listingsTable.id, ids.listing!))
    expect(row?.published).toBe(false)
  })

  it('a domain change drops every cached page', async () => {
    await fillCache()
    await t.services.domains.upsert({ _id: B, name: 'B', hostnames: ['b.test', 'www.b.test'], published: true }, { force: true })
    expect(Object.values(state()).every((s) => s === 'MISS')).toBe(true)
  })
})

describe('the change another instance hears', () => {
  it('names the domain, the kind and the ids, and a bare domain id (an older instance) means the whole domain', () => {
    const payload = encodeChange(A, { kind: 'pages', ids: ['p1'], collection: 'pages' }, 'bus-1')
    expect(decodeChange(payload)).toEqual({
      domainId: A,
      change: { kind: 'pages', ids: ['p1'], collection: 'pages' },
      origin: 'bus-1',
    })
    expect(decodeChange(A)).toEqual({ domainId: A, change: { kind: 'site' }, origin: null })
    // A sync's thousands of ids do not fit a NOTIFY: the kind alone is sent.
    const many = encodeChange(A, { kind: 'listings', ids: Array.from({ length: 5000 }, (_, i) => `listing-${i}`) }, 'bus-1')
    expect(many.length).toBeLessThan(200)
    expect(decodeChange(many).change).toEqual({ kind: 'listings' })
  })
})

describe('a change another instance makes', () => {
  let other: Services
  const channels: Listener[] = []
  const notified: string[] = []

  beforeAll(async () => {
    // A second instance on the same database: its own services, page cache and bus.
    other = createServices(t.database, t.config)
    createApp({ services: other, config: t.config, log: createLogger('silent') })
    channels.push(await listenToInstances(t.database, t.services.events), await listenToInstances(t.database, other.events))
    channels.push(await t.database.listen(CONTENT_CHANNEL, (payload) => notified.push(decodeChange(payload).origin ?? '')))
  })
  afterAll(() => Promise.all(channels.map((channel) => channel.stop())))

  it("reaches this instance's caches through its own bus, as a remote change, and is not sent back", async () => {
    await fillCache()
    await t.services.listingIndex.warm(A)
    const heard: unknown[][] = []
    const subscriber = (...args: unknown[]) => void heard.push(args)
    t.services.events.on('published', subscriber)
    try {
      notified.length = 0
      const [, second] = generatedListingRows(A, 2)
      await other.listings.unpublishListing(A, second!.id, SYSTEM)
      await expect.poll(() => state()).toMatchObject({ grid: 'MISS', listing: 'MISS' })
      // What shows no listing stays cached here too; the listing index is read again.
      expect(state()).toMatchObject({ about: 'HIT', visit: 'HIT', chapter: 'HIT', bHome: 'HIT', bGrid: 'HIT' })
      expect(t.services.listingIndex.isReady(A)).toBe(false)
      // A subscriber of this bus hears it once, marked remote.
      expect(heard).toEqual([[A, expect.objectContaining({ kind: 'listings' }), 'remote']])

      // This instance's own publish after it: the channel carries the other's change and then this
      // one's, with no echo of the first in between.
      await t.services.pages.publish(A, 'pages', ids.visit!, SYSTEM)
      await expect.poll(() => notified).toHaveLength(2)
      expect(notified).toEqual([other.events.origin, t.services.events.origin])
    } finally {
      t.services.events.off('published', subscriber)
    }
  })

  it('a domain change there changes which domain answers a host here', async () => {
    expect((await t.services.domains.forHost('c.test'))?._id).toBe(A)
    await other.domains.upsert({ _id: B, name: 'B', hostnames: ['b.test', 'c.test'], published: true }, { force: true })
    await expect.poll(async () => (await t.services.domains.forHost('c.test'))?._id).toBe(B)
  })

  it('after the channel was down, everything here counts as changed', async () => {
    await fillCache()
    await t.services.listingIndex.warm(A)
    t.services.events.missedChanges()
    expect(Object.values(state()).every((s) => s === 'MISS')).toBe(true)
    expect(t.services.listingIndex.isReady(A)).toBe(false)
  })
})
