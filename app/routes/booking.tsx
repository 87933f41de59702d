import { useRouteLoaderData } from 'react-router'
import type { FooterDoc } from '#lib/content'
import { textsOfMatches, useTexts } from '#ui/locale'
import { CartPanel } from '#ui/booking/CartPanel'
import { BookingGadget } from '#ui/booking/Gadget'
import type { Route } from './+types/booking'

/**
 * /booking (spec 01 §2.1): where 'Book Now' and the details gadget's bookingURL lead. The visitor's
 * cart (kept in this browser, saved to the provider) and the provider's checkout gadget, which
 * returns visitors to /confirm.
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: textsOfMatches(matches).booking.title },
  { name: 'robots', content: 'noindex' },
]

export default function Booking() {
  const t = useTexts().booking
  const layout = useRouteLoaderData('layouts/default') as { footer: FooterDoc | null } | undefined
  const phone = layout?.footer?.visitorInformation?.phone
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-red-darkest sm:text-5xl">{t.title}</h1>
      <p className="lead mt-5 max-w-2xl">{t.lead}</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <CartPanel />
        </div>
        <div id="booking-widget" className="min-h-64 rounded-sm border border-ink/10 bg-soft-pink p-6 sm:p-8 lg:col-span-7">
          <BookingGadget name="book" label={t.title} options={{ confirmationURL: '/confirm', bookingURL: '/booking' }} />
          {phone ? (
            <p className="mt-6 text-ink-soft">
              {t.callUs}{' '}
              <a className="link-arrow" href={`tel:${phone.replace(/\s+/g, '')}`}>
                {phone}
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </main>
  )
}
