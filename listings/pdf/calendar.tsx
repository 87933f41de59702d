/**
 * The event-calendar PDF (spec 02 §2.2, §7 listingsPdf/generatePdf): the listings the public grid
 * shows for the same filters, as an A4 calendar grouped by month, each with its name, dates,
 * town and address, a short description and its picture when one can be had quickly.
 * No HTTP here: the listingsPdf router parses the query and sends the bytes.
 *
 * The listings come from the listing service's `fetch` (the grid's own query, a page at a time),
 * so the PDF never disagrees with the grid.
 *
 * Issue 18: the layout (seconds of CPU for a year of events) runs in a pool of worker threads
 * (listings-pdf-pool.ts), never on the thread that answers requests; when its queue is full the
 * request is refused at once (rate_limited, with the seconds to wait). A calendar is built once
 * per filters and day and served from memory until a listing or the site's settings are
 * published again ('published' on the content event bus, which a sync emits too); identical
 * requests that arrive while it is being built wait for that one build.
 */
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import { z } from 'zod'
import { toIsoDate } from '#lib/dates'
import { pdfQuerySchema, type FetchQuery, type ListingCard } from '#lib/listings'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import '#lib/site-texts/all'
import { siteTextsOf } from '#lib/site-texts/index'
import { eventDateRange, eventTimes, formatDate, plainText } from '../format.ts'
import { AppError, invalidInput } from '../../server/services/errors.ts'
import type { ContentEventBus } from '../../server/services/events.ts'
import type { ImageService } from '../../server/services/images.ts'
import { createPublicFetch, type PublicFetch } from '../../server/integrations/public-fetch.ts'
import type { CalendarEntry, CalendarInput } from './layout.tsx'
import { createPdfPool, PdfQueueFull, type PdfPool, type PdfPoolOptions } from './pool.ts'
import type { TripPdfInput } from './trip-layout.tsx'
import type { ListingService } from '../service.ts'
import type { SiteDocumentService } from '../../server/services/site-documents.ts'

/** At most this many listings go into one PDF (a year of a region's events fits easily). */
export const PDF_MAX_LISTINGS = 1000
const FETCH_PAGE = 100
const THUMB_W = 180
const THUMB_H = 120
const DESCRIPTION_CHARS = 320
/** Pictures are a nicety: each may take this long, all together at most IMAGE_BUDGET_MS. */
const IMAGE_TIMEOUT_MS = 3000
const IMAGE_BUDGET_MS = 15_000
const IMAGE_MAX_BYTES = 5 * 1024 * 1024
const IMAGE_CONCURRENCY = 6
/** Built calendars kept in memory (a year of events is a few hundred KB). */
const CACHE_MAX_BYTES = 64 * 1024 * 1024

export interface PdfFilters {
  categoryFilterId?: string | undefined
  location?: string | undefined
  search?: string | undefined
  checkedCategories: string[]
  from?: string | undefined
  to?: string | undefined
}

const checkedSchema = z.array(z.string().max(100)).max(100)
const rangeSchema = z.object({ from: z.string().max(40).nullish(), to: z.string().max(40).nullish() }).strict()

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    throw invalidInput(`${name} must be JSON`, [{ path: name, message: 'Invalid JSON' }])
  }
}

/**
 * The query of GET /api/listingsPdf/generatePdf: checkedCategories is a JSON array of tags and
 * filters a JSON object of from and to (DD/MM/YYYY or YYYY-MM-DD). Anything else is invalid input.
 */
