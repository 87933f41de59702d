/** The listing page's data as it travels to the browser (built by listing-view.server.ts). */
import type { ListingCard, ListingImage, ServiceSummary } from '#lib/listings'
import type { OpeningRow, TicketRow } from '../../listings/format'

export interface ListingPageView {
  _id: string
  slug: string
  name: string
  parent: { name: string; slug: string } | null
  isCustom: boolean
  listingType: 'product' | 'service'
  inactive: boolean
  productCategoryId: string
  website: string
  phone: string
  email: string
  /** The operator's social pages (the provider's facebook, instagram and twitterSocial), http(s) only. */
  social: SocialLinkView[]
  address: string
  /** The address in its parts, for schema.org (issue 31: the whole address went into streetAddress). */
  postalAddress: PostalAddressView | null
  /** The venue's name (an event's place), or ''. */
  venue: string
  categories: { key: string; name: string }[]
  gallery: ListingImage[]
  /** Filled by the server: the markdown description as safe HTML (no raw HTML passes). */
  descriptionHtml: string
  description: string
  opening: OpeningRow[]
  event: { dates: string; times: string; startDate: string; endDate: string } | null
  tickets: { free: boolean; rows: TicketRow[] } | null
  checkIn: string
  checkOut: string
  facilities: string[]
  /** The provider's accessibility attributes (codes and its own words); empty: none supplied. */
  accessibility: { id: string; description: string }[]
  /** The provider's deals in their in-market period today (the region's day), dates formatted. */
  deals: DealView[]
  cancellation: string
  bookingOperatorId: string
  geo: { latitude: number; longitude: number } | null
  rateFrom: number | null
}

export interface ListingPageData {
  listing: ListingPageView | null
  services: ServiceSummary[]
  related: ListingCard[]
  /** Spec 02 §8: 'Something went wrong.' when the listing or its services could not be loaded. */
  failed: boolean
  /** schema.org JSON-LD of the listing, ready for a script element. */
  jsonLd: string
}

export interface PostalAddressView {
  streetAddress: string
  addressLocality: string
  addressRegion: string
  postalCode: string
  addressCountry: string
}

export interface DealView {
  dealId: string
  name: string
  description: string
  /** '$120' or the provider's price comment, or ''. */
  price: string
  /** The last day of its in-market period, formatted. */
  ends: string
  terms: string
  inclusions: string
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

export interface SocialLinkView {
  network: SocialNetwork
  href: string
}
