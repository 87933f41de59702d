/**
 * The island behind every booking gadget, imported dynamically by <BookingGadget> so only pages
 * with a gadget download it. It loads the provider's script once (from configuration), waits for
 * its ready hook (`$w`), initialises it once with the live flag, key, vcID and maps key, then
 * calls `BE.gadget.<name>(selector, options)`. It also subscribes the site's cart to the gadgets'
 * documented booking events (`$w.event.subscribe('item.book.click', ...)`, gadget-events.ts).
 */
import { documentTexts } from '../locale'
import { addToCart } from './cart'
import { BOOKED_EVENT, BOOKING_FAILED_EVENT, bookingErrorMessage, cartItemFromBooking } from './gadget-events'
import type { BookingSettings, GadgetName } from './settings'

type GadgetFn = (selector: string, options: Record<string, unknown>) => unknown

/** The provider's ready hook and event hub ($w, $w.event.subscribe). */
type ProviderReady = ((ready: () => void) => void) & {
  event?: { subscribe?: (name: string, handler: (resp: unknown) => void) => void }
}

declare global {
  interface Window {
    BE?: { gadget?: Partial<Record<GadgetName | 'init', GadgetFn | ((options: Record<string, unknown>) => unknown)>> }
    $w?: ProviderReady
  }
}

const SCRIPT_TIMEOUT_MS = 20_000

let script: { url: string; loaded: Promise<void> } | null = null

/** Loads the provider's script once per page; a failed load can be tried again. */
export function loadGadgetScript(url: string): Promise<void> {
  if (script?.url === url) return script.loaded
  const loaded = new Promise<void>((resolve, reject) => {
    const tag = document.createElement('script')
    tag.src = url
    tag.async = true
    const timer = window.setTimeout(() => fail(new Error('The booking script took too long to load')), SCRIPT_TIMEOUT_MS)
    const fail = (error: Error) => {
      window.clearTimeout(timer)
      script = null
      tag.remove()
      reject(error)
    }
    tag.onload = () => {
      window.clearTimeout(timer)
      resolve()
    }
    tag.onerror = () => fail(new Error(`The booking script could not be loaded from ${url}`))
    document.head.appendChild(tag)
  })
  script = { url, loaded }
  return loaded
}

let initialised = false
let cartConnected = false

const reportCartError = (message: string) => document.dispatchEvent(new CustomEvent('booking-cart:error', { detail: message }))

/**
 * What the gadgets book goes into the site's cart (saved to the provider through /api/cart); a
 * failed booking is reported where the cart's errors show. Subscribed once, after the script loaded.
 */
function connectCart(apiBase: string) {
  if (cartConnected) return
  const subscribe = window.$w?.event?.subscribe
  if (typeof subscribe !== 'function') {
    console.warn("The booking script offers no $w.event.subscribe: bookings cannot reach the site's cart")
    return
  }
  cartConnected = true
  subscribe.call(window.$w?.event, BOOKED_EVENT, (resp) => {
    const item = cartItemFromBooking(resp)
    if (!item) {
      console.warn(`'${BOOKED_EVENT}' named no operator or product; nothing was added to the cart`, resp)
      return
    }
    addToCart(apiBase, item).catch((error: unknown) => reportCartError(error instanceof Error ? error.message : String(error)))
  })
  subscribe.call(window.$w?.event, BOOKING_FAILED_EVENT, (resp) =>
    reportCartError(bookingErrorMessage(resp, documentTexts().cart.unreachable)),
  )
}

export interface MountOptions {
  settings: BookingSettings
  apiBase: string
  name: GadgetName
  /** CSS selector of the element the gadget renders into. */
  selector: string
  options: Record<string, unknown>
  /** Wait this long after the script is ready (the details gadget: 2 s, spec 02 §4). */
  delayMs?: number
  signal?: AbortSignal
}

/** Options travel as JSON; the gadgets take their default date as a Date. */
function withDates(options: Record<string, unknown>): Record<string, unknown> {
  const date = options.defaultDate
  if (typeof date !== 'string') return options
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  return m ? { ...options, defaultDate: new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) } : options
}

export async function mountGadget({
  settings,
  apiBase,
  name,
  selector,
  options,
  delayMs = 0,
  signal,
}: MountOptions): Promise<'shown' | 'aborted'> {
  if (!settings.scriptUrl) throw new Error('No booking script is configured')
  await loadGadgetScript(settings.scriptUrl)
  if (delayMs) await new Promise((resolve) => window.setTimeout(resolve, delayMs))
  if (signal?.aborted) return 'aborted'
  const gadgets = window.BE?.gadget
  const gadget = gadgets?.[name]
  if (typeof gadget !== 'function') throw new Error(`The booking script has no '${name}' gadget`)
  const common: Record<string, unknown> = { vcID: settings.vcId, live: settings.live }
  if (settings.key) common.key = settings.key
  if (settings.mapsKey) common.googleMapsKey = settings.mapsKey
  await new Promise<void>((resolve, reject) => {
    const run = () => {
      try {
        // The provider's events exist once its script is ready.
        connectCart(apiBase)
        const init = gadgets?.init
        if (!initialised && typeof init === 'function') {
          ;(init as (options: Record<string, unknown>) => unknown)({ ...common, mapsKey: settings.mapsKey })
          initialised = true
        }
        ;(gadget as GadgetFn)(selector, { ...common, ...withDates(options) })
        resolve()
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
    if (typeof window.$w === 'function') window.$w(run)
    else run()
  })
  return 'shown'
}

/** True when an error event comes from the provider's script (it failed after loading). */
export function isGadgetScriptError(event: ErrorEvent, scriptUrl: string): boolean {
  if (!event.filename) return false
  try {
    const from = new URL(event.filename, window.location.href)
    const ours = new URL(scriptUrl, window.location.href)
    return from.origin === ours.origin && from.pathname === ours.pathname
  } catch {
    return false
  }
}
