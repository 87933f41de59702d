import { clsx } from 'clsx'
import type { ListingCard as CardData } from '#lib/listings'
import { SaveButton } from '#ui/favourites/SaveButton'
import { LocationIcon } from '#ui/icons'
import { cardCost, eventDateRange, plainText } from '../../listings/format'
import { CalendarIcon } from './icons'
import { ListingImage } from '#ui/ListingImage'
import { useLocale, useTexts } from '#ui/locale'

/** Spec 02 §9: the listing card picture is 700x700. */
export const CARD_IMAGE = { width: 700, height: 700 } as const

/** How wide a card's picture is shown: the grid's one, two or three columns inside the site container (90rem). */
export const CARD_SIZES = '(min-width: 90rem) 432px, (min-width: 64rem) 31vw, (min-width: 40rem) 46vw, 92vw'

/**
 * Spec 02 §2.2: a grid card. The name is the link to /{slug} (stretched over the card); 'Book Now'
 * is a link of its own to the listing's booking section, so links are never nested. Inactive
 * listings are greyed.
 */
export function ListingCard({
  listing,
  headingLevel = 3,
  priority,
  distance,
}: {
  listing: CardData
  headingLevel?: 2 | 3
  /** How far the listing is from the visitor ("Nearest to me"), formatted; absent otherwise. */
  distance?: string
  /** The first card of a grid: its picture is likely the largest on the first screen (LCP), so it loads first. */
  priority?: boolean
}) {
  const t = useTexts().listings.grid
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const inactive = listing.activeStatus !== 'ACTIVE'
  const path = `/${listing.slug}`
  // Plain links (the card's whole area): with the page's language prefix.
  const { href: hrefOf, locale } = useLocale()
  const href = hrefOf(path)
  const dates = eventDateRange(listing.startDate, listing.endDate, locale)
  // Spec 02 §2.2: the cost shows for events with a rate range (or free entry).
  const cost = listing.productCategoryId === 'EVENT' || listing.freeEntryFlag === 1 ? cardCost(listing, locale) : ''
  const description = plainText(listing.description)
  return (
    <article
      className={clsx(
        // The whole card is outlined while its link (or button) has the focus, however it got there:
        // Load More moves the focus to the first new card, which the browser may not count as focus-visible (issue 31).
        'group relative flex h-full flex-col overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-black/5 transition-shadow focus-within:shadow-lg focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-red-lighter hover:shadow-lg',
        inactive && 'opacity-60 grayscale',
      )}
      data-listing={listing._id}
      data-inactive={inactive || undefined}
    >
      <div className="relative aspect-square overflow-hidden bg-sand">
        <ListingImage
          listingId={listing._id}
          image={listing.image}
          {...CARD_IMAGE}
          sizes={CARD_SIZES}
          priority={priority}
          alt=""
          className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
        <SaveButton item={{ kind: 'listing', path, title: listing.name }} className="absolute top-3 right-3 z-10" />
        {inactive ? (
          <span className="absolute top-3 left-3 rounded-full bg-ink px-3 py-1 text-xs font-semibold text-white">{t.inactive}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        {listing.parentName ? <p className="eyebrow text-red">{listing.parentName}</p> : null}
        <Heading className="font-display text-xl leading-snug font-semibold text-red-darkest">
          <a
            href={href}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline"
          >
            {listing.name}
          </a>
        </Heading>
        {listing.address ? (
          <p className="flex items-start gap-2 text-sm text-ink-soft">
            <LocationIcon size={16} className="mt-0.5 shrink-0 text-red" />
            <span>{listing.address}</span>
          </p>
        ) : null}
        {distance ? (
          <p className="text-sm font-semibold text-red-darker" data-distance>
            {t.distanceAway(distance)}
          </p>
        ) : null}
        {description ? <p className="line-clamp-2 text-[0.95rem] text-ink-soft">{description}</p> : null}
        {dates || cost ? (
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold text-ink">
            {dates ? (
              <span className="inline-flex items-center gap-2">
                <CalendarIcon size={16} className="text-red" />
                {dates}
              </span>
            ) : null}
            {cost ? <span>{cost}</span> : null}
          </p>
        ) : null}
        {listing.bookingOperatorId ? (
          <div className="relative z-10 mt-auto pt-3">
            <a href={`${href}#booking`} className="button min-h-10 px-5 py-2 text-sm" aria-label={t.bookNowLabel(listing.name)}>
              {t.bookNow}
            </a>
          </div>
        ) : null}
      </div>
    </article>
  )
}
