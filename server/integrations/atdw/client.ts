/**
 * A typed client for the ATDW Atlas API (the tourism provider): product lists, product details and
 * product services. It is tolerant of the API's habits: bodies in UTF-16 (with or without a byte
 * order mark), numbers as strings, "" for empty, snake_case list addresses with state codes vs
 * camelCase detail addresses with state names. Failed calls (network, 429, 5xx) are retried with
 * exponential backoff; 4xx answers are not.
 *
 * The raw shapes stay loose (`AtlasRecord`); ./normalise.ts turns them into the site's AtdwData.
 */

import { randomBytes } from 'node:crypto'

export type AtlasRecord = Record<string, unknown>

export interface AtlasClientOptions {
  /** ATDW_API_URL, e.g. https://atlas.atdw-online.com.au (the client adds /api/atlas/...). */
  baseUrl: string
  apiKey: string
  /** Attempts per call including the first (default 4). */
  attempts?: number
  /** First backoff delay in ms; doubles each retry, with jitter (default 250). */
  backoffMs?: number
  /** Per-attempt timeout in ms (default 30 s). */
  timeoutMs?: number
  fetch?: typeof fetch
}

export interface ProductListQuery {
  /** Categories (ACCOMM, TOUR, EVENT...). */
  cats?: string[]
  /** State code, e.g. SA. */
  st?: string
  /** Area name, e.g. Barossa. */
  ar?: string
  ct?: string
  term?: string
  /** 1-based page. */
  pge?: number
  /** Page size, at most 5000. */
  size?: number
  /** Extra list fields (fl=), e.g. productClassifications, comms_em, rateFrom, nextOccurrence. */
  fl?: string[]
  /** Changes since this date (YYYY-MM-DD). */
  delta?: string
  /** A market variant (mv=, one language), e.g. GERMAN; with order 'lang' translated profiles come first. */
  mv?: string
  /** With delta: ACTIVE, INACTIVE, EXPIRED. */
  status?: string[]
  /**
   * Result order (order=). `rand_<seed>` (seededOrder) gives "a consistent yet randomized result
   * set across pages" (developer.atdw.com.au/ATDWO-support-size-restriction.html); without it the
   * list is in relevance order, which can skip or repeat products between pages while the feed changes.
   */
  order?: string
}

/** One `/products` list item with its address in the one shape the site uses. */
export interface AtlasListItem {
  productId: string
  productName: string
  productCategoryId: string
  status: string
  productUpdateDate: string
  productDescription: string
  productImage: string
  address: AtlasAddress | null
  classifications: string[]
  rateFrom: number | null
  rateTo: number | null
  raw: AtlasRecord
}

export interface AtlasAddress {
  type: string
  line1: string
  line2: string
  city: string
  area: string
  /** The state's full name when the API gave one, else its code. */
  state: string
  stateCode: string
  postcode: string
  country: string
  latitude: number | null
  longitude: number | null
}

export interface ProductList {
  numberOfResults: number
  products: AtlasListItem[]
}

export class AtlasError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'AtlasError'
  }
}

// ------------------------------------------------------------------ quirk helpers

/** "" / null / undefined -> '', anything else -> its string. */
export const str = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : String(value)

/** "200" / 200 -> 200; "" / null / "abc" -> null. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const s = str(value).replace(/[$,\s]/g, '')
  if (!s) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/** "1" / 1 / true / "true" / "Y" -> 1, else 0. */
export const flag = (value: unknown): 0 | 1 =>
  value === true || value === 1 || ['1', 'true', 'y', 'yes'].includes(str(value).toLowerCase()) ? 1 : 0

export const list = (value: unknown): AtlasRecord[] =>
  Array.isArray(value) ? value.filter((v): v is AtlasRecord => typeof v === 'object' && v !== null) : []

const STATE_NAMES: Record<string, string> = {
  SA: 'South Australia',
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
}
const STATE_CODES = Object.fromEntries(Object.entries(STATE_NAMES).map(([code, name]) => [name.toLowerCase(), code]))

/**
 * One address shape from either form: list items (address_type, address_line, city, state 'SA',
 * area: [..]) or details (attributeIdAddress, addressLine1, cityName, stateName, areaName...).
 */
