/**
 * Tourism listings shared by the client and the server (spec 02 §3.1, §3.2, §7; BEHAVIOUR-NOTES
 * "Listings"): the stored listing document with its wrapped fields, provider data as the sync
 * normalises it, categories and tags, and the request/answer shapes of the listing API.
 *
 * Everything a provider sends arrives here already cleaned by server/integrations/atdw (numbers are
 * numbers, "" is absent, addresses have one shape), so views never deal with the provider's quirks.
 */
import { z } from 'zod'
import { normaliseSlug } from './slug.ts'
import { LOCALE_CODES } from './locales.ts'

// ---------------------------------------------------------------------------------------------
// Constants (spec 02 §3.2, §9)

/** The provider's ten product categories with the site's URL namespace for each. */
export const PRODUCT_CATEGORIES = {
  ACCOMM: 'stay',
  TOUR: 'tours',
  EVENT: 'events',
  ATTRACTION: 'attractions',
  RESTAURANT: 'food',
  HIRE: 'hire',
  TRANSPORT: 'transport',
  DESTINFO: 'destinations',
  GENSERVICE: 'services',
  INFO: 'info',
} as const
export type ProductCategory = keyof typeof PRODUCT_CATEGORIES
export const productCategoryIds = Object.keys(PRODUCT_CATEGORIES) as ProductCategory[]

/** Allowed values of a category's 'Required Attributes'. */
export const REQUIRED_ATTRIBUTES = ['Barossa(G)[SA]', 'TourismBarossa(TBI)[SA]', 'BarossaGrape&Wine(BGWA)[SA]'] as const

export const LISTINGS_PAGE_SIZE = 15
export const RELATED_LIMIT = 6
export const MAX_CATEGORY_CHIPS = 6
/** The 'None' entry appended to category lists (spec 02 §3.2). */
export const NONE_CATEGORY = { _id: 'none', name: 'None' } as const

export const activeStatuses = ['ACTIVE', 'INACTIVE'] as const
export type ActiveStatus = (typeof activeStatuses)[number]

/** The provider these wrapped fields can be linked to. */
export const ATDW = 'atdw'

// ---------------------------------------------------------------------------------------------
// Wrapped fields: {value, path, provider}. path names the provider field the value comes from;
// provider is 'atdw' while linked. An empty path (and provider '') means unlinked: the sync keeps
// the editor's value.

export const wrapped = <T extends z.ZodType>(value: T) =>
  z.object({ value, path: z.string().max(200).default(''), provider: z.string().max(40).default('') })
export interface Wrapped<T> {
  value: T
  path: string
  provider: string
}

/**
 * A listing image. Provider images carry `url` (the provider's image address; visitors get it
 * through the image pipeline, /img/listing/{listingId}/{key}, lib/image-url listingPhotoUrl);
 * custom listings carry `imageId` (an uploaded image, /img/{imageId}) and optional crops.
 */
export const listingImageSchema = z.object({
  url: z.string().max(2000).optional(),
  imageId: z.string().max(100).optional(),
  alt: z.string().max(300).default(''),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  crop: z.record(z.string(), z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })).optional(),
  /** The library file's version after a replace in place (issue 36). */
  v: z.number().int().min(1).optional(),
  /** Shown under the picture on the listing page: the provider's caption and credit (issue 36 point 3). */
  caption: z.string().max(500).optional(),
  credit: z.string().max(300).optional(),
})
export type ListingImage = z.infer<typeof listingImageSchema>

export const wrappedFieldKeys = [
  'name',
  'description',
  'phone',
  'email',
  'url',
  'facebook',
  'instagram',
  'twitterSocial',
  'physicalAddress',
  'image',
  'activeStatus',
] as const
export type WrappedFieldKey = (typeof wrappedFieldKeys)[number]

