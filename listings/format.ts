/**
 * Pure formatting of listing data for the grid cards and the listing page (spec 02 §2.1, §2.2):
 * 12-hour times, opening times, event dates and times, costs (DD/MM/YYYY dates: lib/dates.ts). No date library:
 * these run in the visitor's bundle, so they stay small and use Intl where a name is needed.
 *
 * In another language than English (issue 33 point 5) days, dates, times and prices are Intl's for
 * that language; English keeps the spec's forms ('9:00am', '$20', '14 Mar 2026').
 */

import { DEFAULT_LOCALE, type LocaleCode } from '#lib/locales'
import { siteTextsOf } from '#lib/site-texts/index'
import { dateTimeFormats, priceFormatOptions, type DateTimeFormatKind } from './intl-formats.ts'

const english = (locale: LocaleCode) => locale === DEFAULT_LOCALE

/** One formatter per language and kind: making one is the slow part (see SHORT_MONTHS). */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function dateFormat(locale: LocaleCode, kind: DateTimeFormatKind): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, dateTimeFormats[kind])))
  return format
}
function priceFormat(locale: LocaleCode, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|price|${whole}`
  let format = formatters.get(key) as Intl.NumberFormat | undefined
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, priceFormatOptions(whole))))
  return format
}

/** Provider values arrive as strings, numbers or '' (BEHAVIOUR-NOTES "Listings": tolerant of quirks). */
export type Loose = string | number | null | undefined

export function toNumber(value: Loose): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''))
  return Number.isFinite(n) ? n : null
}

/** The provider's flag: 1, '1', true. */
export function isFlagSet(value: unknown): boolean {
  return value === 1 || value === '1' || value === true || value === 'true'
}

/**
 * '09:00', '9:00:00', '1730', '17:30:00.000' -> '9:00am', '5:30pm'. Unreadable input comes back
 * unchanged (better an odd time than none).
 */
export function formatTime12(time: Loose, locale: LocaleCode = DEFAULT_LOCALE): string {
  if (time === null || time === undefined) return ''
  const raw = String(time).trim()
  if (!raw) return ''
  const match = /^(\d{1,2}):?(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(raw)
  if (!match) return raw
  const hours = Number(match[1])
  const minutes = match[2] ?? '00'
  if (hours > 24 || Number(minutes) > 59) return raw
  if (!english(locale)) return dateFormat(locale, 'time').format(Date.UTC(2000, 0, 1, hours, Number(minutes)))
  const suffix = hours % 24 < 12 ? 'am' : 'pm'
  const h12 = hours % 12 === 0 ? 12 : hours % 12
  return `${h12}:${minutes}${suffix}`
}

export function formatTimeRange(start: Loose, end: Loose, locale: LocaleCode = DEFAULT_LOCALE): string {
  const from = formatTime12(start, locale)
  const to = formatTime12(end, locale)
  if (from && to) return `${from} – ${to}`
  return from || to
}

const dayNames: Record<string, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
}
const dayOrder = ['ALL', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN', 'PUBHOL']

function dayKey(day: Loose): string {
  return String(day ?? '')
    .trim()
    .toUpperCase()
}

/** Spec 02 §2.1: the code ALL reads 'Every day'; MON/MONDAY reads 'Monday'. */
export function dayLabel(day: Loose, locale: LocaleCode = DEFAULT_LOCALE): string {
  const key = dayKey(day)
  const t = siteTextsOf(locale).listings.page
  if (key === 'ALL') return t.everyDay
  if (key.startsWith('PUB')) return t.publicHolidays
  const short = key.slice(0, 3)
  const index = Object.keys(dayNames).indexOf(short)
  // 1 January 2024 was a Monday.
  if (!english(locale) && index >= 0) return dateFormat(locale, 'weekday').format(Date.UTC(2024, 0, 1 + index))
  return dayNames[short] ?? (key ? key.charAt(0) + key.slice(1).toLowerCase() : '')
}

export interface OpenStatus {
  dayOfWeek?: Loose
  openingTime?: Loose
  closingTime?: Loose
  isClosed?: unknown
  singleDayExceptionOn?: Loose
}

export interface SeasonalPeriod {
  fromDate?: Loose
  toDate?: Loose
  openStatus?: OpenStatus[]
}

export interface OpeningTime {
  openingTimeType?: Loose
  seasonalPeriods?: SeasonalPeriod[]
  exceptions?: { exceptionPeriod?: Loose; periods?: { openStatus?: OpenStatus[] }[] } | null
}

export interface OpeningRow {
  day: string
  status: 'Open' | 'Closed'
  hours: string
}

/** 'YYYY-MM-DD…' -> comparable 'YYYY-MM-DD', or '' when it is not a date. */
export function isoDay(value: Loose): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? '').trim())
  return m ? `${m[1]}-${m[2]}-${m[3]}` : ''
}

function periodCovers(period: SeasonalPeriod, today: string): boolean {
  const from = isoDay(period.fromDate)
  const to = isoDay(period.toDate)
  return (!from || from <= today) && (!to || today <= to)
}

/**
 * The opening hours to show: the seasonal period that covers `today` (else the first), one row per
 * day in week order ('Every day' for ALL), each Open with 12-hour hours or Closed.
 */
export function openingRows(openingTime: OpeningTime | null | undefined, today: string, locale: LocaleCode = DEFAULT_LOCALE): OpeningRow[] {
  const periods = openingTime?.seasonalPeriods ?? []
  if (!periods.length) return []
  const period = periods.find((p) => periodCovers(p, today)) ?? periods[0]
  const statuses = [...(period?.openStatus ?? [])]
  statuses.sort((a, b) => rank(a.dayOfWeek) - rank(b.dayOfWeek))
  return statuses.map((s) => {
    const closed = isFlagSet(s.isClosed) || (!s.openingTime && !s.closingTime)
    return {
      day: dayLabel(s.dayOfWeek, locale),
      status: closed ? 'Closed' : 'Open',
      hours: closed ? '' : formatTimeRange(s.openingTime, s.closingTime, locale),
    }
  })
}

function rank(day: Loose): number {
  const key = dayKey(day)
  const index = dayOrder.findIndex((d) => key.startsWith(d))
  return index === -1 ? dayOrder.length : index
}

export interface FrequencyTime {
  frequencyStartTime?: Loose
  frequencyEndTime?: Loose
}

/** Spec 02 §2.1: an event's time, or 'Various Times' when its occurrences differ. */
export function eventTimes(frequencies: readonly FrequencyTime[] | null | undefined, locale: LocaleCode = DEFAULT_LOCALE): string {
  const list = (frequencies ?? []).map((f) => formatTimeRange(f.frequencyStartTime, f.frequencyEndTime, locale)).filter(Boolean)
  if (!list.length) return ''
  return list.every((t) => t === list[0]) ? (list[0] ?? '') : siteTextsOf(locale).listings.page.variousTimes
}

/**
 * Australian English's short month names, as Intl's en-AU formats them ('June', 'Sept'). Written
 * out rather than asked of Intl: a page's first Intl.DateTimeFormat took 33-60 ms of a phone
 * browser's main thread in a trace (loading locale and time-zone data), in the listing grid's
 * hydration (issue 16). format.test.ts checks these against Intl.
 */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

/** '2026-03-14' -> '14 Mar 2026' ('' when it is not a date). */
export function formatDate(value: Loose, locale: LocaleCode = DEFAULT_LOCALE): string {
  const day = isoDay(value)
  if (!day) return ''
  // Parsed as before (a day past a month's end rolls over, as Intl showed it); not a date: ''.
  const at = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(at.getTime())) return ''
  if (!english(locale)) return dateFormat(locale, 'date').format(at)
  return `${at.getUTCDate()} ${SHORT_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`
}

/** An event's dates for a card: '14 Mar 2026', or '14 Mar 2026 – 16 Mar 2026'. */
export function eventDateRange(startDate: Loose, endDate: Loose, locale: LocaleCode = DEFAULT_LOCALE): string {
  const from = formatDate(startDate, locale)
  const to = formatDate(endDate, locale)
  if (from && to && from !== to) return `${from} – ${to}`
  return from || to
}

function money(n: number, locale: LocaleCode): string {
  if (!english(locale)) return priceFormat(locale, Number.isInteger(n)).format(n)
  return `$${Number.isInteger(n) ? n : n.toFixed(2)}`
}

export interface CostSource {
  freeEntryFlag?: Loose
  rateFrom?: Loose
  rateTo?: Loose
  rates?: readonly { ratesTypeDescription?: Loose; priceFrom?: Loose; priceTo?: Loose }[] | null
}

/** Spec 02 §2.2: a card's cost: 'Free' when freeEntryFlag is '1', else the rate range ('$20 – $45', '$20'). */
export function cardCost(source: CostSource | null | undefined, locale: LocaleCode = DEFAULT_LOCALE): string {
  if (!source) return ''
  if (isFlagSet(source.freeEntryFlag)) return siteTextsOf(locale).listings.grid.free
  const from = toNumber(source.rateFrom)
  const to = toNumber(source.rateTo)
  if (from !== null && to !== null && to > from) return `${money(from, locale)} – ${money(to, locale)}`
  if (from !== null && from > 0) return money(from, locale)
  if (to !== null && to > 0) return money(to, locale)
  return ''
}

export interface TicketRow {
  label: string
  price: string
}

/** Spec 02 §2.1: 'Free Entry' when freeEntryFlag is 1 and there are no rates; else one row per rate. */
export function ticketCost(
  source: CostSource | null | undefined,
  locale: LocaleCode = DEFAULT_LOCALE,
): { free: boolean; rows: TicketRow[] } {
  const tickets = siteTextsOf(locale).listings.page.tickets
  const rates = (source?.rates ?? [])
    .map((r) => ({ label: String(r.ratesTypeDescription ?? '').trim(), from: toNumber(r.priceFrom), to: toNumber(r.priceTo) }))
    .filter((r) => r.from !== null || r.to !== null)
  if (!rates.length) {
    if (isFlagSet(source?.freeEntryFlag)) return { free: true, rows: [] }
    const range = cardCost({ rateFrom: source?.rateFrom, rateTo: source?.rateTo }, locale)
    return { free: false, rows: range ? [{ label: tickets, price: range }] : [] }
  }
  return {
    free: false,
    rows: rates.map((r) => ({
      label: r.label || tickets,
      price:
        r.from !== null && r.to !== null && r.to > r.from
          ? `${money(r.from, locale)} – ${money(r.to, locale)}`
          : money((r.from ?? r.to) as number, locale),
    })),
  }
}

/** Markdown (listing descriptions) as one line of plain text, for clamped card text. */
export function plainText(markdown: string | null | undefined): string {
  return String(markdown ?? '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}
