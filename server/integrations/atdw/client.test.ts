import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAtlas, type RunningFakeAtlas } from '../../../fakes/atdw/server.ts'
import { providerValues } from '../../../listings/mapping.ts'
import { AtlasError, createAtlasClient, decodeBody, seededOrder, type AtlasRecord } from './client.ts'
import { productToAtdwData, serviceToAtdwData } from './normalise.ts'

/**
 * The Atlas client against real HTTP: the real API's response samples (fakes/atdw/samples, copied from ../shared/atdw-samples)
 * served the way the API sends them (UTF-16 with or without a byte order mark), numbers as
 * strings, "" for empty, snake_case list addresses vs camelCase detail addresses; retries with
 * backoff on 429/5xx/garbage and none on 4xx; paging through the fake Atlas server.
 */

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fakes/atdw/samples')
const sample = (name: string) => fs.readFileSync(path.join(samples, name), 'utf8')
const sampleJson = (name: string) => JSON.parse(sample(name)) as AtlasRecord

type Encoding = 'utf16le-bom' | 'utf16le' | 'utf16be' | 'utf8-bom' | 'utf8'
function encodeAs(text: string, encoding: Encoding): Buffer {
  const le = Buffer.from(text, 'utf16le')
  switch (encoding) {
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), le])
    case 'utf16le':
      return le
    case 'utf16be':
      return Buffer.from(le).swap16()
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
    case 'utf8':
      return Buffer.from(text, 'utf8')
  }
}

/** A scripted Atlas: each request takes the next answer of the queue (the last one repeats). */
interface Answer {
  status?: number
  body: string
  encoding?: Encoding
  contentType?: string
}
let queue: Answer[] = []
const requests: { path: string; query: URLSearchParams; at: number }[] = []
let server: http.Server
let baseUrl: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push({ path: url.pathname, query: url.searchParams, at: Date.now() })
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json; charset=utf-16' })
    res.end(encodeAs(answer.body, answer.encoding ?? 'utf16le-bom'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
afterEach(() => {
  queue = []
  requests.length = 0
})

const client = (options: { attempts?: number; backoffMs?: number } = {}) =>
  createAtlasClient({ baseUrl, apiKey: 'the-key', backoffMs: 5, ...options })

describe('response bodies', () => {
  it('decodes UTF-16 with and without a byte order mark, big-endian, and UTF-8 with a BOM', () => {
    const text = '{"productName":"Café & Cellar – Tanunda"}'
    for (const encoding of ['utf16le-bom', 'utf16le', 'utf16be', 'utf8-bom', 'utf8'] as const) {
      expect(JSON.parse(decodeBody(new Uint8Array(encodeAs(text, encoding)))), encoding).toEqual({ productName: 'Café & Cellar – Tanunda' })
    }
    // A charset in the header decides when there is no BOM.
    expect(decodeBody(new Uint8Array(encodeAs(text, 'utf16be')), 'application/json; charset=UTF-16BE')).toBe(text)
  })
})

describe('the product list (/products)', () => {
  it('reads the sample list sent in UTF-16: counts as numbers, snake_case addresses in the one address shape', async () => {
    queue = [{ body: sample('atdw_default_fields.json') }]
    const list = await client().listProducts({ cats: ['RESTAURANT', 'ACCOMM'], st: 'ACT', size: 10, pge: 2, fl: ['rateFrom', 'comms_em'] })
    expect(requests[0]!.path).toBe('/api/atlas/products')
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      key: 'the-key',
      out: 'json',
      cats: 'RESTAURANT,ACCOMM',
      st: 'ACT',
      size: '10',
      pge: '2',
      fl: 'rateFrom,comms_em',
    })
    const raw = sampleJson('atdw_default_fields.json')
    expect(list.numberOfResults).toBe(Number(raw.numberOfResults))
    expect(list.products.length).toBe((raw.products as unknown[]).length)
    const sando = list.products.find((p) => p.productName === '&Sando')!
    expect(sando).toMatchObject({
      productId: '66187b0790424110620a5ee8',
      productCategoryId: 'RESTAURANT',
      status: 'ACTIVE',
      productUpdateDate: '2025-04-11T16:31:34.170+10:00',
    })
    expect(sando.address).toEqual({
      type: 'PHYSICAL',
      line1: '',
      line2: 'Canberra Centre Level Shop DGL01 148 Bunda Street St',
      city: 'Canberra',
      area: 'Canberra',
      state: 'Australian Capital Territory',
      stateCode: 'ACT',
      postcode: '2601',
      country: 'Australia',
      // No coordinates in list addresses: they come from `boundary`.
      latitude: -35.28099419999999,
      longitude: 149.1213974,
    })
  })

  it('reads list fields of fl= (classifications, rates as numbers) and event occurrences', async () => {
    queue = [{ body: sample('atdw_underscore_fields.json'), encoding: 'utf16le' }]
    const { products } = await client().listProducts({ fl: ['productClassifications', 'rateFrom', 'comms_ph'] })
    expect(products.length).toBeGreaterThan(0)
    for (const p of products) {
      expect(typeof p.productId).toBe('string')
      expect(p.rateFrom === null || typeof p.rateFrom === 'number').toBe(true)
      expect(Array.isArray(p.classifications)).toBe(true)
    }

    const events = sampleJson('atdw_event_fields.json').products as AtlasRecord[]
    const event = productToAtdwData(events[0]!)
    const first = (events[0]!.eventFrequency as { frequencyStartDate: string; frequencyStartTime: string }[])[0]!
    expect(event.eventFrequency[0]).toMatchObject({
      frequencyStartDate: first.frequencyStartDate,
      frequencyStartTime: first.frequencyStartTime,
    })
    expect(event.startDate).toBe(first.frequencyStartDate)
    expect(event.endDate >= event.startDate).toBe(true)
  })

  it('refuses a page size over 5000 without calling the API', async () => {
    queue = [{ body: '{}' }]
    await expect(client().listProducts({ size: 5001 })).rejects.toMatchObject({ name: 'AtlasError', status: 400, retryable: false })
    expect(requests).toHaveLength(0)
  })
})