/** The provider field each wrapped field links to, for products and for services (spec 02 §3.1). */
export const PROVIDER_PATHS: Record<'product' | 'service', Partial<Record<WrappedFieldKey, string>>> = {
  product: {
    name: 'productName',
    description: 'productDescription',
    phone: 'phone',
    email: 'email',
    url: 'url',
    facebook: 'facebook',
    instagram: 'instagram',
    twitterSocial: 'twitterSocial',
    physicalAddress: 'physicalAddress',
    image: 'image',
    activeStatus: 'status',
  },
  service: {
    name: 'serviceName',
    description: 'serviceDescription',
    image: 'image',
    activeStatus: 'status',
  },
}

// ---------------------------------------------------------------------------------------------
// Provider data (the `atdw` field), as the sync normalises it

export const eventFrequencySchema = z.object({
  frequencyStartDate: z.string(), // YYYY-MM-DD
  frequencyEndDate: z.string(),
  frequencyStartTime: z.string().default(''), // HH:mm or ''
  frequencyEndTime: z.string().default(''),
})
export type EventFrequency = z.infer<typeof eventFrequencySchema>

/** dayOfWeek: MON, TUE, WED, THU, FRI, SAT, SUN, or ALL ('Every day'). Times HH:mm. */
export const openStatusSchema = z.object({
  dayOfWeek: z.string(),
  openingTime: z.string().default(''),
  closingTime: z.string().default(''),
  isClosed: z.boolean().default(false),
  /** Set on exception periods that apply to one day only (YYYY-MM-DD). */
  singleDayExceptionOn: z.string().optional(),
})
export type OpenStatus = z.infer<typeof openStatusSchema>

export const openingTimeSchema = z.object({
  openingTimeType: z.string().default(''),
  openingTimeComment: z.string().default(''),
  seasonalPeriods: z.array(z.object({ fromDate: z.string(), toDate: z.string(), openStatus: z.array(openStatusSchema) })).default([]),
  exceptions: z
    .object({
      exceptionPeriod: z.string().default(''),
      periods: z
        .array(
          z.object({
            fromDate: z.string().default(''),
            toDate: z.string().default(''),
            description: z.string().default(''),
            openStatus: z.array(openStatusSchema),
          }),
        )
        .default([]),
    })
    .default({ exceptionPeriod: '', periods: [] }),
})
export type OpeningTime = z.infer<typeof openingTimeSchema>

/**
 * The provider's deals and offers (ATDW "Deals and Offers": at most 3 per product or service, an
 * in-market period of up to 3 months). Dates YYYY-MM-DD; a deal is shown from dealStartDate to
 * dealEndDate inclusive (the region's days), and never after.
 */
export const dealSchema = z.object({
  dealId: z.string(),
  dealTypeId: z.string().default(''),
  dealTypeDescription: z.string().default(''),
  name: z.string(),
  description: z.string().default(''),
  price: z.number().nullable().default(null),
  priceComment: z.string().default(''),
  startDate: z.string().default(''),
  endDate: z.string().default(''),
  redeemStartDate: z.string().default(''),
  redeemEndDate: z.string().default(''),
  terms: z.string().default(''),
  inclusions: z.string().default(''),
})
export type Deal = z.infer<typeof dealSchema>

/** Whether a deal is in its in-market period on a day of the region (YYYY-MM-DD). */
export const dealIsCurrent = (deal: Pick<Deal, 'startDate' | 'endDate'>, day: string): boolean =>
  (!deal.startDate || deal.startDate <= day) && Boolean(deal.endDate) && day <= deal.endDate

/**
 * One accessibility attribute of the provider (`accessibilityAttributes`): the overall statement
 * (type ACCESSIBILITY: DISASSIST, DISTASSIST, NOASSIST) or a need catered for (type DISASSIST:
 * AMBULANT, HEARING, SIGHTASSIST...), with the provider's own description.
 */
export const accessibilityAttributeSchema = z.object({ type: z.string(), id: z.string(), description: z.string().default('') })
export type AccessibilityAttribute = z.infer<typeof accessibilityAttributeSchema>

export const multimediaItemSchema = z.object({
  serverPath: z.string(),
  attributeIdMultimediaContent: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  altText: z.string().default(''),
  caption: z.string().default(''),
  /** The provider's credit for the picture (issue 36 point 3). */
  photographer: z.string().default(''),
  copyright: z.string().default(''),
})
export type MultimediaItem = z.infer<typeof multimediaItemSchema>

