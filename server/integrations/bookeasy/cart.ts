/**
 * The booking provider's shopping cart (Bookeasy SJP / Content API "Shopping Cart" methods), as its
 * documentation describes them (docs/decisions/010-the-booking-provider-contract.md):
 *
 *   GET cart/getNewSession?q=true&nonce=…                           -> { SessionId }
 *   GET cart/getBECart?q=true&key=…                                 -> { cartcontent } or { NoDataFound }
 *   GET cart/saveBECartPart?q=true&key=…&partNo=i&totalParts=n&data=…   (one call per part)
 *   GET cart/deleteBECart?q=true&key=…
 *
 * Every method is a query-string call (the provider documents them as GET/JSONP calls; none takes a
 * JSON body). With an API key (BOOKEASY_API_KEY) every call carries the Content API's `apiKey`
 * header. This client only speaks HTTP and reports what came back; server/services/cart.ts decides
 * what an answer means for the visitor.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'

export interface BookEasyCartClientOptions {
  /** Base address of the provider's API, e.g. https://sjp.impartmedia.com (no trailing slash). */
  apiUrl: string
  /** The visitor centre id: the `q` of the operator calls (the cart calls send the documented q=true). */
  vcId: number
  /** The Content API's key, sent as the `apiKey` header; '' or unset sends none (the legacy SJP needs none). */
  apiKey?: string | undefined
  /** Per-call time limit in ms (default 10 s). */
  timeoutMs?: number
  /** Largest `data` chunk of one saveBECartPart call, in characters (default CART_PART_CHARS). */
  partChars?: number
  /** Makes the nonce of getNewSession (tests pass a fixed one). */
  nonce?: () => string
  fetch?: typeof fetch
}

/** The provider could not be reached, refused the call, or answered something that is not its API's JSON. */
export class BookEasyUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'BookEasyUnavailableError'
  }
}

/**
 * The documentation says a cart "can be saved over multiple calls" with a part number and the
 * number of parts, but not how large a part may be. The calls are query strings, so a part is kept
 * well under the ~2,000-character address limit older browsers and proxies impose on the provider's
 * JSONP calls. The one place this choice lives.
 */
export const CART_PART_CHARS = 1500

/** The cart methods' `q`: "Required parameter q. This must be provided to activate the query." (example q=true). */
const CART_Q = 'true'

const sessionAnswer = z.object({ SessionId: z.union([z.string(), z.number()]).nullish() }).loose()
const cartAnswer = z
  .object({
    cartcontent: z.array(z.record(z.string(), z.unknown())).nullish(),
    NoDataFound: z.unknown().optional(),
  })
  .loose()

export type ProviderCartItem = Record<string, unknown>

/** A provider API address from a path and query parameters; `q` defaults to the visitor centre id. */
export function providerUrl(
  apiUrl: string,
  path: string,
  params: Record<string, string | number | undefined> = {},
  defaultQ: number | string = 153,
): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  const withQ = { q: defaultQ, ...params }
  for (const [name, value] of Object.entries(withQ))
    if (value !== undefined && String(value) !== '') url.searchParams.set(name, String(value))
  return url.toString()
}

/** The request headers of every provider call: JSON, and the Content API's `apiKey` when there is one. */
export function providerHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { accept: 'application/json', apiKey } : { accept: 'application/json' }
}

/** A caller-made nonce for getNewSession: 128 random bits, hex (safe in a query string). */
export function newNonce(): string {
  return randomBytes(16).toString('hex')
}

/**
 * getNewSession's nonce is "produced and provided by the caller to verify the response nonce
 * matches", but the documentation found does not name the answer's nonce field. An answer that
 * carries one (`Nonce` or `nonce`) must carry ours; an answer without one is taken as is.
 */
export function sessionNonceMatches(answer: Record<string, unknown>, sent: string): boolean {
  const echoed = answer.Nonce ?? answer.nonce
  return echoed === undefined || echoed === null || String(echoed) === sent
}

/** Splits a cart's JSON into the parts saveBECartPart takes, in order (at least one part). */
export function cartParts(data: string, partChars = CART_PART_CHARS): string[] {
  const size = Math.max(1, Math.floor(partChars))
  const parts: string[] = []
  for (let i = 0; i < data.length; i += size) parts.push(data.slice(i, i + size))
  return parts.length ? parts : ['']
}

/**
 * Whether the provider took a saved part. Public integrations read `result` (true) from the
 * answer; the documentation found does not describe the answer, so only an explicit `result:
 * false` counts as refused.
 */
export function partAccepted(answer: unknown): boolean {
  return !(answer && typeof answer === 'object' && (answer as { result?: unknown }).result === false)
}

export function createBookEasyCartClient(options: BookEasyCartClientOptions) {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const makeNonce = options.nonce ?? newNonce
  const headers = providerHeaders(options.apiKey)
  const url = (path: string, params: Record<string, string | number | undefined> = {}) => providerUrl(options.apiUrl, path, params, CART_Q)

  async function call(address: string): Promise<unknown> {
    let res: Response
    try {
      res = await doFetch(address, { headers, signal: AbortSignal.timeout(timeoutMs) })
    } catch (err) {
      throw new BookEasyUnavailableError(`The booking provider could not be reached (${(err as Error).message})`)
    }
    const text = await res.text()
    if (!res.ok) throw new BookEasyUnavailableError(`The booking provider answered ${res.status}`, res.status)
    if (!text.trim()) return {}
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new BookEasyUnavailableError('The booking provider answered something that is not JSON', res.status)
    }
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw new BookEasyUnavailableError('The booking provider answered in an unexpected shape')
    return parsed.data
  }

  return {
    /** A new cart session (asked with a fresh nonce): the SessionId, or null when the provider gave none. */
    async getNewSession(): Promise<string | null> {
      const nonce = makeNonce()
      const body = parse(sessionAnswer, await call(url('cart/getNewSession', { nonce })))
      if (!sessionNonceMatches(body, nonce)) throw new BookEasyUnavailableError('The booking provider answered another nonce')
      const id = body.SessionId
      return id === null || id === undefined || String(id).trim() === '' ? null : String(id)
    },
    /** The provider's copy of a cart: its items, or { noData: true } when the provider flags none. */
    async getCart(key: string): Promise<{ noData: true } | { noData: false; items: ProviderCartItem[] }> {
      const body = parse(cartAnswer, await call(url('cart/getBECart', { key })))
      if ((body.NoDataFound !== undefined && body.NoDataFound !== false && body.NoDataFound !== null) || !body.cartcontent)
        return { noData: true }
      return { noData: false, items: body.cartcontent }
    },
    /** Saves a whole cart: its JSON in parts, one saveBECartPart call per part, in order. */
    async saveCart(input: {
      key: string
      controlId: number
      cartcontent: ProviderCartItem[]
      BookedBy?: string | undefined
      IsInternal?: boolean | undefined
    }): Promise<void> {
      const parts = cartParts(JSON.stringify(input), options.partChars)
      for (const [i, data] of parts.entries()) {
        const answer = await call(url('cart/saveBECartPart', { key: input.key, partNo: i + 1, totalParts: parts.length, data }))
        if (!partAccepted(answer)) throw new BookEasyUnavailableError(`The booking provider refused part ${i + 1} of the cart`)
      }
    },
    async deleteCart(key: string): Promise<void> {
      await call(url('cart/deleteBECart', { key }))
    },
  }
}

export type BookEasyCartClient = ReturnType<typeof createBookEasyCartClient>
