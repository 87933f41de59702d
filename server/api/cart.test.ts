import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { texts } from '#lib/texts'
import { createCartService } from '../services/cart.ts'
import { startFakeBookEasy, type RunningFakeBookEasy } from '../../fakes/bookeasy/server.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * The cart proxy (spec 02 §7 cart calls) against the local fake of the provider's cart API, here
 * as the Content API: it asks for the key BOOKEASY_API_KEY configures (docs/decisions/010).
 */
let fake: RunningFakeBookEasy
let t: TestApp
const API_KEY = 'cart-test-content-api-key'

beforeAll(async () => {
  fake = await startFakeBookEasy({ apiKey: API_KEY })
  t = await createTestApp({ env: { BOOKEASY_API_URL: fake.url, BOOKEASY_VC_ID: '153', BOOKEASY_API_KEY: API_KEY } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/cart/reset`, { method: 'POST' })
})

const get = (path: string) => t.app.request(`/api/cart/${path}`)
const post = (path: string, body: unknown) =>
  t.app.request(`/api/cart/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const providerCalls = async () =>
  (await (await fetch(`${fake.url}/__fake/cart/calls`)).json()) as {
    method: string
    path: string
    query: Record<string, string>
    apiKey: boolean
  }[]
const providerCarts = async () => (await (await fetch(`${fake.url}/__fake/cart/carts`)).json()) as Record<string, unknown[]>
/** The cart the provider was last given, joined from its parts (the `data` of each saveBECartPart call). */
const lastSavedCart = async () => {
  const saves = (await providerCalls()).filter((c) => c.path === '/cart/saveBECartPart')
  const last = saves.filter((c) => c.query.partNo === '1').at(-1)
  const parts = saves.slice(saves.indexOf(last!))
  return JSON.parse(parts.map((c) => c.query.data).join('')) as unknown
}
const setMode = (mode: string) =>
  fetch(`${fake.url}/__fake/cart/mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) })

const item = {
  id: 'item-1',
  operatorid: '4242',
  type: 'accom',
  image: '',
  period: 2,
  adults: 2,
  children: 1,
  infants: 0,
  startdate: '2027-03-01',
  quotedprice: 320,
  specials: [],
  bookingQuestionAnswers: [],
}

describe('cart/getNewSession', () => {
  it('answers the SessionId the provider gives, asked with q=true, a nonce and the apiKey header', async () => {
    const res = await get('getNewSession')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { SessionId: string }
    expect(body.SessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const calls = await providerCalls()
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/cart/getNewSession',
        query: { q: 'true', nonce: expect.stringMatching(/^[0-9a-f]{32}$/) as string },
        apiKey: true,
      },
    ])
  })

  it("says 'No token provided, please try again!' when the provider gives no SessionId", async () => {
    await setMode('noToken')
    const res = await get('getNewSession')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: texts.cart.noToken } })
  })

  it('answers 503 in the error shape when the provider is down', async () => {
    await setMode('down')
    const res = await get('getNewSession')
    expect(res.status).toBe(503)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('unavailable')
    expect(body.error.message).toMatch(/cannot be reached/)
  })
})

describe('saving, loading and deleting a cart', () => {
  it('saves a cart with controlId 153 by default, loads it back, deletes it', async () => {
    const { SessionId: key } = (await (await get('getNewSession')).json()) as { SessionId: string }

    const saved = await post('saveBECart', { key, cartcontent: [item] })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ saved: true })

    const loaded = await get(`getBECart?key=${encodeURIComponent(key)}`)
    expect(loaded.status).toBe(200)
    expect(await loaded.json()).toEqual({ cartcontent: [item] })

    const deleted = await get(`deleteBECart?key=${encodeURIComponent(key)}`)
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ deleted: true })

    // Every call reached the provider as a query-string call with its key, the documented q and the default control id.
    const calls = await providerCalls()
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /cart/getNewSession',
      'GET /cart/saveBECartPart',
      'GET /cart/getBECart',
      'GET /cart/deleteBECart',
    ])
    expect(calls.every((c) => c.apiKey)).toBe(true)
    expect(calls[1]!.query).toMatchObject({ q: 'true', key, partNo: '1', totalParts: '1' })
    expect(await lastSavedCart()).toEqual({ key, controlId: 153, cartcontent: [item] })
    expect(calls[2]!.query).toEqual({ q: 'true', key })
    expect(calls[3]!.query).toEqual({ q: 'true', key })
  })

  it('saves a cart too long for one call in parts the provider joins back', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...item, id: `item-${i}` }))
    const res = await post('saveBECart', { key: 'k-many', cartcontent: many })
    expect(res.status).toBe(200)
    const saves = (await providerCalls()).filter((c) => c.path === '/cart/saveBECartPart')
    expect(saves.length).toBeGreaterThan(1)
    expect(saves.map((c) => c.query.partNo)).toEqual(saves.map((_, i) => String(i + 1)))
    expect((await providerCarts())['k-many']).toEqual(many)
  })

  it('passes a given controlId, BookedBy and IsInternal through', async () => {
    const res = await post('saveBECart', { key: 'k-1', controlId: 200, cartcontent: [item], BookedBy: 'Visitor Centre', IsInternal: true })
    expect(res.status).toBe(200)
    expect(await lastSavedCart()).toEqual({ key: 'k-1', controlId: 200, cartcontent: [item], BookedBy: 'Visitor Centre', IsInternal: true })
  })

  it("says 'No Data Found' when the provider flags no data (after a delete, or for an unknown key)", async () => {
    await post('saveBECart', { key: 'k-2', cartcontent: [item] })
    await get('deleteBECart?key=k-2')
    const res = await get('getBECart?key=k-2')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: texts.cart.noData } })
  })
})

describe('bad input is refused before the provider is called', () => {
  it('refuses a missing or malformed key, and a cart that is not a list of items', async () => {
    const answers = await Promise.all([
      get('getBECart'),
      get('getBECart?key=' + encodeURIComponent('a key&with=stuff')),
      get('deleteBECart?key='),
      post('saveBECart', { key: 'k', cartcontent: 'nope' }),
      post('saveBECart', { key: 'k', cartcontent: [{ operatorid: 'no id' }] }),
      post('saveBECart', { cartcontent: [] }),
    ])
    for (const res of answers) {
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input')
    }
    expect(await providerCalls()).toEqual([])
  })
})

describe('without the Content API key', () => {
  it('the provider refuses every call and the visitor is told booking cannot be reached (503)', async () => {
    const unkeyed = createCartService({ apiUrl: fake.url, vcId: 153 })
    await expect(unkeyed.newSession()).rejects.toMatchObject({ kind: 'unavailable', message: texts.cart.unreachable })
    expect((await providerCalls()).map((c) => c.apiKey)).toEqual([false])
  })
})

describe('without BOOKEASY_API_URL', () => {
  it('calls nobody and says online booking is not configured (404)', async () => {
    const bare = createCartService({ apiUrl: undefined, vcId: 153 })
    await expect(bare.newSession()).rejects.toMatchObject({ kind: 'not_found', message: texts.cart.notConfigured })
    await expect(bare.load('k')).rejects.toMatchObject({ kind: 'not_found', message: texts.cart.notConfigured })
  })
})
