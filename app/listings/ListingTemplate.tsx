/**
 * The listing page template (spec 02 §2.1): name, parent name, website link, category chips, a
 * gallery, the markdown description (rendered to safe HTML on the server), the details panel,
 * services, the booking section and 'You might also like'. Server-rendered; the only client
 * behaviour is Read More / Read Less.
 */
import type { ReactNode } from 'react'
import type { ListingCard as CardData, ServiceSummary } from '#lib/listings'
import { SaveBar } from '#ui/favourites/SaveButton'
import { CalendarIcon, EmailIcon, ExternalIcon, LocationIcon, PhoneIcon, SocialIcon } from '#ui/icons'
import { useApiBase } from '#ui/hooks/use-api-base'
import { LocationMap } from './map/LocationMap'
import { Clamp, ClampList } from './Clamp'
import { plainText } from '../../listings/format'
import type { ListingPageView } from './listing-types'
import { ListingImage } from '#ui/ListingImage'
import { useLocale, useTexts } from '#ui/locale'

/** Spec 02 §9: gallery 1000x760, related 500x500 (services use the same size). */
const GALLERY = { width: 1000, height: 760 } as const
const RELATED = { width: 500, height: 500 } as const
/** How wide they are shown (the gallery's slides 88/70/60 %, related 70/40/33 %, services 1-3 columns of the container). */
const GALLERY_SIZES = '(min-width: 90rem) 806px, (min-width: 64rem) 56vw, (min-width: 48rem) 66vw, 84vw'
const RELATED_SIZES = '(min-width: 90rem) 432px, (min-width: 64rem) 30vw, (min-width: 40rem) 37vw, 66vw'
const SERVICE_SIZES = '(min-width: 90rem) 432px, (min-width: 64rem) 31vw, (min-width: 40rem) 46vw, 92vw'

export function InactiveBanner() {
  const t = useTexts().listings.page
  return (
    <div role="status" className="bg-ink py-3 text-center font-semibold text-white">
      {t.inactive}
    </div>
  )
}