describe('the product detail (/product)', () => {
  it('turns the sample detail into the site data: strings to numbers, "" dropped, camelCase address, communication and booking ids', async () => {
    queue = [{ body: sample('atdw_product_detail_example.json'), encoding: 'utf16le-bom' }]
    const raw = await client().getProduct('5fd017c6dad46f254f08fb78')
    expect(requests[0]!.path).toBe('/api/atlas/product')
    expect(requests[0]!.query.get('productId')).toBe('5fd017c6dad46f254f08fb78')
    const data = productToAtdwData(raw)
    expect(data).toMatchObject({
      productId: '5fd017c6dad46f254f08fb78',
      productCategoryId: 'ACCOMM',
      name: 'A by Adina Canberra',
      status: 'ACTIVE',
      rateFrom: 200,
      rateTo: 350,
      // Detail fields spell it productupdateDate.
      productUpdateDate: '2025-01-22T16:22:48.450+10:00',
      address: {
        line1: '1 Constitution Avenue',
        line2: '',
        city: 'Canberra',
        area: 'Canberra',
        state: 'Australian Capital Territory',
        postcode: '2601',
        country: 'Australia',
      },
      latitude: -35.2829336,
      longitude: 149.1309267,
      bookingUrl: 'https://www.tfehotels.com/en/hotels/a-by-adina/canberra/',
    })
    expect(data.externalSystems).toContainEqual({ externalSystemCode: 'BOOKEASY', externalSystemText: '138758' })
    // Phone numbers get their area code; e-mail and web site as given.
    const comm = Object.fromEntries(data.communication.map((c) => [c.attributeIdCommunication, c.communicationDetail]))
    expect(comm.CAEMENQUIR).toBe('reservations.canberra@abyadina.com')
    expect(comm.CAPHENQUIR).toMatch(/5134 6444$/)
    // Images: numbers for sizes, in sequence order; nothing empty survives.
    expect(data.multimedia.length).toBeGreaterThan(0)
    expect(data.multimedia[0]).toMatchObject({ attributeIdMultimediaContent: 'IMAGE', width: 2048, height: 1536 })
    expect(data.multimedia.every((m) => m.serverPath.startsWith('https://'))).toBe(true)
    expect(data.services.length).toBe((raw.services as unknown[]).length)
    expect(data.openingTime).toMatchObject({ openingTimeType: '', seasonalPeriods: [], exceptions: { exceptionPeriod: '', periods: [] } })
    expect(data.communication.every((c) => c.communicationDetail !== '')).toBe(true)

    // What the listing shows from it (spec 02 §3.1): physical address line1, city, state, country.
    const values = providerValues(data, 'product')
    expect(values).toMatchObject({
      name: 'A by Adina Canberra',
      email: 'reservations.canberra@abyadina.com',
      url: comm.CAURENQUIR,
      physicalAddress: '1 Constitution Avenue, Canberra, Australian Capital Territory, Australia',
    })
    expect(values.instagram).toBe('https://www.instagram.com/abyadina/')

    // A service's name is the parent's name plus its own; "" rates stay empty.
    const service = serviceToAtdwData(data, (raw.services as AtlasRecord[])[0]!)
    expect(service).toMatchObject({ serviceId: '603dd969c30a74f622dc2987', name: 'A by Adina Canberra Studio', rateFrom: null, rates: [] })
  })
})

