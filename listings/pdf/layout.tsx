/**
 * The event-calendar PDF's layout and rendering (React PDF). This runs in the PDF worker threads
 * (listings-pdf-worker.ts), never on the thread that answers requests: laying out a year of
 * events takes seconds of CPU. Its input is plain data (strings and picture bytes) that the
 * listings PDF service prepares, so it can be posted to a worker as it is.
 */
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import { listingPdfTexts as t } from '#lib/texts'

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
  title: string
  siteName: string
  /** Filters, count and generation date, on one line. */
  meta: string
  /** Set when the listings were cut to the PDF's maximum. */
  truncated: string | null
  entries: CalendarEntry[]
}

// Whole words only: no hyphenation (calendar text reads better, and layout is much faster).
Font.registerHyphenationCallback((word) => [word])

const colors = { ink: '#1f2937', muted: '#4b5563', accent: '#7a1f2b', rule: '#d1d5db', band: '#f5efe6' }

const styles = StyleSheet.create({
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

/**
 * The built-in PDF fonts cover Latin-1 (WinAnsi): other characters are replaced rather than
 * printed as garbage.
 */
export function printable(text: string): string {
  return text.replace(/[^\n\t\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '')
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
  return (
    <Document
      title={input.title}
      author={input.siteName || undefined}
      subject={t.title}
      creator={input.siteName || t.title}
      producer={input.siteName || t.title}
      language="en-AU"
    >
      {runs.length === 0 ? (
        <Page size="A4" style={styles.page}>
          <Header input={input} />
          <Text style={styles.none}>{t.none}</Text>
          <Footer title={input.title} />
        </Page>
      ) : null}
      {runs.map((run, i) => (
        <Page key={run[0]!.entries[0]!.id} size="A4" style={styles.page}>
          {i === 0 ? <Header input={input} /> : null}
          {run.flatMap((group) => [
            <Text key={`month-${group.entries[0]!.id}`} style={styles.month} minPresenceAhead={90}>
              {group.month}
            </Text>,
            ...group.entries.map((entry) => <EntryView key={entry.id} entry={entry} />),
          ])}
          <Footer title={input.title} />
        </Page>
      ))}
    </Document>
  )
}

function Header({ input }: { input: CalendarInput }) {
  return (
    <View style={styles.header}>
      <Text style={styles.title}>{t.title}</Text>
      {input.siteName ? <Text style={styles.site}>{printable(input.siteName)}</Text> : null}
      <Text style={styles.meta}>{printable(input.meta)}</Text>
      {input.truncated ? <Text style={styles.meta}>{input.truncated}</Text> : null}
    </View>
  )
}

function Footer({ title }: { title: string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{printable(title)}</Text>
      <Text render={({ pageNumber, totalPages }) => t.page(pageNumber, totalPages)} />
    </View>
  )
}

/**
 * One listing: its picture beside one Text of four styled lines. (Four Text nodes in a column
 * cost a quarter more layout time than one with nested spans, for the same page.)
 */
function EntryView({ entry }: { entry: CalendarEntry }) {
  return (
    <View style={styles.entry} wrap={false}>
      {entry.picture ? (
        <Image
          style={styles.picture}
          src={{ data: Buffer.from(entry.picture.buffer, entry.picture.byteOffset, entry.picture.byteLength), format: 'jpg' }}
        />
      ) : null}
      <Text style={styles.body}>
        <Text style={styles.name}>{printable(entry.name)}</Text>
        {entry.dates ? <Text style={styles.dates}>{`\n${printable(entry.dates)}`}</Text> : null}
        {entry.place ? <Text style={styles.place}>{`\n${printable(entry.place)}`}</Text> : null}
        {entry.description ? <Text style={styles.description}>{`\n${printable(entry.description)}`}</Text> : null}
      </Text>
    </View>
  )
}

/** The calendar as PDF bytes. CPU-bound for seconds on a large calendar: call it in a worker. */
export async function renderCalendar(input: CalendarInput): Promise<Uint8Array> {
  const bytes = await renderToBuffer(<Calendar input={input} />)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
