/**
 * Raw Atlas product details and services -> the site's provider data (AtdwData in lib/listings.ts):
 * numbers parsed, "" dropped, one address shape, times as HH:mm, dates as YYYY-MM-DD.
 */
import { atdwDataSchema, type AtdwData, type ListingTranslation, type OpenStatus } from '#lib/listings'
import { flag, list, num, physicalAddress, str, type AtlasRecord } from './client.ts'

/** '1400' / '14:00' / '2:00 PM' -> '14:00'; '' when it is not a time. */
export function toTime(value: unknown): string {
  const s = str(value).toUpperCase()
  let m = /^(\d{1,2}):?(\d{2})(?::\d{2})?$/.exec(s)
  if (m) return `${m[1]!.padStart(2, '0')}:${m[2]}`
  m = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/.exec(s)
  if (m) {
    let h = Number(m[1]) % 12
    if (m[3] === 'PM') h += 12
    return `${String(h).padStart(2, '0')}:${m[2] ?? '00'}`
  }
  return ''
}

export const toDate = (value: unknown): string => /^\d{4}-\d{2}-\d{2}/.exec(str(value))?.[0] ?? ''

const status = (value: unknown): 'ACTIVE' | 'INACTIVE' =>
  str(value).toUpperCase() === 'ACTIVE' || str(value) === '' ? 'ACTIVE' : 'INACTIVE'

function openStatuses(value: unknown): OpenStatus[] {
  return list(value).map((o) => {
    const single = toDate(o.singleDayExceptionOn)
    return {
      dayOfWeek: str(o.dayOfWeek).toUpperCase() || 'ALL',
      openingTime: toTime(o.openingTime),
      closingTime: toTime(o.closingTime),
      isClosed: flag(o.isClosed) === 1,
      ...(single ? { singleDayExceptionOn: single } : {}),
    }
  })
}

function multimedia(value: unknown) {
  return list(value)
    .filter((m) => str(m.attributeIdMultimediaContent).toUpperCase() === 'IMAGE' && str(m.serverPath))
    .sort((a, b) => (num(a.sequenceNumber) ?? 0) - (num(b.sequenceNumber) ?? 0))
    .map((m) => ({
      serverPath: str(m.serverPath),
      attributeIdMultimediaContent: 'IMAGE',
      width: num(m.width) ?? 0,
      height: num(m.height) ?? 0,
      altText: str(m.altText),
      caption: str(m.caption),
      // Kept with the picture wherever it is shown (issue 36 point 3).
      photographer: str(m.photographer),
      copyright: str(m.copyright),
    }))
}

