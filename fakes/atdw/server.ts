/**
 * A local fake of the ATDW Atlas API (the tourism provider): the same endpoints and response shapes
 * as the real one (../../../shared/atdw-samples), serving a generated Barossa (./data.ts), and the
 * pictures its image addresses point at. Startable in-process (tests, the demo) or on its own:
 *
 *   npm run fake:atdw        (scripts/fake-atdw.ts: port FAKE_ATDW_PORT, default 4020; FAKE_ATDW_COUNT, FAKE_ATDW_SEED)
 *
 * then ATDW_API_URL=http://127.0.0.1:4020 (any ATDW_API_KEY). Like the real API it answers JSON
 * in UTF-16 (little-endian, with a byte order mark), strings for most numbers and "" for empty.
 *
 * Test controls (not part of the real API), under /__admin: remove a product from the feed,
 * restore it, change it, make the next calls fail.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { generateProducts, type AtlasProductDetail } from './data.ts'
import { renderFakeImage } from './images.ts'
import { fakeTranslation, inVariant } from './translations.ts'

const STATE_CODES: Record<string, string> = {
  'South Australia': 'SA',
  'New South Wales': 'NSW',
  Victoria: 'VIC',
  Queensland: 'QLD',
  'Western Australia': 'WA',
  Tasmania: 'TAS',
  'Northern Territory': 'NT',
  'Australian Capital Territory': 'ACT',
}

export interface FakeAtlasOptions {
  seed?: number
  count?: number
  /** 'utf16' (default, like the real API) or 'utf8'. */
  encoding?: 'utf16' | 'utf8'
  /** Accepted API key; any non-empty key when unset. */
  apiKey?: string
  today?: Date
  /**
   * Where the data set's image addresses point (serverPath = `${imageBase}/images/...`). Default:
   * the fake's own address. The demo passes a path its web server serves (see server/demo/listings.ts).
   */
  imageBase?: string
}

/** What tests can change while the fake runs. */
export class FakeAtlasState {
  products = new Map<string, AtlasProductDetail>()
  removed = new Set<string>()
  /** The next this-many calls to /product and /productservice answer HTTP failStatus. */
  failNext = 0
  failStatus = 503
  /** Once this many /product calls have succeeded, every further one fails (a sync dying halfway). */
  failAfter: number | null = null
  detailCalls = 0
  requests: string[] = []

  /** Without an image base the data set is generated once the fake knows its own address. */
  constructor(
    private readonly options: FakeAtlasOptions,
    private imageBase = options.imageBase ?? '',
  ) {
    if (this.imageBase) this.reset()
  }

  setImageBase(base: string) {
    this.imageBase = base
    this.reset()
  }

  reset() {
    this.products = new Map(
      generateProducts({ seed: this.options.seed, count: this.options.count, imageBase: this.imageBase, today: this.options.today }).map(
        (p) => [p.productId, p],
      ),
    )
    this.removed.clear()
    this.failNext = 0
    this.failAfter = null
    this.detailCalls = 0
  }

  /** Every product in the feed (removed ones are gone, as when a product leaves the provider). */
  feed(): AtlasProductDetail[] {
    return [...this.products.values()].filter((p) => !this.removed.has(p.productId))
  }

  remove(productId: string) {
    this.removed.add(productId)
  }

  restore(productId: string) {
    this.removed.delete(productId)
  }

  /** Changes a product as its operator would; its update date moves on. */
  update(productId: string, patch: Record<string, unknown>) {
    const product = this.products.get(productId)
    if (!product) throw new Error(`no product ${productId}`)
    Object.assign(product, patch, { productupdateDate: new Date().toISOString() })
  }
}

function encode(c: Context, body: unknown, status: number, encoding: 'utf16' | 'utf8') {
  const text = JSON.stringify(body)
  if (encoding === 'utf8') return c.body(text, status as 200, { 'content-type': 'application/json; charset=utf-8' })
  const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
  return c.body(bytes, status as 200, { 'content-type': 'application/json; charset=utf-16' })
}

