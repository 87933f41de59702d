/**
 * The cart count (spec 02 §3.6 cartCount): a small link to /booking, shown once the visitor has
 * something in the cart. Rendered after hydration from local storage, so cached pages stay the
 * same for everybody; fixed in a corner, so it never moves the page.
 */
import { Link, useLocation } from 'react-router'
import { useTexts } from '../locale'
import { useCart } from './cart'

export function CartCount() {
  const { cartCount } = useCart()
  const t = useTexts().cart
  const { pathname } = useLocation()
  if (!cartCount || pathname === '/booking') return null
  return (
    <Link
      to="/booking"
      data-cart-count={cartCount}
      className="fixed right-4 bottom-4 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-red px-5 py-3 font-semibold text-white shadow-lg hover:bg-red-darker focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-lighter"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.6 12.2a1.5 1.5 0 0 0 1.5 1.2h8.8a1.5 1.5 0 0 0 1.5-1.1L21 8H6" />
      </svg>
      {t.count(cartCount)}
    </Link>
  )
}