export function ListingTemplate({
  listing,
  services,
  related,
}: {
  listing: ListingPageView
  services: ServiceSummary[]
  related: CardData[]
}) {
  const t = useTexts().listings.page
  const opensNewTab = useTexts().site.opensNewTab
  const { href } = useLocale()
  return (
    <article className="pb-8" aria-labelledby="listing-name">
      {listing.inactive ? <InactiveBanner /> : null}
      <header className="bg-soft-pink">
        <div className="container-site flex flex-col gap-4 py-10 lg:py-14">
          {listing.parent ? (
            <p className="eyebrow text-red">
              <a href={href(`/${listing.parent.slug}`)} className="underline-offset-4 hover:underline">
                {listing.parent.name}
              </a>
            </p>
          ) : null}
          <h1 id="listing-name" className="font-display text-4xl leading-tight font-semibold text-red-darkest sm:text-5xl">
            {listing.name}
          </h1>
          {listing.address ? (
            <p className="flex items-start gap-2 text-ink-soft">
              <LocationIcon size={18} className="mt-1 shrink-0 text-red" />
              {listing.address}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {listing.website ? (
              <a href={listing.website} target="_blank" rel="noopener noreferrer" className="button" data-referral="website">
                {t.website}
                <ExternalIcon size={18} />
                <span className="sr-only"> {opensNewTab}</span>
              </a>
            ) : null}
            {listing.bookingOperatorId ? (
              <a href="#booking" className="button button--ghost">
                {t.bookNow}
              </a>
            ) : null}
          </div>
          <SaveBar item={{ kind: 'listing', path: `/${listing.slug}`, title: listing.name }} />
          {listing.categories.length ? (
            <ul aria-label={t.categories} className="flex flex-wrap gap-2">
              {listing.categories.map((chip) => (
                <li
                  key={chip.key}
                  className="rounded-full bg-white px-3 py-1 text-xs font-semibold tracking-wide text-red-darker uppercase ring-1 ring-red/20"
                >
                  {chip.name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      {listing.gallery.length ? <Gallery listing={listing} /> : null}

      <div className="container-site mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
        <section aria-labelledby="listing-about">
          <h2 id="listing-about" className="heading-sub">
            {t.about}
          </h2>
          {listing.descriptionHtml ? (
            <div className="prose-rich mt-4" dangerouslySetInnerHTML={{ __html: listing.descriptionHtml }} />
          ) : null}
          {listing.deals.length ? <Deals listing={listing} /> : null}
        </section>
        <DetailsPanel listing={listing} />
      </div>

      {listing.geo ? <LocationMap name={listing.name} address={listing.address} geo={listing.geo} /> : null}

      {services.length ? (
        <section aria-labelledby="listing-services" className="container-site mt-16">
          <h2 id="listing-services" className="heading-sub">
            {t.services}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service._id}>
                <a
                  href={href(`/${service.slug}`)}
                  className="group block overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-black/5 hover:shadow-lg"
                >
                  <span className="block aspect-square overflow-hidden bg-sand">
                    <ListingImage
                      listingId={service._id}
                      image={service.image}
                      {...RELATED}
                      sizes={SERVICE_SIZES}
                      alt=""
                      className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
                    />
                  </span>
                  <span className="block p-4 font-display text-lg font-semibold text-red-darkest group-hover:underline">
                    {service.name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {listing.bookingOperatorId ? (
        <section id="booking" aria-labelledby="listing-booking" className="container-site mt-16 scroll-mt-24">
          <div className="flex flex-col items-start gap-4 rounded-sm bg-red-darkest p-8 text-white sm:flex-row sm:items-center sm:justify-between lg:p-12">
            <div>
              <h2 id="listing-booking" className="font-display text-3xl font-semibold">
                {t.booking}
              </h2>
              <p className="mt-2 text-white/85">{t.bookingText}</p>
            </div>
            <a
              href={`${href('/booking')}?operatorId=${encodeURIComponent(listing.bookingOperatorId)}`}
              className="button button--light shrink-0"
              data-referral="book"
            >
              {t.bookNow}
            </a>
          </div>
        </section>
      ) : null}

      {related.length ? (
        <section aria-labelledby="listing-related" className="container-site mt-16">
          <h2 id="listing-related" className="heading-sub">
            {t.related}
          </h2>
          <ul className="carousel-track mt-6 flex snap-x snap-mandatory gap-5 overflow-x-auto pb-4" tabIndex={0} aria-label={t.related}>
            {related.map((card) => (
              <li key={card._id} className="w-[70%] shrink-0 snap-start sm:w-[40%] lg:w-[calc((100%-2.5rem)/3)]">
                <a
                  href={href(`/${card.slug}`)}
                  className="group block h-full overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-black/5 hover:shadow-lg"
                >
                  <span className="block aspect-square overflow-hidden bg-sand">
                    <ListingImage
                      listingId={card._id}
                      image={card.image}
                      {...RELATED}
                      sizes={RELATED_SIZES}
                      alt=""
                      className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
                    />
                  </span>
                  <span className="block p-4">
                    {card.parentName ? <span className="eyebrow block text-red">{card.parentName}</span> : null}
                    <span className="block font-display text-lg leading-snug font-semibold text-red-darkest group-hover:underline">
                      {card.name}
                    </span>
                    {card.address ? <span className="mt-1 block text-sm text-ink-soft">{card.address}</span> : null}
                    {card.description ? (
                      <span className="mt-2 line-clamp-2 block text-sm text-ink-soft">{plainText(card.description)}</span>
                    ) : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}

function Gallery({ listing }: { listing: ListingPageView }) {
  const t = useTexts().listings.page
  const count = listing.gallery.length
  return (
    <section aria-label={t.gallery} className="container-site mt-8">
      <ul className="carousel-track flex snap-x snap-mandatory gap-4 overflow-x-auto pb-3" tabIndex={0} aria-label={t.gallery}>
        {listing.gallery.map((image, i) => (
          <li
            key={image.url ?? image.imageId ?? i}
            className="w-[88%] shrink-0 snap-start md:w-[70%] lg:w-[60%]"
            aria-label={count > 1 ? t.galleryImage(i + 1, count) : undefined}
          >
            <figure>
              <ListingImage
                listingId={listing._id}
                image={image}
                {...GALLERY}
                sizes={GALLERY_SIZES}
                alt={image.alt || listing.name}
                priority={i === 0}
                className="aspect-[1000/760] h-auto w-full rounded-sm object-cover"
              />
              {image.caption || image.credit ? (
                <figcaption className="mt-2 text-sm text-ink-soft" data-picture-credit="">
                  {image.caption ? <span>{image.caption}</span> : null}
                  {image.caption && image.credit ? ' ' : null}
                  {image.credit ? (
                    <span className="whitespace-nowrap">
                      {t.photoCredit} {image.credit}
                    </span>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-black/10 py-4 first:border-t-0 first:pt-0">
      <h3 className="font-sans text-xs font-semibold tracking-[0.18em] text-red uppercase">{label}</h3>
      <div className="mt-2 text-[0.95rem] text-ink">{children}</div>
    </div>
  )
}

/** The provider's deals in their in-market period (issue 35 point 5). */
function Deals({ listing }: { listing: ListingPageView }) {
  const t = useTexts().listings.page
  return (
    <section aria-labelledby="listing-deals" className="mt-10" data-deals>
      <h2 id="listing-deals" className="heading-sub">
        {t.deals}
      </h2>
      <ul className="mt-4 grid gap-4">
        {listing.deals.map((deal) => (
          <li key={deal.dealId} className="rounded-sm bg-soft-pink p-5 ring-1 ring-black/5" data-deal={deal.dealId}>
            <h3 className="font-display text-xl font-semibold text-red-darkest">{deal.name}</h3>
            {deal.price ? <p className="mt-1 font-semibold text-red-darker">{deal.price}</p> : null}
            <p className="mt-2">{deal.description}</p>
            {deal.inclusions ? (
              <p className="mt-2">
                <span className="font-semibold">{t.dealIncludes}: </span>
                {deal.inclusions}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-ink-soft">{t.dealEnds(deal.ends)}</p>
            {deal.terms ? (
              <p className="mt-1 text-sm text-ink-soft">
                {t.dealTerms}: {deal.terms}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** An event's .ics (issue 35 point 2): a plain download link, no script; a second import updates the event (stable UID). */
function AddToCalendar({ listing }: { listing: ListingPageView }) {
  const t = useTexts().listings.page
  const apiBase = useApiBase()
  const { locale, languages } = useLocale()
  const query = new URLSearchParams({ id: listing._id })
  if (locale !== languages.default) query.set('lang', locale)
  return (
    <div className="border-t border-black/10 py-4">
      <a
        href={`${apiBase}/calendar/event.ics?${query.toString()}`}
        download={`${listing.name}.ics`}
        className="button button--ghost"
        data-add-to-calendar
      >
        <CalendarIcon size={18} />
        {t.addToCalendar}
      </a>
    </div>
  )
}

/** The operator's social pages; a click counts as a 'social' referral to the operator (app/measure/visits.ts). */
function SocialLinks({ listing }: { listing: ListingPageView }) {
  const t = useTexts().listings.page
  const opensNewTab = useTexts().site.opensNewTab
  return (
    <ul aria-label={t.social} className="mt-3 flex flex-wrap gap-2" data-social>
      {listing.social.map((link) => {
        const network = t.socialNetworks[link.network] ?? link.network
        return (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex size-11 items-center justify-center rounded-full bg-white text-red-darker ring-1 ring-red/20 hover:bg-red hover:text-white"
              data-referral="social"
              data-network={link.network}
            >
              <SocialIcon network={link.network} size={20} />
              <span className="sr-only">
                {t.socialLink(listing.name, network)} {opensNewTab}
              </span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}

function DetailsPanel({ listing }: { listing: ListingPageView }) {
  const t = useTexts().listings.page
  return (
    <aside aria-labelledby="listing-details" className="h-fit rounded-sm bg-soft-pink p-6 ring-1 ring-black/5 lg:sticky lg:top-28">
      <h2 id="listing-details" className="mb-4 font-display text-2xl font-semibold text-red-darkest">
        {t.details}
      </h2>
      {listing.opening.length ? (
        <Row label={t.openingTimes}>
          <table className="w-full text-left">
            <tbody>
              {listing.opening.map((row, i) => (
                <tr key={`${row.day}-${i}`}>
                  <th scope="row" className="py-0.5 pr-3 font-medium">
                    {row.day}
                  </th>
                  <td className={row.status === 'Open' ? 'py-0.5 font-semibold text-red-darker' : 'py-0.5 text-ink-soft'}>
                    {row.status === 'Open' ? t.open : t.closed}
                  </td>
                  <td className="py-0.5 text-right">{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Row>
      ) : null}
      {listing.event ? (
        <>
          {listing.event.dates ? <Row label={t.eventDates}>{listing.event.dates}</Row> : null}
          {listing.event.times ? <Row label={t.eventTimes}>{listing.event.times}</Row> : null}
          <AddToCalendar listing={listing} />
        </>
      ) : null}
      {listing.tickets ? (
        <Row label={t.tickets}>
          {listing.tickets.free ? (
            <p className="font-semibold">{t.freeEntry}</p>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              {listing.tickets.rows.map((row, i) => (
                <div key={`${row.label}-${i}`} className="contents">
                  <dt>{row.label}</dt>
                  <dd className="text-right font-semibold">{row.price}</dd>
                </div>
              ))}
            </dl>
          )}
        </Row>
      ) : null}
      {listing.checkIn || listing.checkOut ? (
        <Row label={`${t.checkIn} / ${t.checkOut}`}>
          {[listing.checkIn && `${t.checkIn} ${listing.checkIn}`, listing.checkOut && `${t.checkOut} ${listing.checkOut}`]
            .filter(Boolean)
            .join(' · ')}
        </Row>
      ) : null}
      {listing.phone || listing.email || listing.address || listing.social.length ? (
        <Row label={t.contact}>
          <ul className="flex flex-col gap-2">
            {listing.phone ? (
              <li className="flex items-center gap-2">
                <PhoneIcon size={16} className="text-red" />
                <a
                  href={`tel:${listing.phone.replace(/[^\d+]/g, '')}`}
                  className="underline-offset-4 hover:underline"
                  data-referral="phone"
                >
                  <span className="sr-only">{t.phone}: </span>
                  {listing.phone}
                </a>
              </li>
            ) : null}
            {listing.email ? (
              <li className="flex items-center gap-2">
                <EmailIcon size={16} className="text-red" />
                <a href={`mailto:${listing.email}`} className="break-all underline-offset-4 hover:underline" data-referral="email">
                  <span className="sr-only">{t.email}: </span>
                  {listing.email}
                </a>
              </li>
            ) : null}
            {listing.address ? (
              <li className="flex items-start gap-2">
                <LocationIcon size={16} className="mt-1 shrink-0 text-red" />
                <span>
                  <span className="sr-only">{t.address}: </span>
                  {listing.address}
                </span>
              </li>
            ) : null}
          </ul>
          {listing.social.length ? <SocialLinks listing={listing} /> : null}
        </Row>
      ) : null}
      <Row label={t.accessibility}>
        {listing.accessibility.length ? (
          <ul className="flex list-disc flex-col gap-1 pl-5" data-accessibility>
            {listing.accessibility.map((a) => (
              <li key={a.id}>{t.accessibilityCodes[a.id] ?? a.description}</li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft" data-accessibility="none">
            {t.noAccessibility}
          </p>
        )}
      </Row>
      <Row label={t.facilities}>
        {listing.facilities.length ? <ClampList items={listing.facilities} /> : <p className="text-ink-soft">{t.noFacilities}</p>}
      </Row>
      <div className="border-t border-black/10 pt-4">
        <details className="group/cancel">
          <summary className="flex cursor-pointer list-none items-center justify-between font-sans text-xs font-semibold tracking-[0.18em] text-red uppercase [&::-webkit-details-marker]:hidden">
            {t.cancellation}
            <span aria-hidden="true" className="text-lg transition-transform group-open/cancel:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-2 text-[0.95rem]">
            {listing.cancellation ? <Clamp text={listing.cancellation} /> : <p className="text-ink-soft">{t.noCancellation}</p>}
          </div>
        </details>
      </div>
    </aside>
  )
}