const first = <T>(v: T[] | undefined) => (Array.isArray(v) ? v[0] : undefined)
type Rec = Record<string, unknown>
const recs = (v: unknown): Rec[] => (Array.isArray(v) ? (v as Rec[]) : [])

/** A `/products` list item from a detail: snake_case addresses with state codes, as the real list. */
function listItem(p: AtlasProductDetail, fields: string[] | null): Rec {
  const address = recs(p.addresses).find((a) => a.attributeIdAddress === 'PHYSICAL')
  const media = first(recs(p.multimedia))
  const comm = (code: string) => recs(p.communication).find((c) => c.attributeIdCommunication === code)?.communicationDetail
  const all: Rec = {
    productId: p.productId,
    productNumber: p.productNumber,
    status: p.status,
    productUpdateDate: p.productupdateDate,
    owningOrganisationId: p.owningOrganisationId,
    owningOrganisationNumber: p.owningOrganisationNumber,
    owningOrganisationName: p.owningOrganisationName,
    productName: p.productName,
    atdwExpiryDate: p.atdwExpiryDate,
    productDescription: p.productDescription,
    productShortDescription: p.productShortDescription,
    productCategoryId: p.productCategoryId,
    productImage: media ? `${String(media.serverPath)}?w=280&h=210` : '',
    boundary: address ? `${String(address.geocodeGdaLatitude)},${String(address.geocodeGdaLongitude)}` : '0,0',
    addresses: address
      ? [
          {
            address_type: 'PHYSICAL',
            address_line: address.addressLine1,
            address_line2: address.addressLine2,
            city: address.cityName,
            state: STATE_CODES[String(address.stateName)] ?? address.stateName,
            postcode: address.addressPostalCode,
            country: address.countryName,
            area: [address.areaName],
            region: ['Barossa'],
          },
        ]
      : [],
    score: 1,
    // List fields of the `fl=` parameter: numbers are numbers here, unlike the detail.
    productClassifications: recs(p.verticalClassifications).map((v) => v.productTypeId),
    comms_em: comm('CAEMENQUIR'),
    comms_ph: comm('CAPHENQUIR'),
    comms_url: comm('CAURENQUIR'),
    comms_burl: comm('CAUBENQUIR'),
    rateFrom: p.rateFrom === '' ? undefined : Number(p.rateFrom),
    rateTo: p.rateTo === '' ? undefined : Number(p.rateTo),
    numberOfRooms: p.numberOfRooms === '' ? undefined : Number(p.numberOfRooms),
    nextOccurrence: first(recs(p.eventFrequency))?.frequencyStartDate,
    eventFrequency: recs(p.eventFrequency).length ? p.eventFrequency : undefined,
    productPixelURL: `https://atlas.example/pixel?productId=${p.productId}`,
  }
  const defaults = [
    'productId',
    'productNumber',
    'status',
    'productUpdateDate',
    'owningOrganisationId',
    'owningOrganisationNumber',
    'owningOrganisationName',
    'productName',
    'atdwExpiryDate',
    'productDescription',
    'productCategoryId',
    'productImage',
    'boundary',
    'addresses',
    'score',
    'productPixelURL',
  ]
  const keys = fields ? ['productId', ...fields, 'productPixelURL'] : defaults
  return Object.fromEntries(keys.filter((k) => all[k] !== undefined).map((k) => [k, all[k]]))
}

