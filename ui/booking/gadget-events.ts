/**
 * The booking provider's gadget events that feed the site's cart (spec 02 §3.6), as the provider's
 * custom-integration notes document them (docs/decisions/010-the-booking-provider-contract.md):
 *
 *   $w.event.subscribe('item.book.click', function (resp) { ... })        an item went into the cart
 *   $w.event.subscribe('item.book.click.error', function (resp) { ... })  adding it failed
 *
 * The notes document the fields of BE.gadget.cart.addToCartTrigger(options) but not what `resp`
 * holds. This module reads `resp` as those documented options (operatorId, productId, type, date,
 * adults, children, infants, period, cost, ...): if the real payload differs, these two functions
 * are the one place to change.
 */
import type { CartItem } from './cart'

/** The events this site subscribes to. */
export const BOOKED_EVENT = 'item.book.click'
export const BOOKING_FAILED_EVENT = 'item.book.click.error'

type Rec = Record<string, unknown>

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined
const amount = (v: unknown): number | string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() ? v.trim() : undefined

let counter = 0

/**
 * The cart item (spec 02 §3.6) for what a gadget booked, or null when the payload names neither an
 * operator nor a product. Each booking is its own cart item, so the id is made here unless the
 * payload carries one.
 */
export function cartItemFromBooking(resp: unknown): CartItem | null {
  if (!resp || typeof resp !== 'object') return null
  const r = resp as Rec
  const operatorId = text(r.operatorId ?? r.operatorid ?? r.OperatorId)
  const productId = text(r.productId ?? r.productid ?? r.ProductId)
  if (!operatorId && !productId) return null
  counter += 1
  const id = text(r.id) ?? `${productId ?? operatorId}-${Date.now().toString(36)}-${counter}`
  const item: CartItem = { id }
  const set = (name: string, value: unknown) => {
    if (value !== undefined) item[name] = value
  }
  set('operatorid', operatorId)
  set('type', text(r.type))
  set('period', amount(r.period))
  set('adults', amount(r.adults))
  set('children', amount(r.children))
  set('infants', amount(r.infants))
  set('startdate', text(r.date ?? r.startdate))
  set('quotedprice', amount(r.cost ?? r.quotedprice))
  set('productId', productId)
  set('productName', text(r.productName))
  set('operatorName', text(r.operatorName))
  return item
}

/** The message to show for a failed booking: the provider's own words when it gave some. */
export function bookingErrorMessage(resp: unknown, fallback: string): string {
  if (typeof resp === 'string' && resp.trim()) return resp.trim()
  if (resp && typeof resp === 'object') {
    const r = resp as Rec
    const said = text(r.message ?? r.Message ?? r.error ?? r.Error)
    if (said) return said
  }
  return fallback
}
