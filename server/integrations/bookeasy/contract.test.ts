/**
 * The booking provider's contract (docs/decisions/010-the-booking-provider-contract.md): the cart
 * and operator clients against the example payloads recorded from the provider's documentation
 * (fakes/bookeasy/samples/), and the local fake answering those same samples the same way, so the
 * fake cannot drift from what the documentation says.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeBookEasy, type RunningFakeBookEasy } from '../../../fakes/bookeasy/server.ts'
import { BookEasyUnavailableError, CART_PART_CHARS, createBookEasyCartClient, type ProviderCartItem } from './cart.ts'
import { createBookEasyOperatorsClient } from './operators.ts'

interface Sample {
  request: { path: string; query: Record<string, string>; headers?: Record<string, string> }
  response?: unknown
}
const samplesDir = fileURLToPath(new URL('../../../fakes/bookeasy/samples/', import.meta.url))
const sample = (name: string) => JSON.parse(fs.readFileSync(path.join(samplesDir, `${name}.json`), 'utf8')) as Sample

const newSession = sample('getNewSession')
const cart = sample('getBECart')
const noData = sample('getBECart-no-data')
const savePart = sample('saveBECartPart')
const deleteCart = sample('deleteBECart')
const contentApi = sample('content-api-key')
const KEY = (newSession.response as { SessionId: string }).SessionId
const sampleItems = (cart.response as { cartcontent: ProviderCartItem[] }).cartcontent
const API = 'https://sjp.example.test'

interface Seen {
  path: string
  query: Record<string, string>
  headers: Record<string, string>
}

/** A provider that answers each request with `answer(request)`, recording what it was asked. */
function provider(answer: (seen: Seen) => unknown) {
  const seen: Seen[] = []
  const fetchStub: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const request: Seen = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    }
    seen.push(request)
    return Promise.resolve(new Response(JSON.stringify(answer(request)), { headers: { 'content-type': 'application/json' } }))
  }
  return { seen, fetch: fetchStub }
}

const client = (fetchStub: typeof fetch, apiKey?: string) =>
  createBookEasyCartClient({ apiUrl: API, vcId: 153, apiKey, fetch: fetchStub, nonce: () => newSession.request.query.nonce! })

describe('the cart client against the documented samples', () => {
  it('asks getNewSession with q=true and its own nonce, and reads the SessionId', async () => {
    const p = provider(() => newSession.response)
    await expect(client(p.fetch).getNewSession()).resolves.toBe(KEY)
    expect(p.seen).toEqual([{ path: newSession.request.path, query: newSession.request.query, headers: { accept: 'application/json' } }])
  })

  it('makes a new nonce for every session and refuses an answer that echoes another nonce', async () => {
    const nonces: string[] = []
    const p = provider((s) => {
      nonces.push(s.query.nonce!)
      return { ...(newSession.response as object), Nonce: 'not-the-one-sent' }
    })
    const real = createBookEasyCartClient({ apiUrl: API, vcId: 153, fetch: p.fetch })
    await expect(real.getNewSession()).rejects.toBeInstanceOf(BookEasyUnavailableError)
    await expect(real.getNewSession()).rejects.toThrow(/nonce/)
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(nonces[0]).not.toBe(nonces[1])
    // The same answer echoing the nonce that was sent is taken.
    const echo = provider((s) => ({ ...(newSession.response as object), Nonce: s.query.nonce }))
    await expect(createBookEasyCartClient({ apiUrl: API, vcId: 153, fetch: echo.fetch }).getNewSession()).resolves.toBe(KEY)
  })

  it('reads a cart and a NoDataFound answer from getBECart', async () => {
    const p = provider((s) => (s.query.key === cart.request.query.key ? cart.response : noData.response))
    await expect(client(p.fetch).getCart(cart.request.query.key!)).resolves.toEqual({ noData: false, items: sampleItems })
    await expect(client(p.fetch).getCart(noData.request.query.key!)).resolves.toEqual({ noData: true })
    expect(p.seen.map((s) => [s.path, s.query])).toEqual([
      [cart.request.path, cart.request.query],
      [noData.request.path, noData.request.query],
    ])
  })

  it('saves a small cart in one saveBECartPart call, exactly as the sample request', async () => {
    const p = provider(() => savePart.response)
    await client(p.fetch).saveCart({ key: KEY, controlId: 153, cartcontent: sampleItems })
    expect(p.seen.map((s) => [s.path, s.query])).toEqual([[savePart.request.path, savePart.request.query]])
  })

  it('saves a large cart over several calls, numbered from 1 with the number of parts, that join back into the cart', async () => {
    const p = provider(() => savePart.response)
    const items = Array.from({ length: 30 }, (_, i) => ({ ...sampleItems[0], id: `item-${i}`, note: 'x'.repeat(80) }))
    await client(p.fetch).saveCart({ key: KEY, controlId: 212, cartcontent: items, BookedBy: 'web' })
    const parts = p.seen
    expect(parts.length).toBeGreaterThan(2)
    expect(parts.every((s) => s.path === savePart.request.path && s.query.q === 'true' && s.query.key === KEY)).toBe(true)
    expect(parts.map((s) => s.query.partNo)).toEqual(parts.map((_, i) => String(i + 1)))
    expect(new Set(parts.map((s) => s.query.totalParts))).toEqual(new Set([String(parts.length)]))
    expect(parts.every((s) => s.query.data!.length <= CART_PART_CHARS)).toBe(true)
    expect(JSON.parse(parts.map((s) => s.query.data).join(''))).toEqual({ key: KEY, controlId: 212, cartcontent: items, BookedBy: 'web' })
  })

  it('stops and reports a part the provider refuses', async () => {
    const p = provider(() => ({ result: false }))
    await expect(client(p.fetch).saveCart({ key: KEY, controlId: 153, cartcontent: sampleItems })).rejects.toThrow(/refused part 1/)
    expect(p.seen).toHaveLength(1)
  })

  it('deletes a cart with deleteBECart', async () => {
    const p = provider(() => deleteCart.response)
    await client(p.fetch).deleteCart(KEY)
    expect(p.seen.map((s) => [s.path, s.query])).toEqual([[deleteCart.request.path, deleteCart.request.query]])
  })

  it("sends the Content API's apiKey header on every cart and operator call when a key is set", async () => {
    const headerName = Object.keys(contentApi.request.headers!).find((h) => h.toLowerCase() === 'apikey')!
    expect(headerName).toBe('apiKey')
    const answers: Record<string, unknown> = {
      '/cart/getNewSession': newSession.response,
      '/cart/getBECart': cart.response,
      '/cart/saveBECartPart': savePart.response,
      '/cart/deleteBECart': deleteCart.response,
      '/be/getOperatorsInformation': [],
    }
    const p = provider((s) => answers[s.path])
    const keyed = client(p.fetch, 'content-api-key')
    await keyed.getNewSession()
    await keyed.getCart(KEY)
    await keyed.saveCart({ key: KEY, controlId: 153, cartcontent: sampleItems })
    await keyed.deleteCart(KEY)
    await createBookEasyOperatorsClient({ apiUrl: API, vcId: 153, apiKey: 'content-api-key', fetch: p.fetch }).getOperatorsInformation([
      '1001',
    ])
    expect(p.seen).toHaveLength(5)
    expect(p.seen.every((s) => s.headers.apikey === 'content-api-key')).toBe(true)
    expect(p.seen.at(-1)).toMatchObject({ path: '/be/getOperatorsInformation', query: { q: '153', operators: '1001' } })
  })
})

