import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atdwDataSchema, type AtdwData, type FetchResponse, type Listing } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { signIn, visitor, type Caller } from '../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { declaredAnswer, expectDeclared } from '../tests/helpers/declared.ts'
import { SYSTEM } from '../server/services/access.ts'
import { listingRouter } from './api.ts'
import { applyProvider } from './mapping.ts'

/**
 * The listing API against a real database: the public grid's every filter, related listings,
 * services, tags and categories with the spec's rules and texts, and saving a listing.
 */

let t: TestApp
let domainId: string
let editor: Caller
let anon: Caller

interface Fixture {
  id: string
  name: string
  description?: string
  category: string
  classes?: string[]
  city?: string
  dates?: [string, string]
  parentId?: string
  status?: 'ACTIVE' | 'INACTIVE'
  memberships?: string[]
  bookeasy?: string
  publish?: boolean
}

async function addListing(f: Fixture): Promise<Listing> {
  const atdw: AtdwData = atdwDataSchema.parse({
    productId: f.parentId ?? f.id,
    ...(f.parentId ? { serviceId: f.id } : {}),
    productCategoryId: f.category,
    name: f.name,
    description: f.description ?? `${f.name} in the Barossa`,
    status: f.status ?? 'ACTIVE',
    verticalClassifications: f.classes ?? [],
    startDate: f.dates?.[0] ?? '',
    endDate: f.dates?.[1] ?? '',
    memberships: f.memberships ?? [],
    externalSystems: f.bookeasy ? [{ externalSystemCode: 'BOOKEASY', externalSystemText: f.bookeasy }] : [],
    address: {
      line1: '1 Main Street',
      line2: '',
      city: f.city ?? 'Tanunda',
      area: 'Barossa',
      state: 'SA',
      postcode: '5352',
      country: 'Australia',
    },
  })
  const listing = applyProvider(
    null,
    { _id: f.id, domainId, listingType: f.parentId ? 'service' : 'product', parentId: f.parentId ?? null, atdw },
    new Date().toISOString(),
  )
  return t.services.listings.setPublished(domainId, listing, f.publish ?? true, SYSTEM)
}

const fetchGrid = async (body: Record<string, unknown>, who: Caller = anon) => {
  const res = await who.post('/api/listing/fetch', body)
  expect(res.status).toBe(200)
  const answer = await res.json()
  // Every card as the route declares it: the grid in the browser is typed from that declaration.
  expectDeclared(declaredAnswer(listingRouter, 'post', '/fetch'), answer)
  return answer as FetchResponse
}
const names = (r: FetchResponse) => r.listings.map((l) => l.name).sort()

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  editor = await signIn(t, { username: 'listing-editor', password: 'listing-password' })
  anon = visitor(t)
  const fixtures: Fixture[] = [
    {
      id: 'p-winery',
      name: 'Seppeltsfield Cellar Door',
      category: 'ATTRACTION',
      classes: ['WINERY'],
      city: 'Nuriootpa',
      memberships: ['Barossa(G)[SA]'],
      bookeasy: '4001',
    },
    { id: 'p-cafe', name: 'Tanunda Bakery Cafe', category: 'RESTAURANT', classes: ['CAFE'], city: 'Tanunda' },
    {
      id: 'p-hotel',
      name: 'Angaston Heritage Hotel',
      description: 'Historic rooms above the wine bar',
      category: 'ACCOMM',
      classes: ['HOTEL'],
      city: 'Angaston',
    },
    { id: 'p-cottage', name: 'Lyndoch Vineyard Cottage', category: 'ACCOMM', classes: ['COTTAGE'], city: 'Lyndoch' },
    { id: 'p-tour', name: 'Barossa Wine Tours', category: 'TOUR', city: 'Tanunda' },
    { id: 's-tour-1', name: 'Barossa Wine Tours Half Day', category: 'TOUR', parentId: 'p-tour', city: 'Tanunda' },
    { id: 's-tour-2', name: 'Barossa Wine Tours Full Day', category: 'TOUR', parentId: 'p-tour', city: 'Tanunda' },
    {
      id: 'e-vintage',
      name: 'Barossa Vintage Festival',
      category: 'EVENT',
      classes: ['FESTIVAL'],
      city: 'Tanunda',
      dates: ['2027-04-20', '2027-04-26'],
    },
    {
      id: 'e-gourmet',
      name: 'Barossa Gourmet Weekend',
      category: 'EVENT',
      classes: ['FOOD'],
      city: 'Greenock',
      dates: ['2027-08-30', '2027-08-31'],
    },
    {
      id: 'e-jazz',
      name: 'Jazz in the Vines',
      category: 'EVENT',
      classes: ['MUSIC'],
      city: 'Williamstown',
      dates: ['2027-10-01', '2027-10-01'],
    },
    { id: 'p-draft', name: 'Unpublished Winery', category: 'ATTRACTION', classes: ['WINERY'], city: 'Nuriootpa', publish: false },
  ]
  for (const f of fixtures) await addListing(f)
  for (let i = 0; i < 20; i++)
    await addListing({
      id: `p-extra-${i}`,
      name: `Extra Attraction ${String(i).padStart(2, '0')}`,
      category: 'ATTRACTION',
      city: 'Greenock',
    })
})
afterAll(() => t?.close())

