import { useRouteLoaderData } from 'react-router'
import type { FooterDoc } from '#lib/content'
import type { Route } from './+types/booking'

/** /booking: where 'Book Now' leads; the booking provider's widget mounts in #booking-widget. */
export const meta: Route.MetaFunction = () => [{ title: 'Book your visit' }, { name: 'robots', content: 'noindex' }]

export default function Booking() {
  const layout = useRouteLoaderData('layouts/default') as { footer: FooterDoc | null } | undefined
  const phone = layout?.footer?.visitorInformation?.phone
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight text-red-darkest sm:text-5xl">Book your visit</h1>
      <p className="lead mt-5 max-w-2xl">Check availability and book stays, tours and experiences across the region.</p>
      <div id="booking-widget" className="mt-10 min-h-64 rounded-sm border border-ink/10 bg-soft-pink p-8">
        <p className="text-ink-soft">
          Online booking is being connected. Until then, the Visitor Centre books for you
          {phone ? (
            <>
              : call{' '}
              <a className="link-arrow" href={`tel:${phone.replace(/\s+/g, '')}`}>
                {phone}
              </a>
            </>
          ) : null}
          .
        </p>
      </div>
    </main>
  )
}
