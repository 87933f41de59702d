/**
 * The booking provider's cart API (BookEasy web API, BEHAVIOUR-NOTES "Booking provider cart"):
 *   GET  cart/getNewSession          -> { SessionId }
 *   GET  cart/getBECart?key=         -> { cartcontent: [...] } or { NoDataFound: ... }
 *   POST cart/saveBECartPart         <- { key, controlId, cartcontent, BookedBy?, IsInternal? }
 *   GET  cart/deleteBECart?key=
 * Every address carries `q` (the visitor centre id, 153 unless configured). This client only
 * speaks HTTP and reports what came back; server/services/cart.ts decides what an answer means.
 */
import { z } from 'zod'

export interface BookEasyCartClientOptions {
  /** Base address of the provider's web API, e.g. https://sjp.impartmedia.com/be (no trailing slash). */
  apiUrl: string
  /** The default `q` (visitor centre id) of every call. */
  vcId: number
  /** Per-call time limit in ms (default 10 s). */
  timeoutMs?: number
  fetch?: typeof fetch
}

/** The provider could not be reached, or answered something that is not its API's JSON. */
export class BookEasyUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'BookEasyUnavailableError'
  }
}

const sessionAnswer = z.object({ SessionId: z.union([z.string(), z.number()]).nullish() }).loose()
const cartAnswer = z
  .object({
    cartcontent: z.array(z.record(z.string(), z.unknown())).nullish(),
    NoDataFound: z.unknown().optional(),
  })
  .loose()

export type ProviderCartItem = Record<string, unknown>

/** A provider web API address from a path and query parameters; `q` defaults to the visitor centre id. */
export function providerUrl(
  apiUrl: string,
  path: string,
  params: Record<string, string | number | undefined> = {},
  defaultQ = 153,
): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  const withQ = { q: defaultQ, ...params }
  for (const [name, value] of Object.entries(withQ))
    if (value !== undefined && String(value) !== '') url.searchParams.set(name, String(value))
  return url.toString()
}

export function createBookEasyCartClient(options: BookEasyCartClientOptions) {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const url = (path: string, params: Record<string, string | number | undefined> = {}) =>
    providerUrl(options.apiUrl, path, params, options.vcId)

  async function call(address: string, init: RequestInit = {}): Promise<unknown> {
    let res: Response
    try {
      res = await doFetch(address, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      })
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
    /** A new cart session: the SessionId, or null when the provider gave none. */
    async getNewSession(): Promise<string | null> {
      const body = parse(sessionAnswer, await call(url('cart/getNewSession')))
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
    async saveCart(input: {
      key: string
      controlId: number
      cartcontent: ProviderCartItem[]
      BookedBy?: string | undefined
      IsInternal?: boolean | undefined
    }): Promise<void> {
      await call(url('cart/saveBECartPart'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
    },
    async deleteCart(key: string): Promise<void> {
      await call(url('cart/deleteBECart', { key }))
    },
  }
}

export type BookEasyCartClient = ReturnType<typeof createBookEasyCartClient>