export const atdwDataSchema = z.object({
  productId: z.string(),
  /** Set on services: the service's own id (a service listing's _id is its serviceId). */
  serviceId: z.string().optional(),
  productCategoryId: z.string(),
  /** The provider's own name (services: parent name plus service name), description and status. */
  name: z.string().default(''),
  description: z.string().default(''),
  status: z.enum(activeStatuses).default('ACTIVE'),
  productCategoryDescription: z.string().default(''),
  /** Vertical classification ids (e.g. WINERY, APARTMENT, FESTIVAL). */
  verticalClassifications: z.array(z.string()).default([]),
  productUpdateDate: z.string().default(''),
  /** Events: every occurrence; startDate/endDate span them all (YYYY-MM-DD or ''). */
  eventFrequency: z.array(eventFrequencySchema).default([]),
  startDate: z.string().default(''),
  endDate: z.string().default(''),
  freeEntryFlag: z.union([z.literal(0), z.literal(1)]).default(0),
  rateFrom: z.number().nullable().default(null),
  rateTo: z.number().nullable().default(null),
  rates: z
    .array(z.object({ ratesTypeDescription: z.string(), priceFrom: z.number().nullable(), priceTo: z.number().nullable() }))
    .default([]),
  communication: z.array(z.object({ attributeIdCommunication: z.string(), communicationDetail: z.string() })).default([]),
  /** Booking URL of an event (communication code CAUBENQUIR), when it has one. */
  bookingUrl: z.string().default(''),
  productSite: z.array(z.object({ attributeIdSiteType: z.string(), siteName: z.string() })).default([]),
  externalSystems: z.array(z.object({ externalSystemCode: z.string(), externalSystemText: z.string() })).default([]),
  disabledAccessFlag: z.union([z.literal(0), z.literal(1)]).default(0),
  /** The provider's accessibility attributes; empty: the provider supplied none (the page says so). */
  accessibility: z.array(accessibilityAttributeSchema).default([]),
  /** The provider's current deals and offers (the page and the deals block hide those past their end date). */
  deals: z.array(dealSchema).default([]),
  openingTime: openingTimeSchema.optional(),
  /** Memberships that a category's 'Required Attributes' can demand (e.g. 'Barossa(G)[SA]'). */
  memberships: z.array(z.string()).default([]),
  /** Facility descriptions (provider attributes of type ENTITY FAC). */
  facilities: z.array(z.string()).default([]),
  address: z
    .object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      area: z.string(),
      state: z.string(),
      postcode: z.string(),
      country: z.string(),
    })
    .optional(),
  latitude: z.number().nullable().default(null),
  longitude: z.number().nullable().default(null),
  multimedia: z.array(multimediaItemSchema).default([]),
  /** Services of a product (their listings have listingType 'service'). */
  services: z.array(z.object({ serviceId: z.string(), serviceName: z.string() })).default([]),
  checkInTime: z.string().default(''),
  checkOutTime: z.string().default(''),
})
export type AtdwData = z.infer<typeof atdwDataSchema>

/** What the booking provider tells about an operator (spec 02 §3.1 'Booking provider data'). */
export const bookEasyInfoSchema = z.object({
  OperatorID: z.string(),
  PackageID: z.string().default(''),
  Operators: z.string().default(''),
  SearchType: z.string().default(''),
  Facilities: z.array(z.string()).default([]),
  Cancellation: z.string().default(''),
  TermsAndConditions: z.string().default(''),
})
export type BookEasyInfo = z.infer<typeof bookEasyInfoSchema>

// ---------------------------------------------------------------------------------------------
// The listing document

const str = z.string().max(20000)

/** The fields the provider translates (its content translations: product and service name and description). */
export const listingTranslationSchema = z.object({ name: z.string().max(500).optional(), description: str.optional() })
export type ListingTranslation = z.infer<typeof listingTranslationSchema>
export const translatedListingFields = ['name', 'description'] as const

