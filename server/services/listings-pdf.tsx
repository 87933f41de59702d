/**
 * The event-calendar PDF (spec 02 §2.2, §7 listingsPdf/generatePdf): the listings the public grid
 * shows for the same filters, as an A4 calendar grouped by month, each with its name, dates,
 * town and address, a short description and its picture when one can be had quickly.
 * No HTTP here: the listingsPdf router parses the query and sends the bytes.
 *
 * The listings come from the listing service's `fetch` (the grid's own query, a page at a time),
 * so the PDF never disagrees with the grid.
 */
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import sharp from 'sharp'
import { z } from 'zod'
import { pdfQuerySchema, toIsoDate, type FetchQuery, type ListingCard } from '#lib/listings'
import { listingPdfTexts as t, listingTexts } from '#lib/texts'
import { eventDateRange, eventTimes, formatDate, plainText } from '../../app/ui/listings/format.ts'
import { invalidInput } from './errors.ts'
import type { ImageService } from './images.ts'
import type { ListingService } from './listings.ts'
import type { SiteDocumentService } from './site-documents.ts'

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
/** PDFs laid out at once by this process (a layout takes seconds of CPU); later requests wait their turn. */
const MAX_CONCURRENT_PDFS = 2

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
  if (!parsed.success) throw invalidInput('Invalid PDF query', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })))
  const q = parsed.data
  let checkedCategories: string[] = []
  if (q.checkedCategories) {
    const checked = checkedSchema.safeParse(parseJson('checkedCategories', q.checkedCategories))
    if (!checked.success) throw invalidInput('checkedCategories must be a JSON array of category names', [{ path: 'checkedCategories', message: checked.error.issues[0]?.message ?? 'Invalid' }])
    checkedCategories = checked.data
  }
  let from: string | undefined
  let to: string | undefined
  if (q.filters) {
    const range = rangeSchema.safeParse(parseJson('filters', q.filters))
    if (!range.success) throw invalidInput('filters must be a JSON object of from and to', [{ path: 'filters', message: range.error.issues[0]?.message ?? 'Invalid' }])
    for (const key of ['from', 'to'] as const) {
      const value = range.data[key]
      if (value && !toIsoDate(value)) throw invalidInput(`filters.${key} is not a date (DD/MM/YYYY or YYYY-MM-DD)`, [{ path: `filters.${key}`, message: 'Invalid date' }])
    }
    from = toIsoDate(range.data.from) ?? undefined
    to = toIsoDate(range.data.to) ?? undefined
  }
  return { categoryFilterId: q.categoryFilterId || undefined, location: q.location || undefined, search: q.search || undefined, checkedCategories, from, to }
}

export interface ListingsPdf {
  bytes: Buffer
  /** 'Event Calendar <site name>.pdf' (spec 02 §9). */
  fileName: string
  title: string
  /** Listings in the PDF, and how many matched (more than PDF_MAX_LISTINGS are cut). */
  listings: number
  total: number
}

export interface ListingsPdfDeps {
  listings: Pick<ListingService, 'fetch'>
  siteDocuments: Pick<SiteDocumentService, 'load'>
  images?: Pick<ImageService, 'render'> | undefined
  /** Fetch provider pictures (http/https addresses) for the PDF; default true. */
  remoteImages?: boolean
}

interface Entry {
  card: ListingCard
  picture: Buffer | null
}

export function createListingsPdfService(deps: ListingsPdfDeps) {
  /** The grid's listings for the filters, in the grid's order (event start date, then name). */
  async function matching(domainId: string, filters: PdfFilters): Promise<{ cards: ListingCard[]; total: number }> {
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
        const res = await fetch(image.url, { signal: AbortSignal.timeout(Math.min(IMAGE_TIMEOUT_MS, Math.max(1, deadline - Date.now()))), redirect: 'follow' })
        if (!res.ok || Number(res.headers.get('content-length') ?? 0) > IMAGE_MAX_BYTES) return null
        const bytes = Buffer.from(await res.arrayBuffer())
        if (bytes.length > IMAGE_MAX_BYTES) return null
        source = bytes
      }
      if (!source) return null
      // Small JPEGs whatever came in (react-pdf reads JPEG and PNG only).
      return await sharp(source, { limitInputPixels: 40_000_000 }).rotate().resize(THUMB_W * 2, THUMB_H * 2, { fit: 'cover' }).jpeg({ quality: 72 }).toBuffer()
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

  let running = 0
  const waiting: (() => void)[] = []
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    while (running >= MAX_CONCURRENT_PDFS) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await work()
    } finally {
      running--
      waiting.shift()?.()
    }
  }

  function generate(domainId: string, filters: PdfFilters, options: { now?: Date } = {}): Promise<ListingsPdf> {
    return inTurn(() => layout(domainId, filters, options))
  }

  async function layout(domainId: string, filters: PdfFilters, options: { now?: Date }): Promise<ListingsPdf> {
    const [{ cards, total }, nav] = await Promise.all([matching(domainId, filters), deps.siteDocuments.load('nav', domainId, 'published')])
    const siteName = nav.doc.siteName.trim()
    const entries = await pictures(cards)
    const title = t.documentTitle(siteName)
    const bytes = await renderToBuffer(<Calendar title={title} siteName={siteName} filters={filters} entries={entries} total={total} now={options.now ?? new Date()} />)
    return { bytes, fileName: listingTexts.grid.pdfFileName(siteName), title, listings: cards.length, total }
  }

  return { generate, parseQuery: parsePdfQuery }
}