describe('retries', () => {
  it('retries 503 and 429 with growing waits, then succeeds', async () => {
    queue = [
      { status: 503, body: '{"status":503,"message":"Service temporarily unavailable"}' },
      { status: 429, body: '{"message":"Too many requests"}', encoding: 'utf8', contentType: 'application/json' },
      { status: 503, body: 'upstream down', encoding: 'utf8', contentType: 'text/plain' },
      { body: '{"productId":"p1","productName":"Kalimna Cottage","productCategoryId":"ACCOMM","rateFrom":"150"}' },
    ]
    const product = await client({ attempts: 4, backoffMs: 40 }).getProduct('p1')
    expect(product.productName).toBe('Kalimna Cottage')
    expect(requests).toHaveLength(4)
    const gaps = requests.slice(1).map((r, i) => r.at - requests[i]!.at)
    // 40, 80, 160 ms (each ±25%).
    expect(gaps[0]).toBeGreaterThanOrEqual(28)
    expect(gaps[1]).toBeGreaterThanOrEqual(58)
    expect(gaps[2]).toBeGreaterThanOrEqual(118)
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!)
  })

  it('retries an answer that is not JSON, and gives up after the attempts with the last error', async () => {
    queue = [{ body: '<html>maintenance</html>', encoding: 'utf8', contentType: 'text/html' }]
    await expect(client({ attempts: 3 }).getProduct('p1')).rejects.toThrow('Atlas product answered something that is not JSON')
    expect(requests).toHaveLength(3)

    requests.length = 0
    queue = [{ status: 500, body: '{"status":500,"message":"Internal error"}' }]
    const error = await client({ attempts: 2 })
      .getProduct('p1')
      .catch((err: unknown) => err)
    expect(error).toBeInstanceOf(AtlasError)
    expect(error).toMatchObject({ status: 500, retryable: true, message: 'Atlas product failed: HTTP 500: Internal error' })
    expect(requests).toHaveLength(2)
  })

  it('does not retry a refusal (4xx other than 429)', async () => {
    queue = [{ status: 403, body: '{"status":403,"message":"Invalid API key"}' }]
    await expect(client({ attempts: 4 }).listProducts()).rejects.toMatchObject({
      status: 403,
      retryable: false,
      message: 'Atlas products failed: HTTP 403: Invalid API key',
    })
    expect(requests).toHaveLength(1)
  })

  it('retries a provider that cannot be reached', async () => {
    const closed = createAtlasClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', attempts: 2, backoffMs: 5 })
    await expect(closed.getProduct('p1')).rejects.toMatchObject({
      status: null,
      retryable: true,
      message: expect.stringMatching(/^Atlas product could not be reached/),
    })
  })
})