export const listingSchema = z.object({
  _id: z.string().min(1).max(200),
  slug: z.string().max(500),
  pageType: z.literal('listing').default('listing'),
  listingType: z.enum(['product', 'service']).default('product'),
  /** Services: the product listing they belong to. */
  parentId: z.string().nullable().default(null),
  isCustom: z.boolean().default(true),
  published: z.boolean().default(false),
  domainId: z.string().default(''),
  name: wrapped(z.string().max(500)),
  description: wrapped(str),
  phone: wrapped(z.string().max(200)),
  email: wrapped(z.string().max(300)),
  url: wrapped(z.string().max(2000)),
  facebook: wrapped(z.string().max(2000)),
  instagram: wrapped(z.string().max(2000)),
  twitterSocial: wrapped(z.string().max(2000)),
  physicalAddress: wrapped(z.string().max(1000)),
  image: wrapped(listingImageSchema),
  activeStatus: wrapped(z.enum(activeStatuses)),
  customCategories: z.object({ value: z.array(z.string().max(100)).max(100).default([]) }).default({ value: [] }),
  atdwCategories: z.object({ value: z.array(z.string()).default([]), path: z.string().default('') }).default({ value: [], path: '' }),
  /** atdwCategories together with customCategories: what category filters match against. */
  taggedCategories: z.object({ value: z.array(z.string()).default([]) }).default({ value: [] }),
  /** Gallery images (provider multimedia). */
  multimedia: z.object({ value: z.array(multimediaItemSchema).default([]) }).default({ value: [] }),
  bookEasyCode: z.string().max(100).default(''),
  bookEasyDefaultDate: z.string().max(20).default(''),
  postalAddress: z.string().max(1000).default(''),
  /** The town the grid's location filter uses (provider city, else the editor's). */
  location: z.string().max(200).default(''),
  atdw: atdwDataSchema.optional(),
  atdwParent: z.object({ name: z.string(), slug: z.string() }).optional(),
  /**
   * The provider's translations (Atlas market variants, `mv=`; decision 030), per language code
   * (lib/locales.ts): only the fields the provider translated, never a copy of the English text.
   * A visitor in that language reads them where the English field is linked to the provider.
   */
  atdwTranslations: z.record(z.string(), listingTranslationSchema).optional(),
  /** The languages whose market variants the last sync asked for: a language added later is fetched then. */
  atdwLanguages: z.array(z.string().max(20)).max(20).optional(),
  bookEasy: bookEasyInfoSchema.optional(),
  lastSynced: z.string().nullable().default(null),
  /** The stored version the editor loaded; a save sends it back (no lost updates). */
  version: z.number().int().min(0).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
})
export type Listing = z.infer<typeof listingSchema>

/**
 * What `listing/save` accepts: the listing without its raw provider data (the server keeps its own
 * copy of `atdw`, `atdwCategories`, `taggedCategories`, `isCustom` and the sync bookkeeping).
 */
export const listingSaveSchema = listingSchema
  .omit({
    atdw: true,
    atdwTranslations: true,
    atdwLanguages: true,
    taggedCategories: true,
    lastSynced: true,
    createdAt: true,
    updatedAt: true,
    published: true,
  })
  .partial({ slug: true })
export type ListingSaveInput = z.input<typeof listingSaveSchema>

export const emptyWrapped = <T>(value: T): Wrapped<T> => ({ value, path: '', provider: '' })
export const isLinked = (field: { provider?: string; path?: string } | undefined) => field?.provider === ATDW && Boolean(field.path)

/** A new custom listing (entered by hand by an editor). */
export function newCustomListing(_id: string, name: string, domainId = ''): Listing {
  return listingSchema.parse({
    _id,
    slug: listingSlug(name || _id),
    isCustom: true,
    domainId,
    name: emptyWrapped(name),
    description: emptyWrapped(''),
    phone: emptyWrapped(''),
    email: emptyWrapped(''),
    url: emptyWrapped(''),
    facebook: emptyWrapped(''),
    instagram: emptyWrapped(''),
    twitterSocial: emptyWrapped(''),
    physicalAddress: emptyWrapped(''),
    image: emptyWrapped({ alt: '' }),
    activeStatus: emptyWrapped('ACTIVE'),
  })
}

