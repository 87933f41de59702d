/**
 * First-party measurement and the team's Results (issue 37, docs/decisions/036): the events a
 * visitor's browser reports, the shape of the dashboard's figures, and the editor's texts of the
 * Results tab and the monthly report. Shared by the server, the visitor's beacon and the editor.
 */

/** What a visitor's browser reports (enquiries are counted by the server as they are stored). */
export const BEACON_KINDS = ['view', 'search', 'filter', 'trip-share', 'referral'] as const
export type BeaconKind = (typeof BEACON_KINDS)[number]

/** Every kind of event measured. */
export const EVENT_KINDS = [...BEACON_KINDS, 'enquiry'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** The links of a listing that send a visitor on to its operator (the `data-referral` attribute). */
export const REFERRAL_KINDS = ['book', 'website', 'phone', 'email', 'social'] as const
export type ReferralKind = (typeof REFERRAL_KINDS)[number]

/** The attribute a referral link carries: its kind. */
export const REFERRAL_ATTRIBUTE = 'data-referral'

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

/** The device class of a viewport width in CSS pixels (the site's own breakpoints: md 768, lg 1024). */
export function deviceClassOf(width: number): DeviceClass {
  if (width < 768) return 'mobile'
  if (width < 1024) return 'tablet'
  return 'desktop'
}

/**
 * A beacon's body (sent as text/plain JSON, so sendBeacon needs no preflight): short keys, since a
 * visitor sends one per page. `p` is the page's address; `r` the referring site's host name only.
 */
export interface Beacon {
  k: BeaconKind
  p: string
  r?: string
  w?: number
  /** search: the terms, and whether anything was found. */
  q?: string
  f?: boolean
  /** filter: the names of the grid's filters in use. */
  n?: string[]
  /** referral: its kind. */
  d?: ReferralKind
}

/** Search terms as counted: lower case, single spaces, at most 100 characters. */
export const normaliseTerms = (terms: string) => terms.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100)

/** The referring site's domain as counted: the host name, lower case, without 'www.' ('' when not a host name). */
export function referrerDomain(value: string | undefined): string {
  if (!value) return ''
  let host = value.trim().toLowerCase()
  try {
    if (host.includes('/')) host = new URL(host).hostname
  } catch {
    return ''
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '')
  return /^[a-z0-9.-]{1,253}$/.test(host) && host.includes('.') ? host : ''
}

/** One row of a table of the dashboard: a label and its count (and what the label is a key of). */
export interface ResultRow {
  key: string
  label: string
  count: number
}

export interface ReferralRow {
  operator: string
  name: string
  counts: Record<ReferralKind, number>
  total: number
}

export interface ResultsSummary {
  from: string
  to: string
  domainId: string
  language: string
  /** Some figures in the range are the demo's generated history (issue 37 point 6). */
  demo: boolean
  totals: { views: number; visitors: number; searches: number; enquiries: number; referrals: number; tripShares: number }
  /** One entry per day of the range, oldest first. */
  daily: { day: string; views: number; visitors: number }[]
  topPages: ResultRow[]
  topListings: ResultRow[]
  topSearches: ResultRow[]
  /** The searches that found nothing: the content gaps. */
  emptySearches: ResultRow[]
  filters: ResultRow[]
  referrers: ResultRow[]
  devices: ResultRow[]
  /** Enquiries by month (YYYY-MM). */
  enquiriesByMonth: ResultRow[]
  referrals: ReferralRow[]
}

/** The tables a CSV can be downloaded of. */
export const RESULT_TABLES = [
  'daily',
  'topPages',
  'topListings',
  'topSearches',
  'emptySearches',
  'filters',
  'referrers',
  'devices',
  'enquiriesByMonth',
  'referrals',
] as const
export type ResultTable = (typeof RESULT_TABLES)[number]

/** A CSV field, quoted when it must be (RFC 4180); a leading =, +, - or @ is escaped so spreadsheets do not run it. */
export function csvField(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvOf = (rows: (string | number)[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'

export const resultsTexts = {
  tab: 'Results',
  intro: 'Counted on this site without cookies or personal data: no address or browser is kept.',
  demoNotice: 'Demo data: these figures were generated for the demo, not measured.',
  filtersLabel: 'Show results',
  from: 'From',
  to: 'To',
  domain: 'Domain',
  language: 'Language',
  allLanguages: 'All languages',
  show: 'Show',
  loading: 'Loading…',
  empty: 'Nothing counted in this range.',
  downloadCsv: 'Download CSV',
  downloadCsvOf: (table: string) => `Download ${table} as CSV`,
  totals: {
    views: 'Page views',
    visitors: 'Visitors (per day, summed)',
    searches: 'Searches',
    enquiries: 'Enquiries',
    referrals: 'Referrals to operators',
    tripShares: 'Trips shared',
  },
  tables: {
    daily: 'Visits over time',
    topPages: 'Top pages',
    topListings: 'Top listings',
    topSearches: 'Top searches',
    emptySearches: 'Searches that found nothing',
    filters: 'Grid filters used',
    referrers: 'Referring sites',
    devices: 'Devices',
    enquiriesByMonth: 'Enquiries by month',
    referrals: 'Referrals by operator',
  } as Record<ResultTable, string>,
  columns: {
    day: 'Day',
    views: 'Page views',
    visitors: 'Visitors',
    page: 'Page',
    listing: 'Listing',
    terms: 'Search terms',
    filter: 'Filter',
    site: 'Site',
    device: 'Device',
    month: 'Month',
    count: 'Count',
    operator: 'Operator',
    total: 'Total',
  },
  referralKinds: { book: 'Book Now', website: 'Website', phone: 'Phone', email: 'E-mail', social: 'Social' } as Record<
    ReferralKind,
    string
  >,
  devices: { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as Record<string, string>,
  direct: '(direct or not told)',
  home: 'Home',
  operatorCsv: (name: string) => `Referrals of ${name} as CSV`,
  chartLabel: (from: string, to: string) => `Page views and visitors per day, ${from} to ${to}`,
  invalidRange: 'Choose a start date on or before the end date.',
  report: {
    subject: (site: string, month: string) => `${site}: results for ${month}`,
    title: (month: string) => `Results for ${month}`,
    intro: (site: string, month: string) => `What ${site} did in ${month}, counted without cookies or personal data.`,
    attachment:
      'The report is attached as a PDF; each operator’s referrals can be downloaded as CSV from the dashboard (Open Dashboard → Results).',
    topListings: 'Most viewed listings',
    emptySearches: 'Searches that found nothing',
    referrals: 'Referrals by operator',
    none: 'None.',
    footer: 'Counted by the site itself: no cookies, no addresses, no third party.',
  },
}
