import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomListing, type BookEasyInfo, type Listing } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { fakeOperatorInfo } from '../fakes/bookeasy/operators.ts'
import { startFakeBookEasy, type RunningFakeBookEasy } from '../fakes/bookeasy/server.ts'
import { signIn, visitor, type Caller } from '../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { publishProviderListing } from '../tests/helpers/listings.ts'
import { SYSTEM } from '../server/services/access.ts'
import { toBookEasyInfo } from '../server/integrations/bookeasy/operators.ts'
import { applyProvider } from './mapping.ts'
import { createBookEasySyncService } from './sync/bookeasy.ts'

/**
 * The booking provider's operator information on listings (spec 02 §3.1, §7, §8): 'Sync with
 * BookEasy' (listing/updateWithBookEasy) and listing/loadBookEasyListings against the local fake of
 * the provider's web API and a real database; provider failures answer an error status for the
 * editor's one listing and are swallowed into `error` for loadBookEasyListings.
 */

let fake: RunningFakeBookEasy
let t: TestApp
let domainId: string
let editor: Caller
let anon: Caller

const expectedInfo = (id: number): BookEasyInfo => {
  const f = fakeOperatorInfo(id)
  return {
    OperatorID: String(id),
    PackageID: String(f.PackageID),
    Operators: f.TradingName,
    SearchType: f.SearchType,
    Facilities: f.Facilities.map((x) => x.Name),
    Cancellation: f.Cancellation,
    TermsAndConditions: f.TermsAndConditions,
  }
}

async function addProduct(id: string, name: string, operator: string | null, publish = true): Promise<Listing> {
  return publishProviderListing(
    t,
    domainId,
    id,
    name,
    {
      productCategoryId: 'ACCOMM',
      description: `${name} among the vines`,
      externalSystems: operator ? [{ externalSystemCode: 'BOOKEASY', externalSystemText: operator }] : [],
      address: {
        line1: '1 Murray Street',
        line2: '',
        city: 'Tanunda',
        area: 'Barossa',
        state: 'South Australia',
        postcode: '5352',
        country: 'Australia',
      },
    },
    { published: publish },
  )
}

const fakeCalls = async () =>
  ((await (await fetch(`${fake.url}/__fake/operators/calls`)).json()) as { operators: string[]; q: string }[]).length