/** The slug of a listing page: 'listing/<slug of name>' (BEHAVIOUR-NOTES). */
export function listingSlug(name: string): string {
  const tail = normaliseSlug(name.replace(/\//g, ' ').replace(/&/g, ' and '))
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
  return `listing/${tail || 'untitled'}`
}

/** Upper-cased and trimmed, as custom categories and checked categories are compared. */
export { tagKey, parseFilterGroup } from './tags.ts'

/** The booking operator id of a listing (provider external system BOOKEASY), or ''. */
export function bookEasyOperatorId(listing: Pick<Listing, 'atdw' | 'bookEasyCode'>): string {
  const fromProvider = listing.atdw?.externalSystems.find((s) => s.externalSystemCode === 'BOOKEASY')?.externalSystemText ?? ''
  return fromProvider || listing.bookEasyCode || ''
}

// ---------------------------------------------------------------------------------------------
// Categories and tags (spec 02 §3.2)

export const listingCategorySchema = z.object({
  _id: z.string().min(1).max(200),
  name: z.string().max(200).default(''),
  /** Comma-separated tag words that exclude a listing. */
  excludedTags: z.string().max(2000).default(''),
  attributes: z.array(z.enum(REQUIRED_ATTRIBUTES)).default([]),
  hideServices: z.boolean().default(false),
  hasDates: z.boolean().default(false),
  /** Groups AND-ed together; the words inside a group are alternatives (OR). */
  filters: z
    .array(z.array(z.string().max(100)).max(100))
    .min(1)
    .max(50)
    .default([[]]),
  published: z.boolean().default(false),
})
export type ListingCategory = z.infer<typeof listingCategorySchema>

/** A category as the settings panel sends it: `_id` is absent for a new one. */
export const listingCategoryInputSchema = listingCategorySchema.omit({ published: true }).extend({
  _id: z.string().min(1).max(200).optional(),
  /** The panel edits a group as a comma-separated string; both forms are accepted. */
  filters: z
    .array(z.union([z.array(z.string().max(100)).max(100), z.string().max(2000)]))
    .min(1)
    .max(50)
    .default([[]]),
})
export type ListingCategoryInput = z.input<typeof listingCategoryInputSchema>

/** The summary `loadCategories` answers for pickers (the settings panel gets whole categories). */
export interface ListingCategorySummary {
  _id: string
  name: string
  hasDates: boolean
}

/** Tag key (e.g. EVENT, WINERY) to friendly name. */
export const tagsSchema = z.record(z.string().max(100), z.string().max(200))
export type ListingTags = z.infer<typeof tagsSchema>

/** 'New Category {n}' with one empty filter, no dates, children not hidden (spec 02 §9). */
export function newCategoryName(existingCount: number) {
  return `New Category ${existingCount + 1}`
}

// ---------------------------------------------------------------------------------------------
// listing/fetch (spec 02 §7, BEHAVIOUR-NOTES)

export const fetchRequestSchema = z.object({
  /** A category _id ('none' or absent: no category filter). */
  categoryFilterId: z.string().max(200).nullish(),
  search: z.string().max(200).nullish(),
  hideTours: z.boolean().default(true),
  filters: z.object({ from: z.string().max(40).nullish(), to: z.string().max(40).nullish() }).nullish(),
  limit: z.number().int().min(1).max(100).default(LISTINGS_PAGE_SIZE),
  currentPage: z.number().int().min(1).max(10000).default(1),
  checkedCategories: z.array(z.string().max(100)).max(100).default([]),
  location: z.string().max(200).nullish(),
  /** The visitor's language (lib/locales.ts): cards read, and words match, in it (decision 030). Absent: the default. */
  locale: z.enum(LOCALE_CODES).nullish(),
  /** Only listings open at this instant, on the region's clock (issue 35: "Open now"). */
  openAt: z.iso.datetime({ offset: true }).nullish(),
  /** Only listings open at some time on this day of the region (YYYY-MM-DD). */
  openOn: z.iso.date().nullish(),
  /** Only listings with every one of these provider accessibility attributes (DISASSIST, AMBULANT, HEARING...). */
  accessibility: z.array(z.string().max(40)).max(10).nullish(),
  /**
   * Only these listings (issue 35 "near me": the grid sorted by distance in the browser asks for
   * its nearest page by id, so the visitor's position never leaves the browser). Cards stay in the
   * grid's order; the browser orders them.
   */
  ids: z.array(z.string().min(1).max(100)).max(100).nullish(),
})
export type FetchRequest = z.input<typeof fetchRequestSchema>
export type FetchQuery = z.output<typeof fetchRequestSchema>

/** What a grid card shows (spec 02 §2.2). */
/** A card of the listing grid (POST /api/listing/fetch): what the route declares and the grid reads. */
export const listingCardSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The parent product's name, for services. */
  parentName: z.string(),
  /** Venue site name plus physical address. */
  address: z.string(),
  location: z.string(),
  description: z.string(),
  image: listingImageSchema.nullable(),
  listingType: z.enum(['product', 'service']),
  productCategoryId: z.string(),
  activeStatus: z.enum(activeStatuses),
  /** Event dates (YYYY-MM-DD, '' when none). */
  startDate: z.string(),
  endDate: z.string(),
  eventFrequency: z.array(eventFrequencySchema),
  /** Events with a rate range: from/to, and freeEntryFlag 1 for free entry. */
  rateFrom: z.number().nullable(),
  rateTo: z.number().nullable(),
  freeEntryFlag: z.union([z.literal(0), z.literal(1)]),
  /** The online booking operator id ('Book Now' when set), or ''. */
  bookingOperatorId: z.string(),
  taggedCategories: z.array(z.string()),
})
export type ListingCard = z.infer<typeof listingCardSchema>