describe('listing/fetch', () => {
  it('answers published listings only, 15 a page from page 1, with the total', async () => {
    const first = await fetchGrid({ hideTours: false })
    expect(first.totalListings).toBe(30)
    expect(first.listings).toHaveLength(15)
    const second = await fetchGrid({ hideTours: false, currentPage: 2 })
    expect(second.listings).toHaveLength(15)
    expect((await fetchGrid({ hideTours: false, currentPage: 3 })).listings).toHaveLength(0)
    const all = [...first.listings, ...second.listings]
    expect(new Set(all.map((l) => l._id)).size).toBe(30)
    expect(all.some((l) => l.name === 'Unpublished Winery')).toBe(false)
  })

  it('hideTours hides tour products but keeps their services', async () => {
    const r = await fetchGrid({ hideTours: true, search: 'wine tours' })
    expect(names(r)).toEqual(['Barossa Wine Tours Full Day', 'Barossa Wine Tours Half Day'])
    const withTours = await fetchGrid({ hideTours: false, search: 'wine tours' })
    expect(names(withTours)).toContain('Barossa Wine Tours')
  })

  it('searches name and description, the last word as a prefix', async () => {
    expect(names(await fetchGrid({ search: 'bakery' }))).toEqual(['Tanunda Bakery Cafe'])
    expect(names(await fetchGrid({ search: 'historic rooms' }))).toEqual(['Angaston Heritage Hotel'])
    expect(names(await fetchGrid({ search: 'vintag' }))).toEqual(['Barossa Vintage Festival'])
    expect((await fetchGrid({ search: 'zzzz' })).totalListings).toBe(0)
  })

  it('filters by location and lists the locations on offer', async () => {
    const r = await fetchGrid({ location: 'Angaston' })
    expect(names(r)).toEqual(['Angaston Heritage Hotel'])
    expect(r.locations).toEqual(['Angaston', 'Greenock', 'Lyndoch', 'Nuriootpa', 'Tanunda', 'Williamstown'])
  })

  it('keeps events whose dates overlap from/to (DD/MM/YYYY or ISO), ordered by date', async () => {
    expect(names(await fetchGrid({ filters: { from: '25/04/2027', to: '31/08/2027' } }))).toEqual([
      'Barossa Gourmet Weekend',
      'Barossa Vintage Festival',
    ])
    expect(names(await fetchGrid({ filters: { from: '2027-09-01' } }))).toEqual(['Jazz in the Vines'])
    expect(names(await fetchGrid({ filters: { to: '2027-04-20' } }))).toEqual(['Barossa Vintage Festival'])
    const events = await fetchGrid({ checkedCategories: ['event'] })
    expect(events.listings.map((l) => l.name)).toEqual(['Barossa Vintage Festival', 'Barossa Gourmet Weekend', 'Jazz in the Vines'])
    expect(events.hasDates).toBe(true)
  })

  it('checkedCategories is an OR over tagged categories, upper-cased and trimmed', async () => {
    expect(names(await fetchGrid({ checkedCategories: [' cafe ', 'HOTEL'] }))).toEqual(['Angaston Heritage Hotel', 'Tanunda Bakery Cafe'])
  })

  it('applies a category: groups AND-ed, words OR-ed, excluded tags, required attributes, hidden services', async () => {
    const save = async (category: Record<string, unknown>) => {
      const res = await editor.post('/api/listing/saveCategory', { category })
      expect(res.status).toBe(200)
      return ((await res.json()) as { category: { _id: string } }).category._id
    }
    const stay = await save({ name: 'Stay', filters: ['ACCOMM'], excludedTags: 'cottage' })
    expect(names(await fetchGrid({ categoryFilterId: stay }))).toEqual(['Angaston Heritage Hotel'])

    const wineOrFood = await save({
      name: 'Wine and food',
      filters: [
        ['ATTRACTION', 'RESTAURANT'],
        ['WINERY', 'CAFE'],
      ],
    })
    const r = await fetchGrid({ categoryFilterId: wineOrFood })
    expect(names(r)).toEqual(['Seppeltsfield Cellar Door', 'Tanunda Bakery Cafe'])
    expect(r.listingCategories.map((c) => c.key)).toEqual(['ATTRACTION', 'RESTAURANT', 'WINERY', 'CAFE'])
    expect(r.hasDates).toBe(false)
    // checked categories narrow a category further
    expect(names(await fetchGrid({ categoryFilterId: wineOrFood, checkedCategories: ['CAFE'] }))).toEqual(['Tanunda Bakery Cafe'])

    const members = await save({ name: 'Members', filters: ['ATTRACTION'], attributes: ['Barossa(G)[SA]'] })
    expect(names(await fetchGrid({ categoryFilterId: members }))).toEqual(['Seppeltsfield Cellar Door'])

    const tours = await save({ name: 'Tours', filters: ['TOUR'], hideServices: true })
    expect(names(await fetchGrid({ categoryFilterId: tours, hideTours: false }))).toEqual(['Barossa Wine Tours'])

    const events = await save({ name: 'Events', filters: ['EVENT'], hasDates: true })
    expect((await fetchGrid({ categoryFilterId: events })).hasDates).toBe(true)
  })

  it('combines keyword, category, dates and location', async () => {
    const res = await editor.post('/api/listing/saveCategory', { category: { name: 'Whats on', filters: ['EVENT'], hasDates: true } })
    const { category } = (await res.json()) as { category: { _id: string } }
    const r = await fetchGrid({
      categoryFilterId: category._id,
      search: 'barossa',
      location: 'Greenock',
      filters: { from: '01/08/2027', to: '30/09/2027' },
    })
    expect(names(r)).toEqual(['Barossa Gourmet Weekend'])
  })

  it('uses published friendly tag names for the category checkboxes', async () => {
    await editor.post('/api/listing/publishTags', { tags: { EVENT: "What's On", ACCOMM: 'Stay' } })
    const r = await fetchGrid({})
    expect(r.listingCategories).toContainEqual({ key: 'EVENT', name: "What's On" })
    expect(r.listingCategories).toContainEqual({ key: 'RESTAURANT', name: 'RESTAURANT' })
  })

  it('answers cards with what the grid shows', async () => {
    const [card] = (await fetchGrid({ search: 'seppeltsfield' })).listings
    expect(card).toMatchObject({
      slug: 'listing/seppeltsfield-cellar-door',
      location: 'Nuriootpa',
      bookingOperatorId: '4001',
      activeStatus: 'ACTIVE',
      productCategoryId: 'ATTRACTION',
    })
    const [service] = (await fetchGrid({ search: 'half day' })).listings
    expect(service!.listingType).toBe('service')
  })

  it('refuses malformed input with 400, never 500', async () => {
    expect((await anon.post('/api/listing/fetch', { currentPage: 0 })).status).toBe(400)
    expect((await anon.post('/api/listing/fetch', { limit: 'x' })).status).toBe(400)
  })
})

