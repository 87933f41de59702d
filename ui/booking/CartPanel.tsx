/**
 * The cart on /booking (spec 02 §3.6, §4): the items kept in this browser, each removable by id,
 * an 'Empty cart' button, and the provider's answers ('No token provided, please try again!',
 * 'No Data Found') when a call fails.
 */
import { useEffect, useState } from 'react'
import { formatDmy, parseDate } from '#lib/dates'
import type { SiteTexts } from '#lib/site-texts/index'
import { useTexts } from '../locale'
import { emptyCart, loadProviderCart, removeFromCart, useCart, type CartItem } from './cart'
import { useApiBase } from '../hooks/use-api-base'

/** The operator's (and product's) name as the provider gave them; its type and id only when it gave none. */
function describe(t: SiteTexts['cart'], item: CartItem) {
  const operator = typeof item.operatorName === 'string' ? item.operatorName.trim() : ''
  const product = typeof item.productName === 'string' ? item.productName.trim() : ''
  if (operator && product && !product.includes(operator) && !operator.includes(product)) return `${operator} – ${product}`
  if (operator || product) return operator || product
  return t.item(String(item.type ?? ''), String(item.operatorid ?? item.id))
}

/** The item's date as DD/MM/YYYY (the provider's is ISO). */
const startOf = (item: CartItem) => formatDmy(parseDate(item.startdate)) || String(item.startdate ?? '')

/** `emptyText`: what an empty cart says instead of 'Your cart is empty.' (where a gadget above offers something to add). */
export function CartPanel({ emptyText }: { emptyText?: string } = {}) {
  const apiBase = useApiBase()
  const t = useTexts().cart
  const { cart, sessionToken } = useCart()
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // The provider's copy of this browser's cart; items it lost are saved to it again.
  useEffect(() => {
    if (!sessionToken) return
    loadProviderCart(apiBase).catch((error: unknown) => setMessage(error instanceof Error ? error.message : String(error)))
  }, [apiBase, sessionToken])

  // Gadgets report a failed save (e.g. no session token) through this event.
  useEffect(() => {
    const onError = (event: Event) => setMessage(String((event as CustomEvent<string>).detail))
    document.addEventListener('booking-cart:error', onError)
    return () => document.removeEventListener('booking-cart:error', onError)
  }, [])

  async function run(work: () => Promise<void>) {
    setBusy(true)
    setMessage(null)
    try {
      await work()
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="booking-cart-heading" data-booking-cart="" className="rounded-sm border border-ink/10 bg-white p-6 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id="booking-cart-heading" className="font-display text-2xl font-semibold text-red-darkest">
          {t.heading}
        </h2>
        <p className="text-sm text-ink-soft" aria-live="polite">
          {t.countLabel(cart.length)}
        </p>
      </div>
      {cart.length ? (
        <ul className="mt-6 divide-y divide-ink/10">
          {cart.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-4 py-4" data-cart-item={item.id}>
              <div>
                <p className="font-semibold">{describe(t, item)}</p>
                <p className="text-sm text-ink-soft">{t.details(String(item.adults ?? ''), startOf(item))}</p>
              </div>
              <div className="flex items-center gap-4">
                {item.quotedprice !== undefined && item.quotedprice !== '' ? (
                  <span className="font-semibold">A$ {String(item.quotedprice)}</span>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost min-h-10 px-5 py-2 text-sm"
                  disabled={busy}
                  onClick={() => void run(() => removeFromCart(apiBase, item.id))}
                >
                  <span aria-hidden="true">{t.removeShort}</span>
                  <span className="sr-only">{t.remove(describe(t, item))}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-ink-soft">{emptyText ?? t.empty}</p>
      )}
      {message ? (
        <p role="alert" className="mt-4 rounded-sm border border-red/40 bg-white px-4 py-3 font-semibold text-red">
          {message}
        </p>
      ) : null}
      {cart.length ? (
        <button
          type="button"
          className="button mt-6 min-h-10 px-5 py-2 text-sm"
          disabled={busy}
          onClick={() => void run(() => emptyCart(apiBase))}
        >
          {t.emptyCart}
        </button>
      ) : null}
    </section>
  )
}