export interface CategoryOption {
  key: string
  /** The friendly tag name when one is published, else the key. */
  name: string
}

export interface FetchResponse {
  listings: ListingCard[]
  totalListings: number
  listingCategories: CategoryOption[]
  hasDates: boolean
  locations: string[]
}

export const fetchRelatedSchema = z.object({
  categories: z.array(z.string().max(100)).max(100).default([]),
  limit: z.number().int().min(1).max(24).default(RELATED_LIMIT),
  _id: z.string().max(200).default(''),
})

export interface ServiceSummary {
  _id: string
  slug: string
  name: string
  image: ListingImage | null
}

export interface CategoryUsage {
  _id: string
  slug: string
  title: string
  collection: string
}

/** Booking listing entries by booking code: the listing page and its image (spec 02 §3.1). */
export interface BookEasyListingEntry {
  bookEasyCode: string
  slug: string
  url: string
  bookEasyImage: { thumbnail: string; full: string } | null
}
export type BookEasyListings = { listings: Record<string, BookEasyListingEntry>; error?: string }

/** The PDF query: the grid's filters (filters as JSON of {from, to}). */
export const pdfQuerySchema = z.object({
  categoryFilterId: z.string().max(200).optional(),
  location: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
  checkedCategories: z.string().max(4000).optional(),
  filters: z.string().max(400).optional(),
  /** The calendar's language (the grid page's `<html lang>`): one the domain offers, default its default. */
  lang: z.string().max(20).optional(),
})

/**
 * The listing as a visitor reads it in `locale` (decision 030): each translated field whose value
 * is linked to the provider shows the provider's translation in that language; every other field
 * (untranslated, or the editor's own text) its default-language value. The default language, or
 * a language without translations, answers the listing itself.
 */
export function localiseListing(listing: Listing, locale: string): Listing {
  const translation = listing.atdwTranslations?.[locale]
  if (!translation) return listing
  let out = listing
  for (const key of translatedListingFields) {
    const value = translation[key]
    if (value && isLinked(listing[key])) out = { ...out, [key]: { ...listing[key], value } }
  }
  return out
}