describe('related listings and services', () => {
  it('shares a tagged category, excludes the listing and its services, up to the limit', async () => {
    const res = await anon.post('/api/listing/fetchRelated', { categories: ['TOUR'], _id: 'p-tour', limit: 6 })
    const { listings } = (await res.json()) as { listings: { _id: string }[] }
    expect(listings.length).toBe(6)
    const ids = listings.map((l) => l._id)
    expect(ids).not.toContain('p-tour')
    expect(ids).not.toContain('s-tour-1')
    expect(ids).not.toContain('s-tour-2')
  })

  it('falls back to other listings when none share a category', async () => {
    const res = await anon.post('/api/listing/fetchRelated', { categories: ['NOTHING'], _id: 'p-cafe' })
    const { listings } = (await res.json()) as { listings: { _id: string }[] }
    expect(listings).toHaveLength(6)
  })

  it("lists a product's services and finds a listing by id", async () => {
    const res = await anon.get('/api/listing/productServices?id=p-tour')
    const services = (await res.json()) as { name: string; slug: string }[]
    expect(services.map((s) => s.name)).toEqual(['Barossa Wine Tours Full Day', 'Barossa Wine Tours Half Day'])
    expect((await anon.get('/api/listing/findById?id=p-draft')).status).toBe(404)
    const draft = await editor.get('/api/listing/findById?id=p-draft')
    expect(draft.status).toBe(200)
    // The working copy and the visitor's copy are what the route declares (the listing editor is typed by it).
    const declared = declaredAnswer(listingRouter, 'get', '/findById')
    expectDeclared(declared, await draft.json())
    expectDeclared(declared, await (await anon.get('/api/listing/findById?id=p-tour')).json())
  })
})