export function normaliseAddress(a: AtlasRecord): AtlasAddress {
  const snake = 'address_type' in a || 'address_line' in a || 'city' in a
  const state = str(snake ? a.state : a.stateName)
  const stateCode = STATE_NAMES[state.toUpperCase()] ? state.toUpperCase() : (STATE_CODES[state.toLowerCase()] ?? state)
  const areaValue = snake ? a.area : a.areaName
  return {
    type: str(snake ? a.address_type : a.attributeIdAddress).toUpperCase() || 'PHYSICAL',
    line1: str(snake ? a.address_line : a.addressLine1),
    line2: str(snake ? a.address_line2 : a.addressLine2),
    city: str(snake ? a.city : a.cityName) || str(a.suburbName),
    area: Array.isArray(areaValue) ? str(areaValue[0]) : str(areaValue),
    state: STATE_NAMES[stateCode] ?? state,
    stateCode,
    postcode: str(snake ? a.postcode : a.addressPostalCode),
    country: str(snake ? a.country : a.countryName),
    latitude: num(a.geocodeGdaLatitude),
    longitude: num(a.geocodeGdaLongitude),
  }
}

/** The physical address of a product (list or detail), or null. */
export function physicalAddress(product: AtlasRecord): AtlasAddress | null {
  const addresses = list(product.addresses).map(normaliseAddress)
  const found = addresses.find((a) => a.type === 'PHYSICAL') ?? addresses[0] ?? null
  if (found && found.latitude === null && typeof product.boundary === 'string') {
    const [lat, lng] = product.boundary.split(',').map((v) => num(v))
    if (lat && lng) return { ...found, latitude: lat, longitude: lng }
  }
  return found
}

/**
 * Decodes a response body: UTF-16 (LE or BE, by byte order mark, by the charset, or by the zero
 * bytes of ASCII text) or UTF-8; a leading BOM is dropped.
 */
export function decodeBody(bytes: Uint8Array, contentType = ''): string {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8'
  let start = 0
  if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2]
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2]
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [encoding, start] = ['utf-8', 3]
  else if (/charset=utf-?16be/i.test(contentType)) encoding = 'utf-16be'
  else if (/charset=(utf-?16|unicode)/i.test(contentType)) encoding = 'utf-16le'
  else if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) encoding = 'utf-16le'
  else if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) encoding = 'utf-16be'
  const text = new TextDecoder(encoding).decode(bytes.subarray(start))
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ------------------------------------------------------------------ the client

/**
 * A market variant code as the API takes it (CHINESE-S, GERMAN, PORT-EUR...): one code, never a
 * list (the API allows one language per request).
 */
export function marketVariant(mv: string | undefined): string | undefined {
  if (mv === undefined || mv === '') return undefined
  if (!/^[A-Z]+(?:-[A-Z]+)?$/.test(mv))
    throw new AtlasError(`A market variant is one language code such as GERMAN, not "${mv}"`, 400, false)
  return mv
}

/** The Atlas order that pages in one stable random order for this seed: `rand_<seed>`. */
export function seededOrder(seed: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(seed)) throw new AtlasError('An order seed holds 1 to 64 letters, digits, _ or -', 400, false)
  return `rand_${seed}`
}

/** A fresh seed for one pass through the list (64 random bits, hex). */
export function newOrderSeed(): string {
  return randomBytes(8).toString('hex')
}

