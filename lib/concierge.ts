/**
 * The concierge enquiry (spec 02 §2.6, §3.3, §5): its fields, option lists and rules as ONE schema
 * that the form (for instant messages) and the server (for the real check) both use, and the HTML
 * summary that is e-mailed. Built on zod/mini so the visitor's bundle stays small.
 */
import { z } from 'zod/mini'
import { accomTypes, activities, bookingsToHelp, months, preferredContacts, roomTypes, whereToStay } from './concierge-options.ts'
import { formatDmy, parseDate } from './dates.ts'
import { escapeHtml } from './html.ts'
import { conciergeTexts } from './texts.ts'

const t = conciergeTexts

// The choices live without zod (lib/concierge-options.ts); the form and the server take them from here.
export { accomTypes, activities, bookingsToHelp, months, preferredContacts, roomTypes, whereToStay }

/** The five steps, in order, and the fields each holds (spec 02 §2.6). */
export const steps = [
  { id: 'contact', title: t.steps.contact, fields: ['firstName', 'surname', 'email', 'phone', 'preferredContact'] },
  { id: 'visit', title: t.steps.visit, fields: ['monthToVisit', 'checkInDate', 'duration', 'numOfPeople', 'numOfChildren', 'celebration'] },
  {
    id: 'accommodation',
    title: t.steps.accommodation,
    fields: ['roomTypes', 'accomTypes', 'whereToStay', 'budgetPerNight', 'specialNeeds'],
  },
  { id: 'activities', title: t.steps.activities, fields: ['activities', 'bookingsToHelp'] },
  { id: 'comments', title: t.steps.comments, fields: ['comments'] },
] as const satisfies readonly { id: string; title: string; fields: readonly (keyof typeof t.labels)[] }[]

export type EnquiryField = keyof typeof t.labels
export const fieldOrder = steps.flatMap((s) => s.fields) as EnquiryField[]

// ---------------------------------------------------------------------------------------------
// Dates: ISO 'YYYY-MM-DD' strings (what <input type="date"> gives), compared as text.

const pad = (n: number) => String(n).padStart(2, '0')
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return isoDate(new Date(y, m - 1, d + days))
}

/**
 * Spec 02 §5: without a month the check-in date is tomorrow at the earliest. With a month it is
 * the later of today and the first of that month (next year when the month has passed this
 * year), and the last day of that month at the latest.
 */
export function checkInLimits(month: string, today: string): { min: string; max?: string } {
  const index = (months as readonly string[]).indexOf(month)
  if (index < 0) return { min: addDays(today, 1) }
  const [year, currentMonth] = today.split('-').map(Number) as [number, number]
  const targetYear = index + 1 < currentMonth ? year + 1 : year
  const first = `${targetYear}-${pad(index + 1)}-01`
  const last = isoDate(new Date(targetYear, index + 1, 0))
  return { min: first > today ? first : today, max: last }
}

// ---------------------------------------------------------------------------------------------
// The schema.

/**
 * The messages a visitor reads for a wrong answer, in the page's language (issue 33: the form passes
 * its site texts); the server and the e-mail use the English ones. `formatDay` writes a limit of the
 * check-in date: DD/MM/YYYY in English (spec 02 §2.6), the language's own form otherwise.
 */
export interface EnquiryMessages {
  required: string
  wrongEmail: string
  minPeople: string
  minChildren: string
  wholeNumber: string
  budgetInvalid: string
  dateRange: (min: string, max: string | undefined) => string
  /** A check-in date that is not a real DD/MM/YYYY date (issue 31). */
  dateFormat: string
}
const dmy = (iso: string) => formatDmy(parseDate(iso))

const text = (max = 500) => z.optional(z.string().check(z.trim(), z.maxLength(max)))
const required = (t: EnquiryMessages, max = 200) =>
  z.string({ error: t.required }).check(z.trim(), z.minLength(1, { error: t.required, abort: true }), z.maxLength(max))