export type ListingsPdfService = ReturnType<typeof createListingsPdfService>

// ------------------------------------------------------------------------------------ layout

// Whole words only: no hyphenation (calendar text reads better, and layout is much faster).
Font.registerHyphenationCallback((word) => [word])

const colors = { ink: '#1f2937', muted: '#4b5563', accent: '#7a1f2b', rule: '#d1d5db', band: '#f5efe6' }

const styles = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 44, fontFamily: 'Helvetica', fontSize: 10, color: colors.ink },
  header: { borderBottomWidth: 2, borderBottomColor: colors.accent, paddingBottom: 10, marginBottom: 14 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 26, color: colors.accent },
  site: { fontSize: 14, marginTop: 2 },
  meta: { fontSize: 9, color: colors.muted, marginTop: 6 },
  month: { fontFamily: 'Helvetica-Bold', fontSize: 13, color: colors.accent, backgroundColor: colors.band, paddingVertical: 4, paddingHorizontal: 8, marginTop: 10, marginBottom: 6 },
  entry: { flexDirection: 'row', paddingVertical: 8, borderBottomWidth: 0.5, borderBottomColor: colors.rule },
  picture: { width: 108, height: 72, objectFit: 'cover', marginRight: 12 },
  body: { flex: 1 },
  name: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  dates: { fontFamily: 'Helvetica-Bold', fontSize: 10, color: colors.accent, marginTop: 2 },
  place: { fontSize: 9.5, color: colors.muted, marginTop: 2 },
  description: { fontSize: 9.5, marginTop: 4 },
  none: { fontSize: 12, marginTop: 20 },
  footer: { position: 'absolute', bottom: 24, left: 44, right: 44, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: colors.muted },
})

const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function monthOf(card: ListingCard): string {
  const day = toIsoDate(card.startDate)
  return day ? monthFormat.format(new Date(`${day}T00:00:00Z`)) : t.undated
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`
}

/**
 * The built-in PDF fonts cover Latin-1 (WinAnsi): other characters are replaced rather than
 * printed as garbage.
 */
function printable(text: string): string {
  return text.replace(/[^\n\t\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '')
}

function filterLine(filters: PdfFilters): string {
  return [
    filters.from ? t.from(formatDate(filters.from)) : '',
    filters.to ? t.to(formatDate(filters.to)) : '',
    filters.location ? t.location(filters.location) : '',
    filters.search ? t.search(filters.search) : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

function Calendar(props: { title: string; siteName: string; filters: PdfFilters; entries: Entry[]; total: number; now: Date }) {
  const groups: { month: string; entries: Entry[] }[] = []
  for (const entry of props.entries) {
    const month = monthOf(entry.card)
    const last = groups[groups.length - 1]
    if (last && last.month === month) last.entries.push(entry)
    else groups.push({ month, entries: [entry] })
  }
  const filters = filterLine(props.filters)
  return (
    <Document title={props.title} author={props.siteName || undefined} subject={t.title} creator={props.siteName || t.title} producer={props.siteName || t.title} language="en-AU">
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <Text style={styles.title}>{t.title}</Text>
          {props.siteName ? <Text style={styles.site}>{printable(props.siteName)}</Text> : null}
          <Text style={styles.meta}>{printable([filters, t.count(props.total), t.generated(formatDate(props.now.toISOString()))].filter(Boolean).join(' · '))}</Text>
          {props.total > props.entries.length ? <Text style={styles.meta}>{t.truncated(props.entries.length, props.total)}</Text> : null}
        </View>
        {props.entries.length === 0 ? <Text style={styles.none}>{t.none}</Text> : null}
        {groups.flatMap((group) => [
          <Text key={`month-${group.entries[0]!.card._id}`} style={styles.month} minPresenceAhead={90}>
            {group.month}
          </Text>,
          ...group.entries.map(({ card, picture }) => <EntryView key={card._id} card={card} picture={picture} />),
        ])}
        <View style={styles.footer} fixed>
          <Text>{printable(props.title)}</Text>
          <Text render={({ pageNumber, totalPages }) => t.page(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>
  )
}

function EntryView({ card, picture }: Entry) {
  const dates = eventDateRange(card.startDate, card.endDate)
  const times = eventTimes(card.eventFrequency)
  const place = [card.address || card.location, card.address && card.location && !card.address.includes(card.location) ? card.location : ''].filter(Boolean).join(', ')
  const description = shorten(plainText(card.description), DESCRIPTION_CHARS)
  return (
    <View style={styles.entry} wrap={false}>
      {picture ? <Image style={styles.picture} src={{ data: picture, format: 'jpg' }} /> : null}
      <View style={styles.body}>
        <Text style={styles.name}>{printable(card.parentName ? `${card.name} (${card.parentName})` : card.name)}</Text>
        {dates ? <Text style={styles.dates}>{printable([dates, times].filter(Boolean).join(' · '))}</Text> : null}
        {place ? <Text style={styles.place}>{printable(place)}</Text> : null}
        {description ? <Text style={styles.description}>{printable(description)}</Text> : null}
      </View>
    </View>
  )
}
