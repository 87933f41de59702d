/**
 * The event-calendar PDF's layout and rendering (React PDF). This runs in the PDF worker threads
 * (listings-pdf-worker.ts), never on the thread that answers requests: laying out a year of
 * events takes seconds of CPU. Its input is plain data (strings and picture bytes) that the
 * listings PDF service prepares, so it can be posted to a worker as it is.
 */
import { createRequire } from 'node:module'
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import '#lib/site-texts/all'
import { siteTextsOf, type SiteTexts } from '#lib/site-texts/index'

export interface CalendarEntry {
  id: string
  /** The heading the entry is grouped under ('April 2027', or 'Ongoing'). */
  month: string
  name: string
  /** Dates and times line ('' for none). */
  dates: string
  place: string
  description: string
  /** A small JPEG, or null. */
  picture: Uint8Array | null
}

export interface CalendarInput {
  /** The calendar's language (the grid's page's): its words, and its font for Chinese. Default English. */
  locale?: LocaleCode
  title: string
  siteName: string
  /** Filters, count and generation date, on one line. */
  meta: string
  /** Set when the listings were cut to the PDF's maximum. */
  truncated: string | null
  entries: CalendarEntry[]
}

// Whole words only: no hyphenation (calendar text reads better, and layout is much faster).
// Chinese, Japanese and Korean are written without spaces: a line may break between any two of
// their characters (the empty parts keep React PDF from printing a hyphen there).
const CJK_CHARACTER = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/
Font.registerHyphenationCallback((word) => (CJK_CHARACTER.test(word) ? Array.from(word).flatMap((c) => [c, '']) : [word]))

/**
 * Chinese (and any script beyond Latin-1) needs a font of its own: Noto Sans SC, from npm
 * (@expo-google-fonts/noto-sans-sc, OFL). React PDF embeds only the glyphs a calendar uses (a
 * subset), so a Chinese calendar stays small; the 10 MB font file is read only by a thread that
 * lays one out.
 */
export const CJK_FONT = 'Noto Sans SC'
const fontFile = createRequire(import.meta.url).resolve
Font.register({
  family: CJK_FONT,
  fonts: [
    { src: fontFile('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf') },
    { src: fontFile('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'), fontWeight: 'bold' },
  ],
})
/** Languages whose script the built-in PDF fonts (Latin-1) cannot print. */
export const CJK_LOCALES = new Set<LocaleCode>(['zh-Hans', 'zh-Hant', 'ja', 'ko'])

export const colors = { ink: '#1f2937', muted: '#4b5563', accent: '#7a1f2b', rule: '#d1d5db', band: '#f5efe6' }

const latin = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 44, fontFamily: 'Helvetica', fontSize: 10, color: colors.ink },
  header: { borderBottomWidth: 2, borderBottomColor: colors.accent, paddingBottom: 10, marginBottom: 14 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 26, color: colors.accent },
  site: { fontSize: 14, marginTop: 2 },
  meta: { fontSize: 9, color: colors.muted, marginTop: 6 },
  month: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 13,
    color: colors.accent,
    backgroundColor: colors.band,
    paddingVertical: 4,
    paddingHorizontal: 8,
    marginTop: 10,
    marginBottom: 6,
  },
  entry: { flexDirection: 'row', paddingVertical: 8, borderBottomWidth: 0.5, borderBottomColor: colors.rule },
  picture: { width: 108, height: 72, objectFit: 'cover', marginRight: 12 },
  body: { flex: 1 },
  name: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  dates: { fontFamily: 'Helvetica-Bold', fontSize: 10, color: colors.accent },
  place: { fontSize: 9.5, color: colors.muted },
  description: { fontSize: 9.5 },
  none: { fontSize: 12, marginTop: 20 },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 44,
    right: 44,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: colors.muted,
  },
})

const bold = { fontFamily: CJK_FONT, fontWeight: 'bold' as const }
const cjk = StyleSheet.create({
  ...latin,
  page: { ...latin.page, fontFamily: CJK_FONT },
  title: { ...latin.title, ...bold },
  month: { ...latin.month, ...bold },
  name: { ...latin.name, ...bold },
  dates: { ...latin.dates, ...bold },
})

/** How a calendar in a language looks: its styles, words, and what its font can print. */
interface Look {
  s: typeof latin
  t: SiteTexts['listingPdf']
  text: (value: string) => string
}

function lookOf(locale: LocaleCode = DEFAULT_LOCALE): Look {
  const t = siteTextsOf(locale).listingPdf
  return CJK_LOCALES.has(locale) ? { s: cjk, t, text: (value) => value } : { s: latin, t, text: printable }
}

/**
 * The built-in PDF fonts cover Latin-1 (WinAnsi): other characters are replaced rather than
 * printed as garbage.
 */