const list = <T extends readonly [string, ...string[]]>(options: T) =>
  z.optional(z.array(z.enum(options)).check(z.maxLength(options.length)))
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The enquiry schema for a given day ('YYYY-MM-DD', the visitor's today in the browser; the
 * server passes a day earlier so a visitor ahead of the server's clock is never refused).
 */
export function enquirySchema(today: string, t: EnquiryMessages = conciergeTexts, formatDay: (iso: string) => string = dmy) {
  return z
    .object({
      firstName: required(t),
      surname: required(t),
      email: z
        .string({ error: t.required })
        .check(
          z.trim(),
          z.minLength(1, { error: t.required, abort: true }),
          z.maxLength(254, { error: t.wrongEmail }),
          z.regex(EMAIL, { error: t.wrongEmail }),
        ),
      phone: required(t, 60),
      preferredContact: z.optional(z.enum(preferredContacts)),
      monthToVisit: z.optional(z.union([z.enum(months), z.literal('')])),
      checkInDate: z.optional(z.union([z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: t.dateFormat })), z.literal('')])),
      duration: text(200),
      numOfPeople: z.optional(
        z.number({ error: t.wholeNumber }).check(z.int({ error: t.wholeNumber }), z.gte(1, { error: t.minPeople }), z.lte(10_000)),
      ),
      numOfChildren: z.optional(
        z.number({ error: t.wholeNumber }).check(z.int({ error: t.wholeNumber }), z.gte(0, { error: t.minChildren }), z.lte(10_000)),
      ),
      celebration: text(300),
      roomTypes: list(roomTypes),
      accomTypes: list(accomTypes),
      whereToStay: list(whereToStay),
      budgetPerNight: z.optional(z.number({ error: t.budgetInvalid }).check(z.gte(0, { error: t.budgetInvalid }), z.lte(1_000_000))),
      specialNeeds: text(1000),
      activities: list(activities),
      bookingsToHelp: list(bookingsToHelp),
      comments: text(5000),
    })
    .check(
      z.refine(
        (data) => {
          const date = typeof data?.checkInDate === 'string' ? data.checkInDate : ''
          if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return true
          const { min, max } = checkInLimits(typeof data.monthToVisit === 'string' ? data.monthToVisit : '', today)
          return date >= min && (!max || date <= max)
        },
        {
          path: ['checkInDate'],
          // The message names the limits that apply to what the visitor chose.
          error: (issue) => {
            const input = issue.input as { monthToVisit?: unknown } | undefined
            const { min, max } = checkInLimits(typeof input?.monthToVisit === 'string' ? input.monthToVisit : '', today)
            return t.dateRange(formatDay(min), max ? formatDay(max) : undefined)
          },
          when: () => true,
        },
      ),
    )
}

export type Enquiry = z.output<ReturnType<typeof enquirySchema>>
/**
 * An enquiry's fields as the summary reads them: a checked enquiry, or one as stored and answered
 * by the API (its values as sent, read as unknown).
 */
export type EnquiryData = Readonly<Partial<Record<EnquiryField, unknown>>>

export interface FieldIssue {
  field: EnquiryField
  message: string
}

export type EnquiryCheck = { ok: true; data: Enquiry } | { ok: false; issues: FieldIssue[] }

/** Validates an enquiry; issues name the field (first message per field). */
export function checkEnquiry(
  input: unknown,
  today: string,
  messages: EnquiryMessages = conciergeTexts,
  formatDay: (iso: string) => string = dmy,
): EnquiryCheck {
  const result = enquirySchema(today, messages, formatDay).safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const issues: FieldIssue[] = []
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field !== 'string' || !fieldOrder.includes(field as EnquiryField)) continue
    if (issues.some((i) => i.field === field)) continue
    issues.push({ field: field as EnquiryField, message: issue.message })
  }
  if (!issues.length) issues.push({ field: 'firstName', message: messages.required })
  return { ok: false, issues }
}

/** The index of the step that holds a field. */
export const stepOf = (field: EnquiryField) => steps.findIndex((s) => (s.fields as readonly string[]).includes(field))

// ---------------------------------------------------------------------------------------------
// The e-mailed summary.

const listOptions = { roomTypes, accomTypes, whereToStay, activities, bookingsToHelp } as const

/** A field's value as the summary shows it: 'N/A' when empty, lists comma-joined, 'A$ ' budgets. */
export function summaryValue(field: EnquiryField, data: EnquiryData): string {
  const value = data[field]
  if (value === undefined || value === null || value === '') return t.notApplicable
  if (Array.isArray(value)) {
    if (!value.length) return t.notApplicable
    // In the form's order of the options, whatever order they were ticked in.
    const options: readonly string[] = listOptions[field as keyof typeof listOptions] ?? []
    const rank = (v: unknown) => (options.indexOf(String(v)) + options.length + 1) % (options.length + 1)
    return [...value].sort((a, b) => rank(a) - rank(b)).join(', ')
  }
  if (field === 'budgetPerNight') return `${t.budgetPrefix}${String(value)}`
  if (field === 'checkInDate') return formatDmy(parseDate(value)) || String(value)
  return String(value)
}

/**
 * Every field as 'label: value', in form order; first the visitor's language when it is named (its
 * English name: the visitor centre reads English and may answer in the visitor's language).
 */
export function summaryLines(data: EnquiryData, language?: string): { label: string; value: string }[] {
  const fields = fieldOrder.map((field) => ({ label: t.labels[field], value: summaryValue(field, data) }))
  return language ? [{ label: t.emailLanguage, value: language }, ...fields] : fields
}

/** The HTML summary (spec 02 §7 'content'): one 'label: value' line per field, HTML escaped. */
export function summaryHtml(data: EnquiryData, language?: string): string {
  const rows = summaryLines(data, language)
    .map(({ label, value }) => `<p><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n')
  return `<p>${escapeHtml(t.emailIntro)}</p>\n${rows}`
}

export function summaryText(data: EnquiryData, language?: string): string {
  return [t.emailIntro, '', ...summaryLines(data, language).map(({ label, value }) => `${label}: ${value}`)].join('\n')
}

/** The concierge settings of a domain (spec 01 §3): the address and the copies, one empty entry to start. */
export interface ConciergeSettings {
  email: string
  ccs: string[]
}
export const emptyConciergeSettings = (): ConciergeSettings => ({ email: '', ccs: [''] })
export const isEmailAddress = (value: string) => EMAIL.test(value.trim())
