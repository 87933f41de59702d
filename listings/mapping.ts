/**
 * Pure mapping between provider data and listing documents (spec 02 §3.1, BEHAVIOUR-NOTES
 * "Listings"): which value each wrapped field takes from the provider, the linked/unlinked rule,
 * the tags a listing is filtered by, and the card a grid shows. No I/O here.
 */
import { accessTag, HAS_DEAL_TAG } from './accessibility.ts'
import { openingWindow } from './opening-window.ts'
import {
  ATDW,
  bookEasyOperatorId,
  emptyWrapped,
  isLinked,
  listingSlug,
  PROVIDER_PATHS,
  tagKey,
  wrappedFieldKeys,
  type AtdwData,
  type Listing,
  type ListingCard,
  type ListingImage,
  type ListingTranslation,
  type WrappedFieldKey,
} from '#lib/listings'

/** The value each wrapped field has at the provider, for a product or a service. */
export function providerValues(atdw: AtdwData, listingType: 'product' | 'service'): Record<WrappedFieldKey, unknown> {
  const comm = (code: string) => atdw.communication.find((c) => c.attributeIdCommunication === code)?.communicationDetail ?? ''
  const ext = (code: string) => atdw.externalSystems.find((s) => s.externalSystemCode === code)?.externalSystemText ?? ''
  const first = atdw.multimedia.find((m) => m.attributeIdMultimediaContent === 'IMAGE')
  const image: ListingImage = first ? { url: first.serverPath, alt: first.altText, width: first.width, height: first.height } : { alt: '' }
  const a = atdw.address
  const physicalAddress = a ? [a.line1, a.city, a.state, a.country].filter(Boolean).join(', ') : ''
  const base: Record<WrappedFieldKey, unknown> = {
    name: atdw.name,
    description: atdw.description,
    phone: comm('CAPHENQUIR') || comm('CAMBENQUIR'),
    email: comm('CAEMENQUIR'),
    url: comm('CAURENQUIR'),
    facebook: ext('FACEBOOK'),
    instagram: ext('INSTAGRAM'),
    twitterSocial: ext('TWITTER'),
    physicalAddress,
    image,
    activeStatus: atdw.status,
  }
  // Services have no communication or social entries of their own.
  if (listingType === 'service') return { ...base, phone: '', email: '', url: '', facebook: '', instagram: '', twitterSocial: '' }
  return base
}

/** Tags a listing is filtered by: the provider category and classifications plus custom ones. */
export function taggedCategoriesOf(atdwCategories: string[], customCategories: string[]): string[] {
  return [...new Set([...atdwCategories, ...customCategories].map(tagKey).filter(Boolean))]
}

export function atdwCategoriesOf(atdw: AtdwData): string[] {
  return [...new Set([atdw.productCategoryId, ...atdw.verticalClassifications].filter(Boolean))]
}

/**
 * Applies fresh provider data to a listing: linked fields (provider 'atdw') take the provider
 * value, unlinked ones keep the editor's value. A new listing starts with every field linked.
 */
export function applyProvider(
  existing: Listing | null,
  fresh: {
    _id: string
    domainId: string
    listingType: 'product' | 'service'
    parentId: string | null
    atdw: AtdwData
    atdwParent?: { name: string; slug: string }
    /** The provider's translations per language (decision 030); absent: the stored ones are kept. */
    translations?: Record<string, ListingTranslation>
    /** The languages whose market variants were asked for. */
    languages?: string[]
  },
  now: string,
): Listing {
  const paths = PROVIDER_PATHS[fresh.listingType]
  const values = providerValues(fresh.atdw, fresh.listingType)
  const atdwCategories = atdwCategoriesOf(fresh.atdw)
  const next: Listing = existing
    ? structuredClone(existing)
    : ({
        _id: fresh._id,
        slug: listingSlug(String(values.name ?? fresh._id)),
        pageType: 'listing',
        listingType: fresh.listingType,
        parentId: fresh.parentId,
        isCustom: false,
        published: false,
        domainId: fresh.domainId,
        customCategories: { value: [] },
        atdwCategories: { value: [], path: 'productCategoryId' },
        taggedCategories: { value: [] },
        multimedia: { value: [] },
        bookEasyCode: '',
        bookEasyDefaultDate: '',
        postalAddress: '',
        location: '',
        lastSynced: null,
        ...Object.fromEntries(
          wrappedFieldKeys.map((k) => [k, paths[k] ? { value: values[k], path: paths[k], provider: ATDW } : emptyWrapped(values[k])]),
        ),
        // Object.fromEntries cannot tell TypeScript that each wrapped field gets its own key's type.
      } as unknown as Listing)
  for (const key of wrappedFieldKeys) {
    const field = next[key] as { value: unknown; path: string; provider: string }
    if (isLinked(field)) field.value = values[key]
  }
  next.isCustom = false
  next.listingType = fresh.listingType
  next.parentId = fresh.parentId
  next.atdw = fresh.atdw
  next.atdwCategories = { value: atdwCategories, path: 'productCategoryId' }
  next.taggedCategories = { value: taggedCategoriesOf(atdwCategories, next.customCategories.value) }
  next.multimedia = { value: fresh.atdw.multimedia }
  next.location = fresh.atdw.address?.city || next.location
  if (fresh.atdwParent) next.atdwParent = fresh.atdwParent
  // The provider's translations replace the stored ones whole: a translation it withdrew is gone.
  if (fresh.translations) {
    if (Object.keys(fresh.translations).length) next.atdwTranslations = fresh.translations
    else delete next.atdwTranslations
  }
  if (fresh.languages) next.atdwLanguages = fresh.languages
  next.lastSynced = now
  return next
}

