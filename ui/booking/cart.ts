/**
 * The visitor's booking cart (spec 02 §3.6, §4): a provider session created once, the cart kept in
 * local storage and saved to the provider through /api/cart/*, removal by item id, and emptying that
 * clears storage. Browser-only; components read it with useCart().
 */
import { useBrowserStore } from '../hooks/use-hydrated'
import { texts } from '#lib/texts'
import { documentTexts } from '../locale'
import type { ApiAnswer, ApiBody, ApiPath, ApiQuery } from '../api.ts'

export interface CartItem {
  id: string
  operatorid?: string
  type?: string
  image?: string
  period?: number | string
  adults?: number | string
  children?: number | string
  infants?: number | string
  startdate?: string
  quotedprice?: number | string
  specials?: unknown[]
  bookingQuestionAnswers?: unknown[]
  [field: string]: unknown
}

export interface CartState {
  sessionToken: string | null
  cart: CartItem[]
  /**
   * The provider's copy, once loaded (null until then): its items as the provider keeps them (the
   * route declares records, since the provider may add or drop fields of its own).
   */
  bookEasyCart: Record<string, unknown>[] | null
  cartCount: number
}

export const STORAGE_KEY = 'booking-cart'
/** Fired on document when the cart changes in this tab. */
const CHANGED = 'booking-cart:changed'

const emptyState: CartState = { sessionToken: null, cart: [], bookEasyCart: null, cartCount: 0 }

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage disabled: the cart lives for this page only
  }
}

let memory: CartState = emptyState
let cachedRaw: string | null | undefined

export function readCart(): CartState {
  const store = storage()
  if (!store) return memory
  const raw = store.getItem(STORAGE_KEY)
  if (raw === cachedRaw) return memory
  cachedRaw = raw
  memory = parse(raw)
  return memory
}

function parse(raw: string | null): CartState {
  if (!raw) return emptyState
  try {
    const value = JSON.parse(raw) as Partial<CartState>
    const cart = Array.isArray(value.cart)
      ? value.cart
          .filter((i): i is CartItem => !!i && typeof i === 'object' && (typeof i.id === 'string' || typeof i.id === 'number'))
          .map((i) => ({ ...i, id: String(i.id) }))
      : []
    return {
      sessionToken: typeof value.sessionToken === 'string' && value.sessionToken ? value.sessionToken : null,
      cart,
      bookEasyCart: Array.isArray(value.bookEasyCart) ? value.bookEasyCart : null,
      cartCount: cart.length,
    }
  } catch {
    return emptyState
  }
}

function write(next: Omit<CartState, 'cartCount'>) {
  const state: CartState = { ...next, cartCount: next.cart.length }
  memory = state
  const store = storage()
  if (store) {
    const raw = JSON.stringify(state)
    try {
      store.setItem(STORAGE_KEY, raw)
      cachedRaw = raw
    } catch {
      // quota or private mode: keep it in memory
    }
  }
  document.dispatchEvent(new Event(CHANGED))
}

function clearStorage() {
  memory = emptyState
  const store = storage()
  store?.removeItem(STORAGE_KEY)
  cachedRaw = null
  document.dispatchEvent(new Event(CHANGED))
}

export function subscribeCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener()
  }
  document.addEventListener(CHANGED, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    document.removeEventListener(CHANGED, listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The cart for components: empty on the server and while hydrating, then the stored one. */
export function useCart(): CartState {
  return useBrowserStore(subscribeCart, readCart, () => emptyState)
}

/** An API answer that is not 2xx, with the server's message (the spec's texts). */
export class CartError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'CartError'
  }
}

type CartGet = Extract<ApiPath<'get'>, `/cart/${string}`>
type CartPost = Extract<ApiPath<'post'>, `/cart/${string}`>

/**
 * A call to the cart's routes, typed from their declarations (decision 040) as the visitor's other
 * calls are: the path names the query or body and the answer. Not visitor-api.ts's helpers: a
 * failure carries the server's message (the spec's texts) or, offline, the "unreachable" text.
 */