export function createAtlasClient(options: AtlasClientOptions) {
  const doFetch = options.fetch ?? fetch
  const attempts = Math.max(1, options.attempts ?? 4)
  const backoffMs = options.backoffMs ?? 250
  const timeoutMs = options.timeoutMs ?? 30_000
  const base = options.baseUrl.replace(/\/+$/, '')

  /** GET /api/atlas/{path} with key and out=json; answers the parsed JSON. */
  async function call(path: string, params: Record<string, string | number | undefined>): Promise<unknown> {
    const url = new URL(`${base}/api/atlas/${path}`)
    url.searchParams.set('key', options.apiKey)
    url.searchParams.set('out', 'json')
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v))
    let lastError: AtlasError | null = null
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2) * (0.75 + Math.random() * 0.5))
      try {
        const res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
        const text = decodeBody(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-type') ?? '')
        if (!res.ok) {
          const retryable = res.status === 429 || res.status >= 500
          let message = `HTTP ${res.status}`
          try {
            const body = JSON.parse(text) as { message?: unknown }
            if (body.message) message += `: ${str(body.message)}`
          } catch {
            // not JSON: the status says enough
          }
          lastError = new AtlasError(`Atlas ${path} failed: ${message}`, res.status, retryable)
          if (!retryable) throw lastError
          continue
        }
        try {
          return JSON.parse(text)
        } catch {
          lastError = new AtlasError(`Atlas ${path} answered something that is not JSON`, res.status, true)
        }
      } catch (err) {
        if (err instanceof AtlasError && !err.retryable) throw err
        lastError =
          err instanceof AtlasError ? err : new AtlasError(`Atlas ${path} could not be reached: ${(err as Error).message}`, null, true)
      }
    }
    throw lastError ?? new AtlasError(`Atlas ${path} failed`, null, true)
  }

  function toListItem(p: AtlasRecord): AtlasListItem {
    return {
      productId: str(p.productId),
      productName: str(p.productName),
      productCategoryId: str(p.productCategoryId).toUpperCase(),
      status: str(p.status).toUpperCase() || 'ACTIVE',
      productUpdateDate: str(p.productUpdateDate ?? p.productupdateDate),
      productDescription: str(p.productDescription),
      productImage: str(p.productImage),
      address: physicalAddress(p),
      classifications: Array.isArray(p.productClassifications) ? p.productClassifications.map(str).filter(Boolean) : [],
      rateFrom: num(p.rateFrom),
      rateTo: num(p.rateTo),
      raw: p,
    }
  }

  /** One page of `/products`. */
  async function listProducts(query: ProductListQuery = {}): Promise<ProductList> {
    if (query.size !== undefined && (query.size < 1 || query.size > 5000))
      throw new AtlasError('size must be between 1 and 5000', 400, false)
    const body = (await call('products', {
      cats: query.cats?.join(','),
      st: query.st,
      ar: query.ar,
      ct: query.ct,
      term: query.term,
      pge: query.pge,
      size: query.size,
      fl: query.fl?.join(','),
      delta: query.delta,
      status: query.status?.join(','),
      order: query.order,
      mv: marketVariant(query.mv),
    })) as AtlasRecord
    return { numberOfResults: num(body.numberOfResults) ?? 0, products: list(body.products).map(toListItem) }
  }

  /**
   * Every page of `/products` (pages of `size`, default 1000), all in one order: the caller's, or a
   * seeded random one made for this pass (`rand_<seed>`), so no product is skipped or repeated
   * between pages when the feed changes meanwhile.
   */
  async function listAllProducts(query: Omit<ProductListQuery, 'pge'> = {}): Promise<AtlasListItem[]> {
    const size = query.size ?? 1000
    const order = query.order ?? seededOrder(newOrderSeed())
    const all: AtlasListItem[] = []
    for (let pge = 1; ; pge++) {
      const page = await listProducts({ ...query, size, pge, order })
      all.push(...page.products)
      if (page.products.length < size || all.length >= page.numberOfResults) break
    }
    return all
  }

  /**
   * `/product?productId=`: the full detail (raw; see normalise.ts). With `mv` (a market variant,
   * e.g. GERMAN, CHINESE-S: one language per request), the profile in that language: the fields
   * the provider translated in it (decision 030; ./normalise.ts translationOf reads them).
   */
  async function getProduct(productId: string, options: { mv?: string } = {}): Promise<AtlasRecord> {
    return (await call('product', { productId, mv: marketVariant(options.mv) })) as AtlasRecord
  }

  /** `/productservice?productId=&serviceId=`: one service of a product (raw), in a market variant with `mv`. */
  async function getProductService(productId: string, serviceId: string, options: { mv?: string } = {}): Promise<AtlasRecord> {
    return (await call('productservice', { productId, serviceId, mv: marketVariant(options.mv) })) as AtlasRecord
  }

  return { listProducts, listAllProducts, getProduct, getProductService }
}

export type AtlasClient = ReturnType<typeof createAtlasClient>