/**
 * Reconnect: a field the editor links again gets provider 'atdw', its provider path, and the
 * current provider value. Only listings from the provider can link.
 */
export function relink(listing: Listing, key: WrappedFieldKey, values: Record<WrappedFieldKey, unknown>): void {
  const path = PROVIDER_PATHS[listing.listingType][key]
  if (listing.isCustom || !path) return
  ;(listing as Record<WrappedFieldKey, unknown>)[key] = { value: values[key], path, provider: ATDW }
}

/** The card of the public grid (spec 02 §2.2). */
export function toCard(l: Listing): ListingCard {
  const atdw = l.atdw
  const venue = atdw?.productSite.find((s) => s.attributeIdSiteType === 'VENUE')?.siteName ?? ''
  const address = [venue, l.physicalAddress.value].filter(Boolean).join(', ')
  const image = l.image.value.url || l.image.value.imageId ? l.image.value : null
  return {
    _id: l._id,
    slug: l.slug,
    name: l.name.value,
    parentName: l.atdwParent?.name ?? '',
    address,
    location: l.location,
    description: l.description.value,
    image,
    listingType: l.listingType,
    productCategoryId: atdw?.productCategoryId ?? '',
    activeStatus: l.activeStatus.value,
    startDate: atdw?.startDate ?? '',
    endDate: atdw?.endDate ?? '',
    eventFrequency: atdw?.eventFrequency ?? [],
    rateFrom: atdw?.rateFrom ?? null,
    rateTo: atdw?.rateTo ?? null,
    freeEntryFlag: atdw?.freeEntryFlag ?? 0,
    bookingOperatorId: bookEasyOperatorId(l),
    taggedCategories: l.taggedCategories.value,
  }
}

/** The columns `listing/fetch` queries, from the copy visitors see (`now`: when it is written, for the opening window). */
export function projectionOf(l: Listing, now: Date = new Date()) {
  const requiredAttributes = l.atdw?.memberships ?? []
  // The provider's accessibility attributes, as tags the grid's accessibility filter tests (issue 35 point 4).
  const access = (l.atdw?.accessibility ?? []).map((a) => accessTag(a.id))
  const start = l.atdw?.startDate || null
  const end = l.atdw?.endDate || start
  const opening = openingWindow(l.atdw?.openingTime, now)
  return {
    name: l.name.value,
    description: l.description.value,
    productCategory: l.atdw?.productCategoryId ?? '',
    // Required attributes (memberships) ride along with the tags so one GIN index serves both.
    tags: [...new Set([...l.taggedCategories.value, ...requiredAttributes, ...access, ...(l.atdw?.deals.length ? [HAS_DEAL_TAG] : [])])],
    openDays: opening?.days ?? null,
    openMinutes: opening?.minutes ?? null,
    location: l.location,
    startDate: start,
    dates: start && end ? `[${start},${end}]` : null,
    listingType: l.listingType,
    parentId: l.parentId,
    isCustom: l.isCustom,
    activeStatus: l.activeStatus.value,
  }
}
