/**
 * The site texts a visitor reads (issue 33 point 2), in English: the visitor-facing groups of
 * lib/texts.ts, taken as they are (the spec's words stay exactly as written there). Editor texts
 * are not here: the editor stays English (docs/decisions/019). German and Chinese (de.ts,
 * zh-Hans.ts) have the type `SiteTexts`, derived from this object, so a missing or extra key fails
 * the typecheck.
 */
import { accomTypes, activities, bookingsToHelp, months, preferredContacts, roomTypes, whereToStay } from '#lib/concierge-options'
import { SEARCH_KINDS, type SearchKind } from '#lib/search-kinds'
import {
  blockTexts,
  chapterTexts as c,
  conciergeTexts as q,
  favouriteTexts,
  listingPdfTexts,
  listingTexts,
  mapTexts,
  searchPageTexts,
  siteTexts,
  texts,
} from '#lib/texts'

/** Every option of the enquiry form's choices: its value (sent and e-mailed in English) and, per language, its label. */
export const conciergeOptions = [
  ...new Set([...preferredContacts, ...months, ...roomTypes, ...accomTypes, ...whereToStay, ...activities, ...bookingsToHelp]),
]
export type ConciergeOption =
  | (typeof preferredContacts)[number]
  | (typeof months)[number]
  | (typeof roomTypes)[number]
  | (typeof accomTypes)[number]
  | (typeof whereToStay)[number]
  | (typeof activities)[number]
  | (typeof bookingsToHelp)[number]

const e = texts.errors
/** The listing page's notices for editors stay English, with the rest of the editor. */
const { syncedNotice: _synced, customNotice: _custom, ...listingPage } = listingTexts.page

export const en = {
  site: siteTexts,
  blocks: {
    carousel: blockTexts.carousel,
    video: blockTexts.video,
    regionMap: { defaultTitle: blockTexts.regionMap.defaultTitle },
    newsletter: blockTexts.newsletter,
    mosaic: blockTexts.mosaic,
    cardCarousel: blockTexts.cardCarousel,
    learnMore: blockTexts.learnMore,
    header: { pauseVideo: blockTexts.header.pauseVideo, playVideo: blockTexts.header.playVideo },
  },
  chapters: {
    readMore: c.readMore,
    readLess: c.readLess,
    downloadChapter: c.downloadChapter,
    chapterButton: c.chapterButton,
    previous: c.previous,
    next: c.next,
    showing: c.showing,
    chaptersNav: c.chaptersNav,
    upNext: c.upNext,
    overview: c.overview,
    chapterOf: c.chapterOf,
    current: c.current,
  },
  concierge: {
    heading: q.heading,
    intro: q.intro,
    steps: q.steps,
    nextStep: q.nextStep,
    done: q.done,
    send: q.send,
    sending: q.sending,
    sent: q.sent,
    required: q.required,
    wrongEmail: q.wrongEmail,
    minPeople: q.minPeople,
    minChildren: q.minChildren,
    wholeNumber: q.wholeNumber,
    budgetInvalid: q.budgetInvalid,
    dateRange: q.dateRange,
    dateFormat: q.dateFormat,
    dateFormatPlaceholder: q.dateFormatPlaceholder,
    dateFormatHint: q.dateFormatHint,
    dateHint: q.dateHint,
    success: q.success,
    failure: q.failure,
    budgetPrefix: q.budgetPrefix,
    stepStatus: q.stepStatus,
    honeypot: q.honeypot,
    labels: q.labels,
    /** The choices' labels: in English, their values. */
    options: Object.fromEntries(conciergeOptions.map((o) => [o, o])) as Record<ConciergeOption, string>,
  },
  errors: {
    statusTitle: e.statusTitle,
    notFoundTitle: e.notFoundTitle,
    notFoundMessage: e.notFoundMessage,
    unknown: e.unknown,
    backHome: e.backHome,
    searchIntro: e.searchIntro,
    searchLabel: e.searchLabel,
    searchButton: e.searchButton,
  },
  cart: {
    heading: texts.cart.heading,
    empty: texts.cart.empty,
    emptyCart: texts.cart.emptyCart,
    remove: texts.cart.remove,
    item: texts.cart.item,
    count: texts.cart.count,
    countLabel: texts.cart.countLabel,
    removeShort: texts.cart.removeShort,
    details: texts.cart.details,
    unreachable: texts.cart.unreachable,
    notConfigured: texts.cart.notConfigured,
    emptyChoose: texts.cart.emptyChoose,
  },
  booking: texts.booking,
  consent: texts.consent,
  listings: { grid: listingTexts.grid, page: listingPage },
  listingPdf: listingPdfTexts,
  map: mapTexts,
  favourites: favouriteTexts,
  searchPage: {
    ...searchPageTexts,
    kinds: Object.fromEntries(SEARCH_KINDS.map((k) => [k.kind, k.label])) as Record<SearchKind, string>,
  },
}

/** Strings widened from their English literals; functions keep their parameters. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer I)[]
      ? readonly Widen<I>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T

/** The site texts of one language: every key the English ones have, each a text or a function of the same arguments. */
export type SiteTexts = Widen<typeof en>
