/**
 * What a listing page shows (spec 02 §2.1), computed on the server from the stored listing: only
 * the displayed values travel to the browser, never the raw provider data. Pure, so it is tested
 * without a database; server-only (.server) because it uses lib/listings' zod-backed helpers.
 */
import { listingPhotoUrl } from '#lib/image-url'
import { bookEasyOperatorId, dealIsCurrent, MAX_CATEGORY_CHIPS, type Listing, type ListingImage, type ListingTags } from '#lib/listings'
import { eventDateRange, eventTimes, formatDate, formatTime12, openingRows, ticketCost } from '../../listings/format'
import { tagLabel } from '../../listings/grid-filters'
import type { ListingPageView, PostalAddressView, SocialLinkView } from './listing-types'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'

export type { ListingPageData, ListingPageView } from './listing-types'

function hasImage(image: ListingImage | null | undefined): image is ListingImage {
  return Boolean(image && (image.url || image.imageId))
}

/** The provider's photographer and copyright as one credit line ("Jo Lee / © SATC"); '' without either. */
export function pictureCredit(photographer = '', copyright = ''): string {
  const owner = copyright.trim().replace(/^(©|\(c\)|copyright)\s*/i, '')
  return [photographer.trim(), owner ? `© ${owner}` : ''].filter(Boolean).join(' / ')
}

/**
 * Builds the page's view of a listing; `today` (YYYY-MM-DD) picks the current opening period, and
 * `locale` the language of its dates, times and prices.
 */
export function toListingView(listing: Listing, tags: ListingTags, today: string, locale: LocaleCode = DEFAULT_LOCALE): ListingPageView {
  const atdw = listing.atdw
  const category = atdw?.productCategoryId ?? ''
  const chips = [...new Set([...(listing.taggedCategories?.value ?? []), ...(listing.customCategories?.value ?? [])])]
    .filter(Boolean)
    .slice(0, MAX_CATEGORY_CHIPS)
    .map((key) => ({ key, name: tagLabel(key, tags) }))
  const multimedia = (listing.multimedia?.value?.length ? listing.multimedia.value : (atdw?.multimedia ?? []))
    .filter((m) => m.attributeIdMultimediaContent === 'IMAGE' && m.serverPath)
    .map<ListingImage>((m) => ({
      url: m.serverPath,
      alt: m.altText || listing.name.value,
      width: m.width,
      height: m.height,
      ...(m.caption && m.caption !== m.altText ? { caption: m.caption } : {}),
      ...(pictureCredit(m.photographer, m.copyright) ? { credit: pictureCredit(m.photographer, m.copyright) } : {}),
    }))
  const main = listing.image?.value
  const gallery =
    hasImage(main) && !multimedia.some((m) => m.url && m.url === main.url)
      ? [{ ...main, alt: main.alt || listing.name.value }, ...multimedia]
      : multimedia
  const isEvent = category === 'EVENT' || (atdw?.eventFrequency.length ?? 0) > 0
  const event =
    isEvent && atdw
      ? {
          dates: eventDateRange(atdw.startDate, atdw.endDate, locale),
          times: eventTimes(atdw.eventFrequency, locale),
          startDate: atdw.startDate,
          endDate: atdw.endDate,
        }
      : null
  const tickets =
    atdw && (isEvent || category === 'ATTRACTION' || atdw.freeEntryFlag === 1 || atdw.rates.length) ? ticketCost(atdw, locale) : null
  const venue = atdw?.productSite.find((s) => s.attributeIdSiteType === 'VENUE')?.siteName ?? ''
  const address = [venue, listing.physicalAddress?.value].filter(Boolean).join(', ')
  const postalAddress = postalAddressOf(listing)
  const facilities = listing.bookEasy?.Facilities.length ? listing.bookEasy.Facilities : (atdw?.facilities ?? [])
  return {
    _id: listing._id,
    slug: listing.slug,
    name: listing.name.value,
    parent: listing.atdwParent?.name ? { name: listing.atdwParent.name, slug: listing.atdwParent.slug } : null,
    isCustom: listing.isCustom,
    listingType: listing.listingType,
    inactive: listing.activeStatus.value !== 'ACTIVE',
    productCategoryId: category,
    website: listing.url?.value ?? '',
    phone: listing.phone?.value ?? '',
    email: listing.email?.value ?? '',
    social: socialLinks(listing),
    address,
    postalAddress,
    venue,
    categories: chips,
    gallery,
    descriptionHtml: '',
    description: listing.description?.value ?? '',
    opening: openingRows(atdw?.openingTime, today, locale),
    event,
    tickets: tickets && (tickets.free || tickets.rows.length) ? tickets : null,
    checkIn: formatTime12(atdw?.checkInTime, locale),
    checkOut: formatTime12(atdw?.checkOutTime, locale),
    facilities: facilities.map((f) => f.trim()).filter(Boolean),
    accessibility: (atdw?.accessibility ?? []).map((a) => ({ id: a.id, description: a.description })),
    // Only deals in their in-market period today: one past its end date is gone even before the next sync.
    deals: (atdw?.deals ?? [])
      .filter((d) => dealIsCurrent(d, today))
      .map((d) => ({
        dealId: d.dealId,
        name: d.name,
        description: d.description,
        price: d.price !== null ? `$${d.price}` : d.priceComment,
        ends: formatDate(d.endDate, locale),
        terms: d.terms,
        inclusions: d.inclusions,
      })),
    cancellation: (listing.bookEasy?.Cancellation ?? '').trim(),
    bookingOperatorId: bookEasyOperatorId(listing),
    geo: atdw?.latitude != null && atdw.longitude != null ? { latitude: atdw.latitude, longitude: atdw.longitude } : null,
    rateFrom: atdw?.rateFrom ?? null,
  }
}