export function printable(text: string): string {
  return text.replace(/[^\n\t\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac]/g, '')
}

interface MonthGroup {
  month: string
  entries: CalendarEntry[]
}

/**
 * Entries are laid out in runs, each its own <Page> element: React PDF lays out everything that
 * follows again at each page break, so one long <Page> of 300 events costs pages x entries (7 s
 * of CPU for the demo's 37 pages; in runs, under 2 s). A run ends at the first month boundary
 * after RUN_MIN entries (that month starts on a new page, as in a printed calendar), or inside a
 * month after RUN_MAX entries (its heading is repeated). A calendar of up to RUN_MIN entries
 * flows on as few pages as it needs, months following each other on a page.
 */
export const RUN_MIN = 24
export const RUN_MAX = 48

export function runsOf(entries: CalendarEntry[]): MonthGroup[][] {
  const runs: MonthGroup[][] = []
  let run: MonthGroup[] = []
  let size = 0
  for (const entry of entries) {
    const last = run[run.length - 1]
    const sameMonth = last?.month === entry.month
    if (last && sameMonth && size < RUN_MAX) {
      last.entries.push(entry)
      size++
      continue
    }
    if (size >= RUN_MIN || sameMonth) {
      runs.push(run)
      run = []
      size = 0
    }
    run.push({ month: entry.month, entries: [entry] })
    size++
  }
  if (run.length) runs.push(run)
  return runs
}

function Calendar({ input }: { input: CalendarInput }) {
  const runs = runsOf(input.entries)
  const look = lookOf(input.locale)
  const { s, t } = look
  return (
    <Document
      title={input.title}
      author={input.siteName || undefined}
      subject={t.title}
      creator={input.siteName || t.title}
      producer={input.siteName || t.title}
      language={input.locale ?? DEFAULT_LOCALE}
    >
      {runs.length === 0 ? (
        <Page size="A4" style={s.page}>
          <Header input={input} look={look} />
          <Text style={s.none}>{t.none}</Text>
          <Footer title={input.title} look={look} />
        </Page>
      ) : null}
      {runs.map((run, i) => (
        <Page key={run[0]!.entries[0]!.id} size="A4" style={s.page}>
          {i === 0 ? <Header input={input} look={look} /> : null}
          {run.flatMap((group) => [
            <Text key={`month-${group.entries[0]!.id}`} style={s.month} minPresenceAhead={90}>
              {look.text(group.month)}
            </Text>,
            ...group.entries.map((entry) => <EntryView key={entry.id} entry={entry} look={look} />),
          ])}
          <Footer title={input.title} look={look} />
        </Page>
      ))}
    </Document>
  )
}

function Header({ input, look: { s, t, text } }: { input: CalendarInput; look: Look }) {
  return (
    <View style={s.header}>
      <Text style={s.title}>{text(t.title)}</Text>
      {input.siteName ? <Text style={s.site}>{text(input.siteName)}</Text> : null}
      <Text style={s.meta}>{text(input.meta)}</Text>
      {input.truncated ? <Text style={s.meta}>{text(input.truncated)}</Text> : null}
    </View>
  )
}

function Footer({ title, look: { s, t, text } }: { title: string; look: Look }) {
  return (
    <View style={s.footer} fixed>
      <Text>{text(title)}</Text>
      <Text render={({ pageNumber, totalPages }) => text(t.page(pageNumber, totalPages))} />
    </View>
  )
}

/**
 * One listing: its picture beside one Text of four styled lines. (Four Text nodes in a column
 * cost a quarter more layout time than one with nested spans, for the same page.)
 */
function EntryView({ entry, look: { s, text } }: { entry: CalendarEntry; look: Look }) {
  return (
    <View style={s.entry} wrap={false}>
      {entry.picture ? (
        <Image
          style={s.picture}
          src={{ data: Buffer.from(entry.picture.buffer, entry.picture.byteOffset, entry.picture.byteLength), format: 'jpg' }}
        />
      ) : null}
      <Text style={s.body}>
        <Text style={s.name}>{text(entry.name)}</Text>
        {entry.dates ? <Text style={s.dates}>{`\n${text(entry.dates)}`}</Text> : null}
        {entry.place ? <Text style={s.place}>{`\n${text(entry.place)}`}</Text> : null}
        {entry.description ? <Text style={s.description}>{`\n${text(entry.description)}`}</Text> : null}
      </Text>
    </View>
  )
}

/** The calendar as PDF bytes. CPU-bound for seconds on a large calendar: call it in a worker. */
export async function renderCalendar(input: CalendarInput): Promise<Uint8Array> {
  const bytes = await renderToBuffer(<Calendar input={input} />)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