function cartGet<P extends CartGet>(apiBase: string, path: P, query: ApiQuery<P>): Promise<ApiAnswer<P, 'get'>> {
  const search = new URLSearchParams(query as Record<string, string>).toString()
  return call(`${apiBase}${path}${search ? `?${search}` : ''}`)
}
function cartPost<P extends CartPost>(
  apiBase: string,
  path: P,
  body: ApiBody<P>,
  init?: { keepalive?: boolean },
): Promise<ApiAnswer<P, 'post'>> {
  return call(`${apiBase}${path}`, { ...init, method: 'POST', body: JSON.stringify(body) })
}

async function call<T>(address: string, init?: RequestInit): Promise<T> {
  let res: Response
  try {
    res = await fetch(address, {
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    })
  } catch {
    throw new CartError(documentTexts().cart.unreachable, 0)
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null
  if (!res.ok) throw new CartError(body?.error?.message || documentTexts().cart.unreachable, res.status)
  return body as T
}

let sessionRequest: Promise<string> | null = null

/** The provider session: created once (concurrent callers share the request), then kept. */
export function ensureSession(apiBase: string): Promise<string> {
  const existing = readCart().sessionToken
  if (existing) return Promise.resolve(existing)
  sessionRequest ??= cartGet(apiBase, '/cart/getNewSession', {})
    .then(({ SessionId }) => {
      if (!SessionId) throw new CartError(texts.cart.noToken, 503)
      write({ ...readCart(), sessionToken: SessionId })
      return SessionId
    })
    .finally(() => {
      sessionRequest = null
    })
  return sessionRequest
}

/** The save under way; the next one starts after it (a failed one does not stop the next). */
let saving: Promise<void> = Promise.resolve()

/**
 * Saves this browser's cart to the provider. Saves run one after another and each sends the cart
 * as it is when it starts: two quick changes can otherwise reach the provider in the wrong order
 * and leave it holding the older cart. Resolves when this change is saved; rejects with its error.
 */
function saveToProvider(apiBase: string): Promise<void> {
  const run = saving
    .catch(() => undefined)
    .then(async () => {
      const key = await ensureSession(apiBase)
      const cart = readCart().cart
      // keepalive: the save finishes even when the visitor moves on to /booking straight away.
      await cartPost(apiBase, '/cart/saveBECart', { key, cartcontent: cart }, { keepalive: true })
      write({ ...readCart(), bookEasyCart: cart })
      document.dispatchEvent(new Event('booking-cart:saved'))
    })
  saving = run
  return run
}

/** Adds an item (kept locally at once) and saves the cart to the provider. */
export async function addToCart(apiBase: string, item: CartItem): Promise<void> {
  const state = readCart()
  const cart = [...state.cart.filter((i) => i.id !== String(item.id)), { ...item, id: String(item.id) }]
  write({ ...state, cart })
  await saveToProvider(apiBase)
}

/** Removes the item with this id and saves the cart to the provider. */
export async function removeFromCart(apiBase: string, id: string): Promise<void> {
  const state = readCart()
  const cart = state.cart.filter((i) => i.id !== id)
  write({ ...state, cart })
  await saveToProvider(apiBase)
}

/** Empties the cart: the provider's copy is deleted and local storage cleared (a new session next time). */
export async function emptyCart(apiBase: string): Promise<void> {
  const key = readCart().sessionToken
  clearStorage()
  if (key) await cartGet(apiBase, '/cart/deleteBECart', { key })
}

/**
 * Loads the provider's copy. 'No Data Found' (the provider holds none) while this browser holds
 * items saves them again; otherwise the message is reported.
 */
export async function loadProviderCart(apiBase: string): Promise<void> {
  const state = readCart()
  if (!state.sessionToken) return
  try {
    const { cartcontent } = await cartGet(apiBase, '/cart/getBECart', { key: state.sessionToken })
    write({ ...readCart(), bookEasyCart: cartcontent })
  } catch (err) {
    if (err instanceof CartError && err.status === 404 && readCart().cart.length) {
      await saveToProvider(apiBase)
      return
    }
    throw err
  }
}