export function parsePdfQuery(query: Record<string, string | undefined>): PdfFilters {
  const parsed = pdfQuerySchema.safeParse(query)
  if (!parsed.success)
    throw invalidInput(
      'Invalid PDF query',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    )
  const q = parsed.data
  let checkedCategories: string[] = []
  if (q.checkedCategories) {
    const checked = checkedSchema.safeParse(parseJson('checkedCategories', q.checkedCategories))
    if (!checked.success)
      throw invalidInput('checkedCategories must be a JSON array of category names', [
        { path: 'checkedCategories', message: checked.error.issues[0]?.message ?? 'Invalid' },
      ])
    checkedCategories = checked.data
  }
  let from: string | undefined
  let to: string | undefined
  if (q.filters) {
    const range = rangeSchema.safeParse(parseJson('filters', q.filters))
    if (!range.success)
      throw invalidInput('filters must be a JSON object of from and to', [
        { path: 'filters', message: range.error.issues[0]?.message ?? 'Invalid' },
      ])
    for (const key of ['from', 'to'] as const) {
      const value = range.data[key]
      if (value && !toIsoDate(value))
        throw invalidInput(`filters.${key} is not a date (DD/MM/YYYY or YYYY-MM-DD)`, [{ path: `filters.${key}`, message: 'Invalid date' }])
    }
    from = toIsoDate(range.data.from) ?? undefined
    to = toIsoDate(range.data.to) ?? undefined
  }
  return {
    categoryFilterId: q.categoryFilterId || undefined,
    location: q.location || undefined,
    search: q.search || undefined,
    checkedCategories,
    from,
    to,
  }
}

export interface ListingsPdf {
  bytes: Buffer
  /** 'Event Calendar <site name>.pdf' (spec 02 §9). */
  fileName: string
  title: string
  /** Listings in the PDF, and how many matched (more than PDF_MAX_LISTINGS are cut). */
  listings: number
  total: number
  /** Served from the cache of built calendars (or from a build another request started). */
  cached: boolean
}

export interface ListingsPdfDeps {
  listings: Pick<ListingService, 'fetch'>
  siteDocuments: Pick<SiteDocumentService, 'load'>
  images?: Pick<ImageService, 'render'> | undefined
  /** Fetch provider pictures (http/https addresses) for the PDF; default true. */
  remoteImages?: boolean
  /**
   * How those pictures are fetched: only public addresses (and the configured provider's host),
   * checked at connect time (SSRF guard); by default public addresses only.
   */
  remoteFetch?: PublicFetch | undefined
  /** 'published' here empties the cache of built calendars for that domain. */
  events?: Pick<ContentEventBus, 'on'> | undefined
  /** The worker pool's size and queue (PDF_WORKERS, PDF_QUEUE_MAX). */
  workers?: PdfPoolOptions | undefined
}

interface Entry {
  card: ListingCard
  picture: Buffer | null
}

const monthFormats = new Map<LocaleCode, Intl.DateTimeFormat>()
/** 'April 2027', 'April 2027', '2027年4月': one formatter per language, made once. */
function monthFormat(locale: LocaleCode): Intl.DateTimeFormat {
  let format = monthFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    monthFormats.set(locale, format)
  }
  return format
}