/** A product detail (`/product`) as the site stores it. */
export function productToAtdwData(p: AtlasRecord): AtdwData {
  const frequencies = list(p.eventFrequency)
    .map((f) => ({
      frequencyStartDate: toDate(f.frequencyStartDate),
      frequencyEndDate: toDate(f.frequencyEndDate) || toDate(f.frequencyStartDate),
      frequencyStartTime: toTime(f.frequencyStartTime),
      frequencyEndTime: toTime(f.frequencyEndTime),
    }))
    .filter((f) => f.frequencyStartDate)
    .sort((a, b) => a.frequencyStartDate.localeCompare(b.frequencyStartDate))
  const startDate = frequencies[0]?.frequencyStartDate ?? toDate(p.startDate)
  const endDate =
    frequencies.reduce((max, f) => (f.frequencyEndDate > max ? f.frequencyEndDate : max), '') || toDate(p.endDate) || startDate
  const address = physicalAddress(p)
  const attributes = list(p.attributes)
  const communication = list(p.communication)
    .map((c) => ({ attributeIdCommunication: str(c.attributeIdCommunication).toUpperCase(), communicationDetail: communicationValue(c) }))
    .filter((c) => c.communicationDetail)
  const opening = p.openingTime && typeof p.openingTime === 'object' ? (p.openingTime as AtlasRecord) : null
  const exceptions = opening?.exceptions && typeof opening.exceptions === 'object' ? (opening.exceptions as AtlasRecord) : {}
  const rates = list(p.rates).map((r) => ({
    ratesTypeDescription: str(r.ratesTypeDescription),
    priceFrom: num(r.priceFrom),
    priceTo: num(r.priceTo),
  }))
  return atdwDataSchema.parse({
    productId: str(p.productId),
    productCategoryId: str(p.productCategoryId).toUpperCase(),
    name: str(p.productName),
    description: str(p.productDescription),
    status: status(p.status),
    productCategoryDescription: str(p.productCategoryDescription),
    verticalClassifications: list(p.verticalClassifications)
      .map((v) => str(v.productTypeId))
      .filter(Boolean),
    productUpdateDate: str(p.productupdateDate ?? p.productUpdateDate),
    eventFrequency: frequencies,
    startDate,
    endDate,
    freeEntryFlag: flag(p.freeEntryFlag),
    rateFrom: num(p.rateFrom) ?? (rates.length ? Math.min(...rates.map((r) => r.priceFrom ?? Infinity).filter(Number.isFinite)) : null),
    rateTo: num(p.rateTo),
    rates,
    communication,
    bookingUrl: communication.find((c) => c.attributeIdCommunication === 'CAUBENQUIR')?.communicationDetail ?? '',
    productSite: list(p.productSite).map((s) => ({
      attributeIdSiteType: str(s.attributeIdSiteType).toUpperCase(),
      siteName: str(s.siteName),
    })),
    externalSystems: list(p.externalSystems).map((s) => ({
      externalSystemCode: str(s.externalSystemCode).toUpperCase(),
      externalSystemText: str(s.externalSystemText),
    })),
    disabledAccessFlag: flag(p.disabledAccessFlag),
    accessibility: accessibilityOf(p),
    deals: dealsOf(p.deals),
    openingTime: opening
      ? {
          openingTimeType: str(opening.openingTimeType),
          openingTimeComment: str(opening.openingTimeComment),
          seasonalPeriods: list(opening.seasonalPeriods).map((s) => ({
            fromDate: toDate(s.fromDate),
            toDate: toDate(s.toDate),
            openStatus: openStatuses(s.openStatus),
          })),
          exceptions: {
            exceptionPeriod: str(exceptions.exceptionPeriod),
            periods: list(exceptions.periods).map((e) => ({
              fromDate: toDate(e.fromDate),
              toDate: toDate(e.toDate),
              description: str(e.description),
              openStatus: openStatuses(e.openStatus),
            })),
          },
        }
      : undefined,
    memberships: attributes
      .filter((a) => str(a.attributeTypeId).toUpperCase() === 'MEMBERSHIP')
      .map((a) => str(a.attributeId))
      .filter(Boolean),
    facilities: attributes
      .filter((a) => str(a.attributeTypeId).toUpperCase() === 'ENTITY FAC')
      .map((a) => str(a.attributeIdDescription))
      .filter(Boolean),
    address: address
      ? {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          area: address.area,
          state: address.state,
          postcode: address.postcode,
          country: address.country,
        }
      : undefined,
    latitude: address?.latitude ?? null,
    longitude: address?.longitude ?? null,
    multimedia: multimedia(p.multimedia),
    services: list(p.services)
      .map((s) => ({ serviceId: str(s.serviceId), serviceName: str(s.serviceName) }))
      .filter((s) => s.serviceId),
    checkInTime: toTime(p.checkInTime),
    checkOutTime: toTime(p.checkOutTime),
  })
}

/**
 * Accessibility attributes: the detail's `accessibilityAttributes` (attributeSubType1Id and its
 * description), and any of type ACCESSIBILITY or DISASSIST among the general `attributes`.
 */
function accessibilityOf(p: AtlasRecord) {
  const fromList = list(p.accessibilityAttributes).map((a) => ({
    type: str(a.attributeTypeId).toUpperCase(),
    id: str(a.attributeSubType1Id || a.attributeId).toUpperCase(),
    description: str(a.attributeSubType1IdDescription || a.attributeIdDescription),
  }))
  const fromAttributes = list(p.attributes)
    .filter((a) => ['ACCESSIBILITY', 'DISASSIST'].includes(str(a.attributeTypeId).toUpperCase()))
    .map((a) => ({
      type: str(a.attributeTypeId).toUpperCase(),
      id: str(a.attributeId).toUpperCase(),
      description: str(a.attributeIdDescription),
    }))
  const seen = new Set<string>()
  return [...fromList, ...fromAttributes].filter((a) => a.id && !seen.has(a.id) && seen.add(a.id))
}

/** Deals and offers (ATDW "Deals and Offers"): those with an id, a name and an end date. */
function dealsOf(value: unknown) {
  return list(value)
    .map((d) => ({
      dealId: str(d.dealId),
      dealTypeId: str(d.dealTypeId || d.attributeIdDealType).toUpperCase(),
      dealTypeDescription: str(d.dealTypeDescription || d.attributeIdDealTypeDescription),
      name: str(d.dealName),
      description: str(d.dealDescription),
      price: num(d.dealPrice),
      priceComment: str(d.dealPriceComment),
      startDate: toDate(d.dealStartDate),
      endDate: toDate(d.dealEndDate),
      redeemStartDate: toDate(d.dealRedeemStartDate),
      redeemEndDate: toDate(d.dealRedeemEndDate),
      terms: str(d.dealTerms),
      inclusions: str(d.dealInclusions),
    }))
    .filter((d) => d.dealId && d.name && d.endDate)
    .slice(0, 3)
}