/** A web address a visitor may be sent to: http or https only (never javascript: or data:). */
function webAddress(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return ''
  try {
    const url = new URL(value.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : ''
  } catch {
    return ''
  }
}

/** The operator's social pages, in a fixed order; a field left empty or not a web address is left out. */
function socialLinks(listing: Listing): SocialLinkView[] {
  const links: SocialLinkView[] = [
    { network: 'facebook', href: webAddress(listing.facebook?.value) },
    { network: 'instagram', href: webAddress(listing.instagram?.value) },
    { network: 'twitter', href: webAddress(listing.twitterSocial?.value) },
  ]
  return links.filter((l) => l.href)
}

/**
 * The address in its parts: the provider's when the shown address is still the provider's
 * (line, town, state, postcode), else the editor's text as the street address.
 */
function postalAddressOf(listing: Listing): PostalAddressView | null {
  const shown = listing.physicalAddress?.value?.trim() ?? ''
  const a = listing.atdw?.address
  const fromProvider = a ? [a.line1, a.city, a.state, a.country].filter(Boolean).join(', ') : ''
  if (a && (shown === '' || shown === fromProvider) && (a.line1 || a.city)) {
    return {
      streetAddress: [a.line1, a.line2].filter(Boolean).join(', '),
      addressLocality: a.city,
      addressRegion: a.state || 'SA',
      postalCode: a.postcode,
      addressCountry: /^(australia|au)$/i.test(a.country) || !a.country ? 'AU' : a.country,
    }
  }
  return shown ? { streetAddress: shown, addressLocality: '', addressRegion: 'SA', postalCode: '', addressCountry: 'AU' } : null
}

/** schema.org type by provider category, for search engines. */
const schemaTypes: Record<string, string> = {
  ACCOMM: 'LodgingBusiness',
  EVENT: 'Event',
  ATTRACTION: 'TouristAttraction',
  RESTAURANT: 'Restaurant',
  TOUR: 'TouristTrip',
  HIRE: 'LocalBusiness',
  TRANSPORT: 'LocalBusiness',
  DESTINFO: 'TouristDestination',
  GENSERVICE: 'LocalBusiness',
  INFO: 'TouristInformationCenter',
}

export function schemaTypeOf(productCategoryId: string): string {
  return schemaTypes[productCategoryId] ?? 'TouristAttraction'
}

/** The listing as schema.org JSON-LD (an absolute address for its page and pictures). */
export function listingJsonLd(view: ListingPageView, origin: string): Record<string, unknown> {
  const type = schemaTypeOf(view.productCategoryId)
  const absolute = (href: string) => (/^https?:\/\//.test(href) ? href : `${origin}${href.startsWith('/') ? '' : '/'}${href}`)
  const images = view.gallery
    .map((image) =>
      image.url
        ? absolute(listingPhotoUrl(view._id, image.url, { w: 1000, h: 760 }))
        : image.imageId
          ? `${origin}/img/${image.imageId}?w=1000&h=760`
          : '',
    )
    .filter(Boolean)
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type,
    name: view.name,
    url: absolute(`/${view.slug}`),
  }
  if (view.description) ld.description = view.description.slice(0, 500)
  if (images.length) ld.image = images.slice(0, 6)
  if (view.postalAddress) {
    // Each part in its own field (empty ones left out): the venue names an event's place, not the street.
    const parts = Object.entries(view.postalAddress).filter(([, value]) => value)
    const address = { '@type': 'PostalAddress', ...Object.fromEntries(parts) }
    if (type === 'Event') ld.location = { '@type': 'Place', name: view.venue || view.postalAddress.addressLocality || view.name, address }
    else ld.address = address
  }
  if (type !== 'Event' && type !== 'TouristTrip') {
    if (view.phone) ld.telephone = view.phone
    if (view.email) ld.email = view.email
  }
  if (view.website) ld.sameAs = view.website
  if (view.geo && type !== 'Event') ld.geo = { '@type': 'GeoCoordinates', latitude: view.geo.latitude, longitude: view.geo.longitude }
  if (type === 'Event' && view.event) {
    if (view.event.startDate) ld.startDate = view.event.startDate
    if (view.event.endDate) ld.endDate = view.event.endDate
    ld.eventStatus = 'https://schema.org/EventScheduled'
    ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode'
    if (view.tickets?.free) ld.isAccessibleForFree = true
    else if (view.rateFrom != null)
      ld.offers = { '@type': 'Offer', price: view.rateFrom, priceCurrency: 'AUD', url: absolute(`/${view.slug}`) }
  }
  return ld
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function jsonLdScript(ld: Record<string, unknown>): string {
  return JSON.stringify(ld).replace(/</g, '\\u003c')
}
