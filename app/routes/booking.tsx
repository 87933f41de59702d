import { Link, useRouteLoaderData } from 'react-router'
import type { FooterDoc } from '#lib/content'
import { gadgetType } from '#lib/gadget-types'
import { textsOfMatches, useTexts } from '#ui/locale'
import { CartPanel } from '#ui/booking/CartPanel'
import { BookingGadget } from '#ui/booking/Gadget'
import { withSiteName } from '~/site/site-title'
import type { Route } from './+types/booking'

/** A listing's category (the provider's) to the booking gadgets' type code; accommodation otherwise. */
const GADGET_TYPE_OF_CATEGORY: Record<string, number> = { ACCOMM: 524, TOUR: 534, EVENT: 548, HIRE: 552 }
/** Operator ids are the provider's numbers (or an editor's booking code): anything else is not looked up. */
const OPERATOR_ID = /^[A-Za-z0-9_-]{1,40}$/

/**
 * A listing's 'Book Now' leads here with its operator (/booking?operatorId=1328, issue 31): that
 * operator's availability (the provider's details gadget) heads the page, under its name.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('operatorId')?.trim() ?? ''
  const domainId = context.domain?._id
  if (!asked || !domainId) return { operatorId: null, operator: null }
  if (!OPERATOR_ID.test(asked)) return { operatorId: asked.slice(0, 40), operator: null }
  const listing = await context.services.listings.findByBookingOperator(domainId, asked)
  const operator = listing
    ? {
        name: listing.name.value,
        slug: listing.slug,
        typeId: GADGET_TYPE_OF_CATEGORY[listing.atdw?.productCategoryId ?? ''] ?? 524,
      }
    : null
  return { operatorId: asked, operator }
}

/**
 * /booking (spec 01 §2.1): where 'Book Now' and the details gadget's bookingURL lead. The visitor's
 * cart (kept in this browser, saved to the provider) and the provider's checkout gadget, which
 * returns visitors to /confirm.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = textsOfMatches(matches).booking
  const title = loaderData?.operator ? t.operatorTitle(loaderData.operator.name) : t.title
  return [{ title: withSiteName(title, matches) }, { name: 'robots', content: 'noindex' }]
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { operator, operatorId } = loaderData
  const t = useTexts().booking
  const cartTexts = useTexts().cart
  const layout = useRouteLoaderData('layouts/default') as { footer: FooterDoc | null } | undefined
  const phone = layout?.footer?.visitorInformation?.phone
  const kind = gadgetType(operator?.typeId)
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-red-darkest sm:text-5xl">
        {operator ? t.operatorTitle(operator.name) : t.title}
      </h1>
      <p className="lead mt-5 max-w-2xl">
        {operator ? (
          <>
            {t.operatorLead}{' '}
            <Link className="link-arrow" to={`/${operator.slug}`}>
              {t.aboutOperator(operator.name)}
            </Link>
          </>
        ) : (
          t.lead
        )}
      </p>
      {operatorId && !operator ? (
        <p role="status" className="mt-5 max-w-2xl rounded-sm border border-ink/15 bg-white px-4 py-3">
          {t.operatorUnknown}
        </p>
      ) : null}
      {operator && operatorId ? (
        <div className="mt-10 rounded-sm border border-ink/10 bg-white p-6 sm:p-8" data-booking-operator={operatorId}>
          {/* Spec 02 §4: the details gadget starts 2 seconds after it is displayed. */}
          <BookingGadget
            name="details"
            label={t.operatorAvailability(operator.name)}
            delayMs={2000}
            options={{ productID: operatorId, type: kind.name, typeId: kind.id, bookingURL: '/booking', ignoreSearchCookie: true }}
          />
        </div>
      ) : null}
      <div className="mt-10 grid gap-8 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <CartPanel emptyText={operator ? cartTexts.emptyChoose : undefined} />
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
