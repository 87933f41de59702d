/**
 * The monthly report (issue 37 point 5): on the first of each month every admin receives, through
 * the outbox, the last month's headline figures of each domain with the report as a PDF. Laid out
 * with the site's PDF tooling (@react-pdf/renderer, as listings/pdf/); a page of text and tables,
 * laid out once a month on the job runner, not in a visitor's request.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import { and, isNull, sql } from 'drizzle-orm'
import type { DomainDoc } from '#lib/content'
import { resultsTexts as rt, type ResultsSummary } from '#lib/results'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { Mailer } from '../integrations/mail/mailer.ts'
import { siteDay } from './collector.ts'
import type { ResultQueries } from './queries.ts'

export const MONTHLY_REPORT_JOB = 'results.monthly-report'

/** The calendar month before the site day of `now`: its first and last day and its name. */
export function previousMonth(now: Date): { from: string; to: string; label: string } {
  const [y, m] = siteDay(now).split('-').map(Number) as [number, number]
  const year = m === 1 ? y - 1 : y
  const month = m === 1 ? 12 : m - 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const pad = (n: number) => String(n).padStart(2, '0')
  const label = new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' })
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}`, label }
}

const styles = StyleSheet.create({
  page: { padding: 44, fontFamily: 'Helvetica', fontSize: 10, color: '#222' },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 22, color: '#7a1f2b', marginBottom: 6 },
  intro: { marginBottom: 16, color: '#444' },
  figures: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 16 },
  figure: { width: '33%', paddingVertical: 6 },
  figureValue: { fontFamily: 'Helvetica-Bold', fontSize: 16 },
  heading: { fontFamily: 'Helvetica-Bold', fontSize: 12, marginTop: 12, marginBottom: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 2 },
  cellWide: { flexGrow: 1, flexShrink: 1 },
  cell: { width: 60, textAlign: 'right' },
  footer: { position: 'absolute', bottom: 28, left: 44, right: 44, fontSize: 8, color: '#666' },
})

const number = (n: number) => n.toLocaleString('en-AU')

function Table({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  return (
    <View wrap={false}>
      <Text style={styles.heading}>{title}</Text>
      {rows.length ? (
        rows.map((r, i) => (
          <View key={i} style={styles.row}>
            <Text style={styles.cellWide}>{r.label}</Text>
            <Text style={styles.cell}>{number(r.count)}</Text>
          </View>
        ))
      ) : (
        <Text>{rt.report.none}</Text>
      )}
    </View>
  )
}

export function headlineFigures(s: ResultsSummary): [string, number][] {
  return [
    [rt.totals.views, s.totals.views],
    [rt.totals.visitors, s.totals.visitors],
    [rt.totals.searches, s.totals.searches],
    [rt.totals.enquiries, s.totals.enquiries],
    [rt.totals.referrals, s.totals.referrals],
    [rt.totals.tripShares, s.totals.tripShares],
  ]
}

/** The report as a PDF. */
export async function reportPdf(site: string, month: string, s: ResultsSummary): Promise<Buffer> {
  const doc = (
    <Document title={rt.report.title(month)} author={site}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{rt.report.title(month)}</Text>
        <Text style={styles.intro}>{rt.report.intro(site, month)}</Text>
        {s.demo ? <Text style={styles.intro}>{rt.demoNotice}</Text> : null}
        <View style={styles.figures}>
          {headlineFigures(s).map(([label, value]) => (
            <View key={label} style={styles.figure}>
              <Text style={styles.figureValue}>{number(value)}</Text>
              <Text>{label}</Text>
            </View>
          ))}
        </View>
        <Table title={rt.report.referrals} rows={s.referrals.slice(0, 15).map((r) => ({ label: r.name, count: r.total }))} />
        <Table title={rt.report.topListings} rows={s.topListings.slice(0, 10)} />
        <Table title={rt.report.emptySearches} rows={s.emptySearches.slice(0, 10)} />
        <Text style={styles.footer} fixed>
          {rt.report.footer}
        </Text>
      </Page>
    </Document>
  )
  return renderToBuffer(doc)
}

/** The e-mail's text: the headline figures, in a few lines. */
export function reportText(site: string, month: string, s: ResultsSummary): string {
  return [
    rt.report.intro(site, month),
    ...(s.demo ? ['', rt.demoNotice] : []),
    '',
    ...headlineFigures(s).map(([label, value]) => `${label}: ${number(value)}`),
    '',
    rt.report.attachment,
  ].join('\n')
}

/** Every admin who can sign in (not deactivated, not a pending invitation). */
async function adminAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(isNull(users.deactivatedAt), sql`${users.passwordHash} is not null`, sql`'admin' = any(${users.roles})`))
  return [...new Set(rows.map((r) => r.email).filter(Boolean))]
}

/** Sends the last month's report of each domain to every admin; answers how many messages were queued. */
export async function sendMonthlyReports(deps: { db: Db; mailer: Mailer; queries: ResultQueries; domains: DomainDoc[] }, now: Date) {
  const admins = await adminAddresses(deps.db)
  if (!admins.length) return 0
  const month = previousMonth(now)
  let sent = 0
  for (const domain of deps.domains) {
    const summary = await deps.queries.summary({ domainId: domain._id, from: month.from, to: month.to, language: null })
    const pdf = await reportPdf(domain.name, month.label, summary)
    const attachment = {
      filename: `results-${domain._id}-${month.from.slice(0, 7)}.pdf`,
      contentType: 'application/pdf',
      content: pdf.toString('base64'),
    }
    for (const to of admins) {
      await deps.mailer.queue({
        to,
        subject: rt.report.subject(domain.name, month.label),
        text: reportText(domain.name, month.label, summary),
        attachments: [attachment],
      })
      sent++
    }
  }
  return sent
}