/** Phone numbers come split into ISD, area code and number; the rest as given. */
function communicationValue(c: AtlasRecord): string {
  const detail = str(c.communicationDetail)
  const code = str(c.attributeIdCommunication).toUpperCase()
  if (!detail || (!code.startsWith('CAPH') && !code.startsWith('CAMB'))) return detail
  const area = str(c.communicationAreaCode)
  return area && !detail.startsWith(area) && !detail.startsWith('0') ? `(${area}) ${detail}` : detail
}

/**
 * A service (`/productservice`) as a child listing's provider data: its name is the parent's
 * name plus the service name; location, address and contact come from the parent.
 */
export function serviceToAtdwData(parent: AtdwData, service: AtlasRecord): AtdwData {
  const serviceName = str(service.serviceName)
  return atdwDataSchema.parse({
    ...parent,
    serviceId: str(service.serviceId),
    name: `${parent.name} ${serviceName}`.trim(),
    description: str(service.serviceDescription),
    status: service.status === undefined ? parent.status : status(service.status),
    productUpdateDate: str(service.serviceUpdateDate) || parent.productUpdateDate,
    rateFrom: num(service.rateFrom),
    rateTo: num(service.rateTo),
    rates:
      num(service.rateFrom) !== null
        ? [{ ratesTypeDescription: serviceName, priceFrom: num(service.rateFrom), priceTo: num(service.rateTo) }]
        : [],
    externalSystems: list(service.serviceExternalSystems).map((s) => ({
      externalSystemCode: str(s.externalSystemCode).toUpperCase(),
      externalSystemText: str(s.externalSystemText),
    })),
    multimedia: multimedia(service.serviceMultimedia),
    services: [],
    // A service's own deals (the product's are on the product's page).
    deals: dealsOf(service.deals),
    eventFrequency: [],
    startDate: '',
    endDate: '',
  })
}

// ------------------------------------------------------------------ market variants (decision 030)

/** A translated text: present, not empty, and not the English text itself (an untranslated field answered in English). */
const translated = (value: unknown, english: string): string | undefined => {
  const text = str(value)
  return text && text !== english ? text : undefined
}

/** Drops the fields without a translation; null when none is left. */
const orNull = (t: ListingTranslation): ListingTranslation | null => {
  const out = Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as ListingTranslation
  return Object.keys(out).length ? out : null
}

/**
 * The product description's translation in a market variant from a profile's comments: the
 * provider's "Product Description Translation" (PRODTRANS) comment written in that language, as
 * the recorded detail sample carries one for each language (shared/atdw-samples).
 */
export function commentTranslation(p: AtlasRecord, mv: string): string {
  const comment = list(p.productComments).find(
    (c) => str(c.attributeIdProductComment).toUpperCase() === 'PRODTRANS' && str(c.attributeIdLanguageWritten).toUpperCase() === mv,
  )
  return str(comment?.commentText)
}

/**
 * What a product's profile in a market variant (`/product?productId=&mv=`) translates of the English
 * profile: its name and description where the provider translated them. The provider leaves an
 * untranslated field out of the variant (or answers the English text): neither is a translation, so
 * the visitor reads the English field there (field by field). A description missing from the variant
 * is taken from its PRODTRANS comment in that language when the profile has one.
 */
export function productTranslationOf(variant: AtlasRecord, english: AtdwData, mv: string): ListingTranslation | null {
  return orNull({
    name: translated(variant.productName, english.name),
    description:
      translated(variant.productDescription, english.description) ?? translated(commentTranslation(variant, mv), english.description),
  })
}

/**
 * A service's translation (`/productservice?...&mv=`): its description, and its name as the site
 * names a service (the product's name, then the service's), in the language where either is
 * translated.
 */
export function serviceTranslationOf(
  variant: AtlasRecord,
  english: { parentName: string; serviceName: string; description: string },
  product: ListingTranslation | null,
): ListingTranslation | null {
  const serviceName = translated(variant.serviceName, english.serviceName)
  const parentName = product?.name
  return orNull({
    name: serviceName || parentName ? `${parentName ?? english.parentName} ${serviceName ?? english.serviceName}`.trim() : undefined,
    description: translated(variant.serviceDescription, english.description),
  })
}