describe('the fake provider answers the documented samples', () => {
  let fake: RunningFakeBookEasy
  let keyed: RunningFakeBookEasy
  const get = (base: string, s: Sample['request'], headers: Record<string, string> = {}) =>
    fetch(`${base}${s.path}?${new URLSearchParams(s.query).toString()}`, { headers })

  beforeAll(async () => {
    fake = await startFakeBookEasy()
    keyed = await startFakeBookEasy({ apiKey: 'fake-content-api-key' })
  })
  afterAll(async () => {
    await fake?.close()
    await keyed?.close()
  })

  it('gives a GUID session for the sample request, and refuses one without the required nonce', async () => {
    const res = await get(fake.url, newSession.request)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { SessionId: string }).SessionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
    const { nonce: _nonce, ...withoutNonce } = newSession.request.query
    const refused = await get(fake.url, { ...newSession.request, query: withoutNonce })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ Message: 'Required parameter nonce is missing' })
  })

  it('keeps the cart saved by the sample request and answers it as getBECart.json; NoDataFound for another key', async () => {
    await fetch(`${fake.url}/__fake/cart/reset`, { method: 'POST' })
    const saved = await get(fake.url, savePart.request)
    expect(await saved.json()).toEqual(savePart.response)
    expect(await (await get(fake.url, cart.request)).json()).toEqual(cart.response)
    expect(await (await get(fake.url, noData.request)).json()).toEqual(noData.response)
  })

  it('joins a cart saved in parts, and the client round-trips through it', async () => {
    const real = createBookEasyCartClient({ apiUrl: fake.url, vcId: 153, partChars: 50 })
    const key = (await real.getNewSession())!
    await real.saveCart({ key, controlId: 153, cartcontent: sampleItems })
    const calls = (await (await fetch(`${fake.url}/__fake/cart/calls`)).json()) as { path: string }[]
    expect(calls.filter((c) => c.path === '/cart/saveBECartPart').length).toBeGreaterThan(3)
    await expect(real.getCart(key)).resolves.toEqual({ noData: false, items: sampleItems })
    await real.deleteCart(key)
    await expect(real.getCart(key)).resolves.toEqual({ noData: true })
  })

  it('does not take the cart as a JSON body', async () => {
    const res = await fetch(`${fake.url}/cart/saveBECartPart?q=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEY, controlId: 153, cartcontent: sampleItems }),
    })
    expect(res.status).toBe(404)
  })

  it('as the Content API: refuses calls without the apiKey header or with another key, answers those with it', async () => {
    for (const headers of [{}, { apiKey: 'another-key' }] as Record<string, string>[]) {
      expect((await get(keyed.url, newSession.request, headers)).status).toBe(401)
      expect((await fetch(`${keyed.url}/be/getOperatorsInformation?q=153&operators=1001`, { headers })).status).toBe(401)
    }
    const real = createBookEasyCartClient({ apiUrl: keyed.url, vcId: 153, apiKey: 'fake-content-api-key' })
    expect(await real.getNewSession()).toBeTruthy()
    const unkeyed = createBookEasyCartClient({ apiUrl: keyed.url, vcId: 153 })
    await expect(unkeyed.getNewSession()).rejects.toMatchObject({ status: 401 })
  })
})