describe('stable paging (order=rand_<seed>)', () => {
  it('gives each pass through the list its own seed, keeps a seed the caller gives, and refuses a seed unsafe in an address', async () => {
    const page = JSON.stringify({ numberOfResults: 0, products: [] })
    queue = [{ body: page }]
    await client().listAllProducts({ st: 'SA' })
    await client().listAllProducts({ st: 'SA' })
    await client().listAllProducts({ st: 'SA', order: seededOrder('run-2026-11-24') })
    await client().listProducts({ st: 'SA', pge: 2, order: 'rand_run-2026-11-24' })
    const orders = requests.map((r) => Object.fromEntries(r.query).order)
    expect(orders[0]).toMatch(/^rand_[0-9a-f]{16}$/)
    expect(orders[1]).toMatch(/^rand_[0-9a-f]{16}$/)
    expect(orders[0]).not.toBe(orders[1])
    expect(orders.slice(2)).toEqual(['rand_run-2026-11-24', 'rand_run-2026-11-24'])
    expect(() => seededOrder('a seed&with=stuff')).toThrow(AtlasError)
    expect(() => seededOrder('')).toThrow(AtlasError)
  })
})

describe('against the fake Atlas server', () => {
  let fake: RunningFakeAtlas
  beforeAll(async () => {
    fake = await startFakeAtlas({ count: 60, seed: 3 })
  })
  afterAll(() => fake.close())

  it('pages through the whole feed, and the fake answers like the samples (UTF-16, strings, snake_case list addresses)', async () => {
    const atlas = createAtlasClient({ baseUrl: fake.url, apiKey: 'k', backoffMs: 5 })
    const all = await atlas.listAllProducts({ st: 'SA', ar: 'Barossa', size: 25 })
    const active = fake.state.feed().filter((p) => p.status === 'ACTIVE')
    expect(all.map((p) => p.productId).sort()).toEqual(active.map((p) => p.productId).sort())
    expect(
      fake.state.requests.filter((r) => r.startsWith('/api/atlas/products')).map((r) => new URL(r, 'http://x').searchParams.get('pge')),
    ).toEqual(['1', '2', '3'])
    expect(all.every((p) => p.address?.stateCode === 'SA' && p.address.state === 'South Australia')).toBe(true)
    // Every page was asked in the same seeded random order (stable paging).
    const orders = fake.state.requests
      .filter((r) => r.startsWith('/api/atlas/products'))
      .map((r) => new URL(r, 'http://x').searchParams.get('order'))
    expect(orders).toHaveLength(3)
    expect(new Set(orders).size).toBe(1)
    expect(orders[0]).toMatch(/^rand_[0-9a-f]{16}$/)

    const res = await fetch(`${fake.url}/api/atlas/product?key=k&productId=${active[0]!.productId}`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe])
    const detail = JSON.parse(decodeBody(bytes)) as AtlasRecord
    expect(typeof detail.rateFrom).toBe('string')
    expect((detail.addresses as AtlasRecord[])[0]).toHaveProperty('addressLine1')
    expect(productToAtdwData(detail).address?.state).toBe('South Australia')
  })

  it('survives the fake failing a few detail calls (retries), and fails when it keeps failing', async () => {
    const atlas = createAtlasClient({ baseUrl: fake.url, apiKey: 'k', attempts: 3, backoffMs: 5 })
    const id = fake.state.feed()[0]!.productId
    fake.state.failNext = 2
    expect((await atlas.getProduct(id)).productId).toBe(id)
    fake.state.failNext = 3
    await expect(atlas.getProduct(id)).rejects.toMatchObject({ status: 503 })
    fake.state.failNext = 0
  })
})