const fakeMode = (mode: 'ok' | 'down') =>
  fetch(`${fake.url}/__fake/operators/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  })

beforeAll(async () => {
  fake = await startFakeBookEasy()
  t = await createTestApp({ seed: true, env: { BOOKEASY_API_URL: fake.url, BOOKEASY_VC_ID: '153' } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  editor = await signIn(t, { username: 'bookeasy-editor', password: 'bookeasy-password' })
  anon = visitor(t)
  await addProduct('be-cottage', 'Kalimna Cottage', '1234')
  await addProduct('be-hotel', 'Light Pass Hotel', '1001')
  await addProduct('be-none', 'No Booking Cafe', null)
  await addProduct('be-unknown', 'Unknown Operator Lodge', '987654')
  await addProduct('be-draft', 'Unpublished Retreat', '1002', false)
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

describe('the provider answer', () => {
  it('is read whatever the shapes of ids, facilities and empty values', () => {
    expect(
      toBookEasyInfo({
        OperatorID: 42,
        PackageID: null,
        TradingName: ' Vine View ',
        SearchType: 'Tours',
        Facilities: [{ Name: 'Spa' }, 'Parking', { Name: 'Spa' }, ''],
        Cancellation: '',
        TermsAndConditions: undefined,
      }),
    ).toEqual({
      OperatorID: '42',
      PackageID: '',
      Operators: 'Vine View',
      SearchType: 'Tours',
      Facilities: ['Spa', 'Parking'],
      Cancellation: '',
      TermsAndConditions: '',
    })
    expect(toBookEasyInfo({ OperatorId: '7', Operators: 'Old Vine', Facilities: 'Wifi, Pool' })).toMatchObject({
      OperatorID: '7',
      Operators: 'Old Vine',
      Facilities: ['Wifi', 'Pool'],
    })
    expect(toBookEasyInfo({ TradingName: 'no id' })).toBeNull()
  })
})

describe('listing/updateWithBookEasy', () => {
  it("attaches the operator's information to the listing, in the copy visitors see too", async () => {
    const res = await editor.get('/api/listing/updateWithBookEasy?_id=be-cottage')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { listing: Listing; message: string }
    expect(body.message).toBe(listingTexts.toasts.listingBookEasy)
    expect(body.listing.bookEasy).toEqual(expectedInfo(1234))
    // The provider was asked with the visitor centre id and the operator id.
    const calls = (await (await fetch(`${fake.url}/__fake/operators/calls`)).json()) as { operators: string[]; q: string }[]
    expect(calls.at(-1)).toEqual({ operators: ['1234'], q: '153' })

    const pub = (await (await anon.get('/api/listing/findById?id=be-cottage')).json()) as Listing
    expect(pub.bookEasy).toEqual(expectedInfo(1234))
    // The sync keeps it: the provider data changes, the booking data stays.
    const current = (await t.services.listings.findById(domainId, 'be-cottage', { editor: true }))!
    const again = applyProvider(
      current,
      { _id: 'be-cottage', domainId, listingType: 'product', parentId: null, atdw: { ...current.atdw!, description: 'New words' } },
      new Date().toISOString(),
    )
    await t.services.listings.setPublished(domainId, again, true, SYSTEM)
    expect((await t.services.listings.findById(domainId, 'be-cottage'))!.bookEasy).toEqual(expectedInfo(1234))
  })

  it("uses a custom listing's bookEasyCode and leaves an unpublished listing off the public site", async () => {
    const save = await editor.post('/api/listing/save', {
      listing: { ...newCustomListing('custom-be', 'Our Own Farm Stay'), bookEasyCode: '2002' },
    })
    expect(save.status).toBe(200)
    const res = await editor.get('/api/listing/updateWithBookEasy?_id=custom-be')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { listing: Listing }).listing.bookEasy).toEqual(expectedInfo(2002))
    expect((await anon.get('/api/listing/findById?id=custom-be')).status).toBe(404)
    const [stored] = await t.services.bookEasySync.operatorInfo(domainId, ['custom-be'])
    expect(stored).toEqual({ id: 'custom-be', editor: expectedInfo(2002), public: null })
  })

  it('answers 409 without an operator id, 404 for an operator the provider does not know or a missing listing, 401 for visitors', async () => {
    const none = await editor.get('/api/listing/updateWithBookEasy?_id=be-none')
    expect(none.status).toBe(409)
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe('This listing has no BookEasy operator id')
    const unknown = await editor.get('/api/listing/updateWithBookEasy?_id=be-unknown')
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe('BookEasy has no operator 987654')
    expect((await editor.get('/api/listing/updateWithBookEasy?_id=nothing-here')).status).toBe(404)
    expect((await anon.get('/api/listing/updateWithBookEasy?_id=be-cottage')).status).toBe(401)
    expect((await editor.get('/api/listing/updateWithBookEasy')).status).toBe(400)
  })

  it('answers 503 when the provider is down, and keeps what the listing had', async () => {
    await fakeMode('down')
    try {
      const res = await editor.get('/api/listing/updateWithBookEasy?_id=be-cottage')
      expect(res.status).toBe(503)
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('The booking provider answered 503')
      expect((await t.services.listings.findById(domainId, 'be-cottage', { editor: true }))!.bookEasy).toEqual(expectedInfo(1234))
    } finally {
      await fakeMode('ok')
    }
  })
})

describe('listing/loadBookEasyListings', () => {
  it("refreshes every booking listing for an editor and answers the published ones' entries by code", async () => {
    await fetch(`${fake.url}/__fake/operators/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ OperatorID: 1234, TradingName: 'Kalimna Cottages (renamed)' }),
    })
    const res = await editor.get('/api/listing/loadBookEasyListings')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      listings: Record<string, { slug: string; url: string; bookEasyCode: string }>
      error?: string
      refreshed: { operators: number; updated: number; unknown: string[] }
    }
    expect(body.error).toBeUndefined()
    // be-cottage, be-hotel, be-unknown, be-draft and the custom listing carry an operator id.
    expect(body.refreshed).toEqual({ operators: 5, updated: 3, unknown: ['987654'] })
    expect((await t.services.listings.findById(domainId, 'be-cottage'))!.bookEasy?.Operators).toBe('Kalimna Cottages (renamed)')
    expect((await t.services.listings.findById(domainId, 'be-hotel'))!.bookEasy).toEqual(expectedInfo(1001))
    // Entries: published listings only, by booking code, linking to their page.
    expect(Object.keys(body.listings).sort()).toEqual(['1001', '1234', '987654'])
    const cottage = (await t.services.listings.findById(domainId, 'be-cottage'))!
    expect(body.listings['1234']).toMatchObject({ bookEasyCode: '1234', slug: cottage.slug, url: `/${cottage.slug}?id=be-cottage` })
  })

  it('answers visitors from what is stored, without calling the provider', async () => {
    const before = await fakeCalls()
    const res = await anon.get('/api/listing/loadBookEasyListings')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { listings: Record<string, unknown>; refreshed?: unknown }
    expect(Object.keys(body.listings)).toContain('1234')
    expect(body.refreshed).toBeUndefined()
    expect(await fakeCalls()).toBe(before)
  })

  it('swallows a provider failure into error and still answers the entries', async () => {
    await fakeMode('down')
    try {
      const res = await editor.get('/api/listing/loadBookEasyListings')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { listings: Record<string, unknown>; error?: string; refreshed: { updated: number } }
      expect(body.error).toBe('The booking provider answered 503')
      expect(body.refreshed.updated).toBe(0)
      expect(Object.keys(body.listings).sort()).toEqual(['1001', '1234', '987654'])
      expect((await t.services.listings.findById(domainId, 'be-hotel'))!.bookEasy).toEqual(expectedInfo(1001))
    } finally {
      await fakeMode('ok')
    }
    // Once the provider is back the error is gone.
    const ok = (await (await editor.get('/api/listing/loadBookEasyListings')).json()) as { error?: string }
    expect(ok.error).toBeUndefined()
  })

  it('sends the Content API key (BOOKEASY_API_KEY) with its operator calls, and says so when the provider refuses it', async () => {
    const keyed = await startFakeBookEasy({ apiKey: 'content-api-key' })
    try {
      const withKey = createBookEasySyncService({
        db: t.database.db,
        listings: t.services.listings,
        bookeasy: { apiUrl: keyed.url, vcId: 153, apiKey: 'content-api-key' },
      })
      const answer = await withKey.loadBookEasyListings(domainId, { refresh: true })
      expect(answer.error).toBeUndefined()
      expect(answer.refreshed?.updated).toBeGreaterThan(0)
      const withoutKey = createBookEasySyncService({
        db: t.database.db,
        listings: t.services.listings,
        bookeasy: { apiUrl: keyed.url, vcId: 153 },
      })
      expect((await withoutKey.loadBookEasyListings(domainId, { refresh: true })).error).toBeTruthy()
    } finally {
      await keyed.close()
    }
  })

  it('says so when the booking provider is not configured, instead of failing', async () => {
    const service = createBookEasySyncService({
      db: t.database.db,
      listings: t.services.listings,
      bookeasy: { apiUrl: undefined, vcId: 153 },
    })
    const answer = await service.loadBookEasyListings(domainId, { refresh: true })
    expect(answer.error).toBe('Online booking is not configured (set BOOKEASY_API_URL)')
    expect(Object.keys(answer.listings)).toContain('1234')
    await expect(service.updateWithBookEasy(domainId, 'be-cottage')).rejects.toThrow(
      'Online booking is not configured (set BOOKEASY_API_URL)',
    )
  })
})
