/**
 * The visitor's trip as a PDF (issue 35 point 1): a title, then each day with its stops in order,
 * their address, note and warnings, and the distance to the next stop. Laid out in the PDF worker
 * threads that lay out the event calendars (listings-pdf-worker.ts): plain strings in, bytes out.
 * The fonts (Latin-1 built-ins, Noto Sans SC for Chinese) are layout.tsx's.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import { CJK_FONT, CJK_LOCALES, colors, printable } from './layout.tsx'

export interface TripPdfStop {
  title: string
  address: string
  note: string
  warnings: string[]
  /** The way to the next stop ('10.7 km, about 11 min by car'), '' for the day's last. */
  next: string
}

export interface TripPdfInput {
  locale?: LocaleCode
  title: string
  siteName: string
  /** 'Made on …', and how distances were found. */
  meta: string[]
  /** Label before a stop's note, and before its warnings. */
  noteLabel: string
  days: { title: string; total: string; stops: TripPdfStop[] }[]
}

const latin = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 44, fontFamily: 'Helvetica', fontSize: 10, color: colors.ink },
  header: { borderBottomWidth: 2, borderBottomColor: colors.accent, paddingBottom: 10, marginBottom: 14 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 24, color: colors.accent },
  meta: { fontSize: 9, color: colors.muted, marginTop: 4 },
  day: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 14,
    color: colors.accent,
    backgroundColor: colors.band,
    paddingVertical: 4,
    paddingHorizontal: 8,
    marginTop: 12,
  },
  total: { fontSize: 9, color: colors.muted, marginTop: 3, marginBottom: 4, paddingHorizontal: 8 },
  stop: { flexDirection: 'row', paddingVertical: 6, borderBottomWidth: 0.5, borderBottomColor: colors.rule },
  number: { width: 22, fontFamily: 'Helvetica-Bold', fontSize: 12, color: colors.accent },
  body: { flex: 1 },
  name: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  line: { fontSize: 9.5, color: colors.muted },
  warning: { fontFamily: 'Helvetica-Bold', fontSize: 9.5, color: colors.accent },
  next: { fontSize: 9, color: colors.muted, marginLeft: 22, marginTop: 3 },
  footer: { position: 'absolute', bottom: 24, left: 44, right: 44, fontSize: 8, color: colors.muted, textAlign: 'right' },
})
const bold = { fontFamily: CJK_FONT, fontWeight: 'bold' as const }
const cjk = StyleSheet.create({
  ...latin,
  page: { ...latin.page, fontFamily: CJK_FONT },
  title: { ...latin.title, ...bold },
  day: { ...latin.day, ...bold },
  number: { ...latin.number, ...bold },
  name: { ...latin.name, ...bold },
  warning: { ...latin.warning, ...bold },
})

function TripDocument({ input }: { input: TripPdfInput }) {
  const isCjk = CJK_LOCALES.has(input.locale ?? DEFAULT_LOCALE)
  const s = isCjk ? cjk : latin
  const text = isCjk ? (value: string) => value : printable
  return (
    <Document title={input.title} author={input.siteName || undefined} language={input.locale ?? DEFAULT_LOCALE}>
      <Page size="A4" style={s.page}>
        <View style={s.header}>
          <Text style={s.title}>{text(input.title)}</Text>
          {input.meta.map((line) => (
            <Text key={line} style={s.meta}>
              {text(line)}
            </Text>
          ))}
        </View>
        {input.days.map((day, d) => (
          <View key={`day-${d}`}>
            <Text style={s.day} minPresenceAhead={60}>
              {text(day.title)}
            </Text>
            {day.total ? <Text style={s.total}>{text(day.total)}</Text> : null}
            {day.stops.map((stop, i) => (
              <View key={`stop-${d}-${i}`} wrap={false}>
                <View style={s.stop}>
                  <Text style={s.number}>{i + 1}</Text>
                  <Text style={s.body}>
                    <Text style={s.name}>{text(stop.title)}</Text>
                    {stop.address ? <Text style={s.line}>{`\n${text(stop.address)}`}</Text> : null}
                    {stop.warnings.map((w) => (
                      <Text key={w} style={s.warning}>{`\n${text(w)}`}</Text>
                    ))}
                    {stop.note ? <Text style={s.line}>{`\n${text(input.noteLabel)}: ${text(stop.note)}`}</Text> : null}
                  </Text>
                </View>
                {stop.next ? <Text style={s.next}>{text(`↓ ${stop.next}`)}</Text> : null}
              </View>
            ))}
          </View>
        ))}
        <Text style={s.footer} fixed render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
      </Page>
    </Document>
  )
}

/** The trip as PDF bytes: call it in a worker (listings-pdf-worker.ts). */
export async function renderTrip(input: TripPdfInput): Promise<Uint8Array> {
  const bytes = await renderToBuffer(<TripDocument input={input} />)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