function monthOf(card: ListingCard, locale: LocaleCode): string {
  const day = toIsoDate(card.startDate)
  return day ? monthFormat(locale).format(new Date(`${day}T00:00:00Z`)) : siteTextsOf(locale).listingPdf.undated
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`
}

function filterLine(filters: PdfFilters, locale: LocaleCode): string {
  const t = siteTextsOf(locale).listingPdf
  return [
    filters.from ? t.from(formatDate(filters.from, locale)) : '',
    filters.to ? t.to(formatDate(filters.to, locale)) : '',
    filters.location ? t.location(filters.location) : '',
    filters.search ? t.search(filters.search) : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

/** What the worker lays out: plain strings and picture bytes, in the grid's order. */
export function calendarInput(props: {
  title: string
  siteName: string
  filters: PdfFilters
  entries: Entry[]
  total: number
  now: Date
  /** The calendar's language (default English). */
  locale?: LocaleCode
}): CalendarInput {
  const locale = props.locale ?? DEFAULT_LOCALE
  const t = siteTextsOf(locale).listingPdf
  const entries: CalendarEntry[] = props.entries.map(({ card, picture }) => {
    const dates = eventDateRange(card.startDate, card.endDate, locale)
    const times = eventTimes(card.eventFrequency, locale)
    return {
      id: card._id,
      month: monthOf(card, locale),
      name: card.parentName ? `${card.name} (${card.parentName})` : card.name,
      dates: dates ? [dates, times].filter(Boolean).join(' · ') : '',
      place: [card.address || card.location, card.address && card.location && !card.address.includes(card.location) ? card.location : '']
        .filter(Boolean)
        .join(', '),
      description: shorten(plainText(card.description), DESCRIPTION_CHARS),
      picture: picture ? new Uint8Array(picture.buffer, picture.byteOffset, picture.byteLength) : null,
    }
  })
  return {
    locale,
    title: props.title,
    siteName: props.siteName,
    meta: [filterLine(props.filters, locale), t.count(props.total), t.generated(formatDate(props.now.toISOString(), locale))]
      .filter(Boolean)
      .join(' · '),
    truncated: props.total > props.entries.length ? t.truncated(props.entries.length, props.total) : null,
    entries,
  }
}

/** The cache key of a calendar: its domain, filters (checked categories in any order), day and language. */
function cacheKey(domainId: string, filters: PdfFilters, now: Date, locale: LocaleCode): string {
  const f = { ...filters, checkedCategories: [...filters.checkedCategories].sort() }
  return `${domainId}\n${now.toISOString().slice(0, 10)}\n${JSON.stringify([f.categoryFilterId, f.location, f.search, f.checkedCategories, f.from, f.to, locale])}`
}

export function createListingsPdfService(deps: ListingsPdfDeps) {
  // A listing's picture address is content (an editor may change it): never fetched from inside the network.
  const remoteFetch = deps.remoteFetch ?? createPublicFetch()
  /** The grid's listings for the filters, in the grid's order (event start date, then name). */
  async function matching(domainId: string, filters: PdfFilters, locale: LocaleCode): Promise<{ cards: ListingCard[]; total: number }> {
    const cards: ListingCard[] = []
    let total = 0
    for (let page = 1; cards.length < PDF_MAX_LISTINGS; page++) {
      const query: FetchQuery = {
        categoryFilterId: filters.categoryFilterId ?? null,
        search: filters.search ?? '',
        hideTours: true,
        filters: { from: filters.from ?? null, to: filters.to ?? null },
        limit: FETCH_PAGE,
        currentPage: page,
        checkedCategories: filters.checkedCategories,
        location: filters.location ?? null,
        // The listings' names and descriptions as the grid shows them in this language (decision 030).
        locale,
      }
      const result = await deps.listings.fetch(domainId, query)
      total = result.totalListings
      cards.push(...result.listings)
      if (result.listings.length < FETCH_PAGE || cards.length >= total) break
    }
    return { cards: cards.slice(0, PDF_MAX_LISTINGS), total }
  }

  async function picture(card: ListingCard, deadline: number): Promise<Buffer | null> {
    const image = card.image
    if (!image || Date.now() > deadline) return null
    try {
      let source: Buffer | null = null
      if (image.imageId && deps.images) {
        source = (await deps.images.render(image.imageId, { w: THUMB_W * 2, h: THUMB_H * 2, f: 'jpg' }))?.bytes ?? null
      } else if (image.url && /^https?:\/\//i.test(image.url) && deps.remoteImages !== false) {
        const res = await remoteFetch(image.url, {
          signal: AbortSignal.timeout(Math.min(IMAGE_TIMEOUT_MS, Math.max(1, deadline - Date.now()))),
          redirect: 'follow',
        })
        if (!res.ok || Number(res.headers.get('content-length') ?? 0) > IMAGE_MAX_BYTES) return null
        const bytes = Buffer.from(await res.arrayBuffer())
        if (bytes.length > IMAGE_MAX_BYTES) return null
        source = bytes
      }
      if (!source) return null
      // Small JPEGs whatever came in (react-pdf reads JPEG and PNG only).
      return await sharp(source, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(THUMB_W * 2, THUMB_H * 2, { fit: 'cover' })
        .jpeg({ quality: 72 })
        .toBuffer()
    } catch {
      return null
    }
  }

  async function pictures(cards: ListingCard[]): Promise<Entry[]> {
    const entries: Entry[] = cards.map((card) => ({ card, picture: null }))
    const deadline = Date.now() + IMAGE_BUDGET_MS
    let next = 0
    const worker = async () => {
      while (next < entries.length) {
        const entry = entries[next++]!
        entry.picture = await picture(entry.card, deadline)
      }
    }
    await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker))
    return entries
  }

  // ---------------------------------------------------------------- workers and cache

  let pool: PdfPool | undefined
  /** The worker threads, started on first use (the server starts them at boot, warm). */
  function workers(): PdfPool {
    pool ??= createPdfPool(deps.workers)
    return pool
  }

  type Built = Omit<ListingsPdf, 'cached'>
  const cache = new LRUCache<string, Built>({ maxSize: CACHE_MAX_BYTES, sizeCalculation: (pdf) => Math.max(1, pdf.bytes.length) })
  const building = new Map<string, Promise<Built>>()
  /** Bumped per domain on every publish (epoch: for every domain): a build that started before is not kept. */
  const versions = new Map<string, number>()
  let epoch = 0
  const versionOf = (domainId: string) => `${epoch}/${versions.get(domainId) ?? 0}`

  function forget(domainId?: string) {
    if (domainId === undefined) {
      epoch++
      cache.clear()
      building.clear()
      return
    }
    versions.set(domainId, (versions.get(domainId) ?? 0) + 1)
    const prefix = `${domainId}\n`
    for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
    for (const key of [...building.keys()]) if (key.startsWith(prefix)) building.delete(key)
  }
  // A calendar shows listings and the site's settings; pages and stories are not in it.
  deps.events?.on('published', (domainId, change) => {
    if (change?.kind !== 'pages' && change?.kind !== 'stories') forget(domainId ?? undefined)
  })

  async function generate(domainId: string, filters: PdfFilters, options: { now?: Date; locale?: LocaleCode } = {}): Promise<ListingsPdf> {
    const now = options.now ?? new Date()
    const locale = options.locale ?? DEFAULT_LOCALE
    const key = cacheKey(domainId, filters, now, locale)
    const hit = cache.get(key)
    if (hit) return { ...hit, cached: true }
    const pending = building.get(key)
    if (pending) return { ...(await pending), cached: true }
    // Refused before any work is done when as many calendars as the threads and their queue hold
    // are already being built (fetching their pictures or waiting for a thread).
    const pdfs = workers()
    if (building.size >= pdfs.threads + pdfs.queueMax) throw rateLimited(pdfs.retryAfterSeconds())
    const version = versionOf(domainId)
    const build = layout(domainId, filters, now, locale)
    building.set(key, build)
    try {
      const pdf = await build
      if (versionOf(domainId) === version) cache.set(key, pdf)
      return { ...pdf, cached: false }
    } catch (err) {
      if (err instanceof PdfQueueFull) throw rateLimited(err.retryAfterSeconds)
      throw err
    } finally {
      if (building.get(key) === build) building.delete(key)
    }
  }

  async function layout(domainId: string, filters: PdfFilters, now: Date, locale: LocaleCode): Promise<Built> {
    const texts = siteTextsOf(locale)
    const [{ cards, total }, nav] = await Promise.all([
      matching(domainId, filters, locale),
      deps.siteDocuments.load('nav', domainId, 'published'),
    ])
    const siteName = nav.doc.siteName.trim()
    const entries = await pictures(cards)
    const title = texts.listingPdf.documentTitle(siteName)
    const bytes = await workers().render(calendarInput({ title, siteName, filters, entries, total, now, locale }))
    return {
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      fileName: texts.listings.grid.pdfFileName(siteName),
      title,
      listings: cards.length,
      total,
    }
  }

  return {
    generate,
    parseQuery: parsePdfQuery,
    /**
     * A visitor's trip as a PDF (issue 35), laid out by the same worker threads and queue as the
     * calendars; a full queue answers 429 with Retry-After, as for a calendar.
     */
    renderTrip: async (input: TripPdfInput): Promise<Uint8Array> => {
      try {
        return await workers().renderTrip(input)
      } catch (err) {
        if (err instanceof PdfQueueFull) throw rateLimited(err.retryAfterSeconds)
        throw err
      }
    },
    /** Forgets the built calendars (of one domain, or all): another instance published. */
    clear: forget,
    close: async () => {
      await pool?.close()
      pool = undefined
    },
  }
}

const rateLimited = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'Too many event calendars are being generated right now; try again in a few seconds', { retryAfterSeconds })

export type ListingsPdfService = ReturnType<typeof createListingsPdfService>