/** The pictures the data set's image addresses point at: GET /images/{scene}/{variant}.jpeg[?w=]. */
export function fakeAtlasImages() {
  const app = new Hono()
  app.get('/images/:scene/:file', async (c) => {
    const variant = Number.parseInt(c.req.param('file'), 10)
    const w = Number(c.req.query('w') || 0) || undefined
    const image = await renderFakeImage(c.req.param('scene'), Number.isFinite(variant) ? variant : 0, w)
    if (!image) return c.json({ message: 'No such image' }, 404)
    return c.body(new Uint8Array(image), 200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable' })
  })

  return app
}

/** A product's place in the shuffled order of a seed (FNV-1a of seed and id). */
function seededRank(seed: string, productId: string): number {
  let hash = 0x811c9dc5
  for (const ch of `${seed}:${productId}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return hash
}

export function createFakeAtlas(state: FakeAtlasState, options: FakeAtlasOptions = {}) {
  const encoding = options.encoding ?? 'utf16'
  const app = new Hono()

  app.use('/api/atlas/*', async (c, next) => {
    state.requests.push(new URL(c.req.url).pathname + new URL(c.req.url).search)
    const key = c.req.query('key')
    if (!key || (options.apiKey && key !== options.apiKey)) return encode(c, { status: 403, message: 'Invalid API key' }, 403, encoding)
    await next()
  })

  app.get('/api/atlas/products', (c) => {
    const q = c.req.query()
    const size = Number(q.size || 10)
    const page = Math.max(1, Number(q.pge || 1))
    if (!Number.isInteger(size) || size < 1 || size > 5000)
      return encode(c, { status: 400, message: 'size must be between 1 and 5000' }, 400, encoding)
    const cats = q.cats ? q.cats.split(',').map((s) => s.trim().toUpperCase()) : null
    const statuses = q.status ? q.status.split(',').map((s) => s.trim().toUpperCase()) : null
    let products = state.feed()
    if (cats) products = products.filter((p) => cats.includes(p.productCategoryId))
    if (q.st) products = products.filter((p) => STATE_CODES[String(p.stateName)] === q.st!.toUpperCase())
    if (q.ar) products = products.filter((p) => String(p.areaName).toLowerCase() === q.ar!.toLowerCase())
    if (q.ct) products = products.filter((p) => String(p.cityName).toLowerCase() === q.ct!.toLowerCase())
    if (q.term) products = products.filter((p) => p.productName.toLowerCase().includes(q.term!.toLowerCase()))
    if (q.delta) products = products.filter((p) => p.productupdateDate.slice(0, 10) >= q.delta!)
    // Without delta the real API lists active products only; with it, statuses may be asked for.
    products = products.filter((p) => (statuses ? statuses.includes(p.status) : q.delta ? true : p.status === 'ACTIVE'))
    // order=rand_<seed>: one shuffled order per seed, the same on every page (the real API's
    // "consistent yet randomized result set across pages"); otherwise by name.
    const seed = /^rand_(.+)$/.exec(q.order ?? '')?.[1]
    if (seed) {
      const rank = new Map(products.map((p) => [p.productId, seededRank(seed, p.productId)]))
      products.sort((a, b) => rank.get(a.productId)! - rank.get(b.productId)!)
    } else products.sort((a, b) => a.productName.localeCompare(b.productName))
    // mv=<market variant>: the list in that language (its translated names and descriptions, English
    // where a profile has none); order=lang puts the translated profiles first (a stable sort).
    const mv = q.mv?.toUpperCase()
    const listed = mv ? products.map((p) => ({ ...p, ...fakeTranslation(p, mv) })) : products
    if (mv && q.order === 'lang') {
      const translated = (p: AtlasProductDetail) => (Object.keys(fakeTranslation(p, mv)).length ? 0 : 1)
      products.sort((a, b) => translated(a) - translated(b))
      listed.sort((a, b) => translated(a) - translated(b))
    }
    const fields = q.fl
      ? q.fl
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null
    const slice = listed.slice((page - 1) * size, page * size)
    return encode(
      c,
      { status: 0, numberOfResults: products.length, queryTime: 1, products: slice.map((p) => listItem(p, fields)) },
      200,
      encoding,
    )
  })

  const failing = (c: Context) => {
    state.detailCalls++
    if (state.failNext > 0) {
      state.failNext--
      return encode(c, { status: state.failStatus, message: 'Service temporarily unavailable' }, state.failStatus, encoding)
    }
    if (state.failAfter !== null && state.detailCalls > state.failAfter)
      return encode(c, { status: 500, message: 'Internal error' }, 500, encoding)
    return null
  }

  app.get('/api/atlas/product', (c) => {
    const failure = failing(c)
    if (failure) return failure
    const product = state.products.get(c.req.query('productId') ?? '')
    if (!product || state.removed.has(product.productId)) return encode(c, { status: 404, message: 'Product not found' }, 404, encoding)
    // mv=<market variant> (one language per request): the profile in that language, a field the
    // provider has no translation for left out (fakes/atdw/translations.ts).
    const mv = c.req.query('mv')
    if (mv && mv.includes(',')) return encode(c, { status: 400, message: 'Only one market variant per request' }, 400, encoding)
    return encode(c, mv ? inVariant(product, mv.toUpperCase()) : product, 200, encoding)
  })

  app.get('/api/atlas/productservice', (c) => {
    const failure = failing(c)
    if (failure) return failure
    const product = state.products.get(c.req.query('productId') ?? '')
    const service = product && recs(product.services).find((s) => s.serviceId === c.req.query('serviceId'))
    if (!product || !service || state.removed.has(product.productId))
      return encode(c, { status: 404, message: 'Service not found' }, 404, encoding)
    // In a market variant the service's name and description are left out: the fake has no service translations.
    const { serviceName: _name, serviceDescription: _description, ...untranslated } = service
    return encode(
      c,
      {
        ...(c.req.query('mv') ? untranslated : service),
        productId: product.productId,
        productName: product.productName,
        productCategoryId: product.productCategoryId,
        status: product.status,
      },
      200,
      encoding,
    )
  })

  app.route('/', fakeAtlasImages())
  // A relative image base (the demo's /atdw-demo): the pictures answer there too, so the site's image
  // pipeline fetches a relative address from the fake's own (loopback) address.
  if (options.imageBase?.startsWith('/')) app.route(options.imageBase, fakeAtlasImages())

  // ---- test controls
  app.post('/__admin/remove', async (c) => {
    const { productId } = await c.req.json<{ productId: string }>()
    state.remove(productId)
    return c.json({ ok: true })
  })
  app.post('/__admin/restore', async (c) => {
    const { productId } = await c.req.json<{ productId: string }>()
    state.restore(productId)
    return c.json({ ok: true })
  })
  app.post('/__admin/update', async (c) => {
    const { productId, patch } = await c.req.json<{ productId: string; patch: Record<string, unknown> }>()
    state.update(productId, patch)
    return c.json({ ok: true })
  })
  app.post('/__admin/fail', async (c) => {
    const { next, status, after } = await c.req.json<{ next?: number; status?: number; after?: number | null }>()
    state.failNext = next ?? 0
    state.failStatus = status ?? 503
    state.failAfter = after ?? null
    state.detailCalls = 0
    return c.json({ ok: true })
  })
  app.post('/__admin/reset', (c) => {
    state.reset()
    return c.json({ ok: true })
  })
  app.get('/__admin/products', (c) =>
    c.json(
      state
        .feed()
        .map((p) => ({ productId: p.productId, productName: p.productName, productCategoryId: p.productCategoryId, status: p.status })),
    ),
  )

  return app
}

export interface RunningFakeAtlas {
  /** The ATDW_API_URL of this fake, e.g. http://127.0.0.1:4020. */
  url: string
  state: FakeAtlasState
  close(): Promise<void>
}

/** Starts the fake on a port (0: any free one); image addresses use the address it listens on. */
export function startFakeAtlas(options: FakeAtlasOptions & { port?: number; host?: string } = {}): Promise<RunningFakeAtlas> {
  const host = options.host ?? '127.0.0.1'
  const state = new FakeAtlasState(options)
  const app = createFakeAtlas(state, options)
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) => {
      const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${info.port}`
      if (!options.imageBase) state.setImageBase(url)
      resolve({
        url,
        state,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
    server.on('error', reject)
  })
}
