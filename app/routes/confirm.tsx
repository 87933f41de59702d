import { useEffect } from 'react'
import { textsOfMatches, useTexts } from '#ui/locale'
import { emptyCart, readCart } from '#ui/booking/cart'
import { useApiBase } from '#ui/hooks/use-api-base'
import { withSiteName } from '~/site/site-title'
import type { Route } from './+types/confirm'

/** /confirm: the booking provider returns visitors here after paying; the spent cart is emptied. */
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: withSiteName(textsOfMatches(matches).booking.confirmTitle, matches) },
  { name: 'robots', content: 'noindex' },
]

export default function Confirm() {
  const t = useTexts().booking
  const apiBase = useApiBase()
  useEffect(() => {
    if (readCart().sessionToken || readCart().cart.length)
      emptyCart(apiBase).catch((error: unknown) => console.warn('could not empty the booking cart:', error))
  }, [apiBase])
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-red-darkest sm:text-5xl">{t.confirmTitle}</h1>
      <p className="lead mt-5 max-w-2xl">{t.confirmLead}</p>
    </main>
  )
}