describe('categories and tags', () => {
  it('names a new category New Category {n} and refuses unpublish/delete with the spec texts', async () => {
    const before = ((await (await editor.get('/api/listing/loadCategories')).json()) as unknown[]).length
    const res = await editor.post('/api/listing/saveCategory', { category: { filters: [''] } })
    const { category, message } = (await res.json()) as {
      category: { _id: string; name: string; filters: string[][]; hasDates: boolean; hideServices: boolean }
      message: string
    }
    expect(message).toBe('Category Saved')
    expect(category).toMatchObject({ name: `New Category ${before + 1}`, filters: [[]], hasDates: false, hideServices: false })

    const unpublish = await editor.post('/api/listing/unpublishCategory', { _id: category._id })
    expect(unpublish.status).toBe(409)
    expect(((await unpublish.json()) as { error: { message: string } }).error.message).toBe("Category isn't published")

    expect((await editor.post('/api/listing/publishCategory', { category: { ...category } })).status).toBe(200)
    const del = await editor.post('/api/listing/deleteCategory', { _id: category._id })
    expect(del.status).toBe(409)
    expect(((await del.json()) as { error: { message: string } }).error.message).toBe('Category has to be unpublished first')

    expect((await editor.post('/api/listing/unpublishCategory', { _id: category._id })).status).toBe(200)
    expect((await editor.post('/api/listing/deleteCategory', { _id: category._id })).status).toBe(200)
  })

  it('names the pages whose Listings blocks use a category', async () => {
    const res = await editor.post('/api/listing/saveCategory', { category: { name: 'Used', filters: ['EVENT'] } })
    const { category } = (await res.json()) as { category: { _id: string } }
    await t.services.pages.save(
      domainId,
      'pages',
      { slug: 'events-calendar', template: 'generic', header: { title: "What's on" }, contents: [] },
      SYSTEM,
    )
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update pages set draft = jsonb_set(draft, '{contents}', ${JSON.stringify([{ componentType: 'Listings', categoryFilter: category._id, showExport: true }])}::jsonb) where slug = 'events-calendar'`,
    )
    const usage = (await (await editor.get(`/api/listing/getWarningInfo?_id=${category._id}`)).json()) as { slug: string; title: string }[]
    expect(usage).toEqual([expect.objectContaining({ slug: 'events-calendar', title: "What's on" })])
  })

  it('saves tags as a draft for editors and publishes them for visitors', async () => {
    await editor.post('/api/listing/saveTags', { tags: { winery: 'Wineries' } })
    expect(await (await editor.get('/api/listing/loadTags')).json()).toEqual({ WINERY: 'Wineries' })
    expect(await (await anon.get('/api/listing/loadTags')).json()).not.toHaveProperty('WINERY')
    const res = await editor.post('/api/listing/publishTags', { tags: { WINERY: 'Wineries' } })
    expect(((await res.json()) as { message: string }).message).toBe(listingTexts.toasts.tagsPublished)
    expect(await (await anon.get('/api/listing/loadTags')).json()).toEqual({ WINERY: 'Wineries' })
  })

  it('lists every tag the listings carry', async () => {
    const tags = (await (await editor.get('/api/listing/fetchCategories')).json()) as string[]
    expect(tags).toEqual(expect.arrayContaining(['ACCOMM', 'EVENT', 'WINERY', 'CAFE', 'TOUR']))
  })
})

describe('listing/save', () => {
  it('keeps the provider data, upper-cases custom categories and refuses status changes while linked', async () => {
    const listing = (await (await editor.get('/api/listing/findById?id=p-cafe')).json()) as Listing
    const sent = {
      ...listing,
      atdw: undefined,
      name: { value: 'Our Bakery', path: '', provider: '' },
      customCategories: { value: ['brunch spots'] },
    }
    const res = await editor.post('/api/listing/save', { listing: sent })
    expect(res.status).toBe(200)
    const answer: unknown = await res.json()
    expectDeclared(declaredAnswer(listingRouter, 'post', '/save'), answer)
    const { listing: saved, message } = answer as { listing: Listing; message: string }
    expect(message).toBe('Listing Saved')
    expect(saved.name).toEqual({ value: 'Our Bakery', path: '', provider: '' })
    expect(saved.customCategories.value).toEqual(['BRUNCH SPOTS'])
    expect(saved.taggedCategories.value).toEqual(expect.arrayContaining(['RESTAURANT', 'CAFE', 'BRUNCH SPOTS']))
    expect(saved.atdw?.productCategoryId).toBe('RESTAURANT')

    const refused = await editor.post('/api/listing/save', {
      listing: { ...saved, atdw: undefined, activeStatus: { ...saved.activeStatus, value: 'INACTIVE', path: '', provider: '' } },
    })
    expect(refused.status).toBe(409)
  })

  it('relinking a field copies the current provider value', async () => {
    const listing = (await (await editor.get('/api/listing/findById?id=p-cafe')).json()) as Listing
    const res = await editor.post('/api/listing/save', {
      listing: { ...listing, atdw: undefined, name: { value: 'ignored', path: 'productName', provider: 'atdw' } },
    })
    const { listing: saved } = (await res.json()) as { listing: Listing }
    expect(saved.name).toEqual({ value: 'Tanunda Bakery Cafe', path: 'productName', provider: 'atdw' })
  })

  it('creates a custom listing with its page; linking is not offered for it', async () => {
    const res = await editor.post('/api/listing/save', {
      listing: {
        _id: 'custom-1',
        name: { value: 'Visitor Centre Picnic', path: 'productName', provider: 'atdw' },
        description: { value: 'Bring a rug', path: '', provider: '' },
        phone: { value: '', path: '', provider: '' },
        email: { value: '', path: '', provider: '' },
        url: { value: '', path: '', provider: '' },
        facebook: { value: '', path: '', provider: '' },
        instagram: { value: '', path: '', provider: '' },
        twitterSocial: { value: '', path: '', provider: '' },
        physicalAddress: { value: '', path: '', provider: '' },
        image: { value: { alt: '' }, path: '', provider: '' },
        activeStatus: { value: 'ACTIVE', path: '', provider: '' },
        customCategories: { value: ['picnic'] },
      },
    })
    expect(res.status).toBe(200)
    const { listing } = (await res.json()) as { listing: Listing }
    expect(listing.isCustom).toBe(true)
    expect(listing.name.provider).toBe('')
    expect(listing.slug).toBe('listing/visitor-centre-picnic')
    const page = await t.services.pages.loadDraft(domainId, 'listings', 'listing/visitor-centre-picnic', SYSTEM)
    expect(page).toMatchObject({ _id: 'custom-1', template: 'listing' })

    // publishing the listing page publishes the listing record
    expect((await anon.get('/api/listing/findById?id=custom-1')).status).toBe(404)
    await editor.post('/api/page/publishPage', { page: { ...page, contents: [] }, collection: 'listings' })
    expect((await anon.get('/api/listing/findById?id=custom-1')).status).toBe(200)
    expect(names(await fetchGrid({ checkedCategories: ['PICNIC'] }))).toEqual(['Visitor Centre Picnic'])
    await editor.post('/api/page/unpublishPage', { _id: 'custom-1', collection: 'listings' })
    expect((await fetchGrid({ checkedCategories: ['PICNIC'] })).totalListings).toBe(0)
  })
})
