/**
 * First-party measurement (issue 37, docs/decisions/036): raw events, kept RESULTS_RAW_DAYS, the
 * daily counts they roll up into, kept for years, and the day's salt of the visitor hash (dropped
 * the next day). Nothing here names a person: no IP address, no user agent, no cookie.
 */
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** One measured event, as the flush writes it: a page view, a search, a filter, an enquiry, a trip shared or a referral. */
export const resultEvents = pgTable(
  'result_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The site's calendar day (Australia/Adelaide) the event fell on. */
    day: date('day').notNull(),
    domainId: text('domain_id').notNull(),
    language: text('language').notNull(),
    kind: text('kind').notNull(),
    /** The page's address within its language ('' is home; 'listing/…' a listing). */
    path: text('path').notNull().default(''),
    /** 'page' or 'listing'. */
    target: text('target').notNull().default('page'),
    referrer: text('referrer').notNull().default(''),
    device: text('device').notNull().default(''),
    /** The search terms, the filter's name, or the referral's kind. */
    detail: text('detail').notNull().default(''),
    found: boolean('found'),
    /** A referral's operator: the listing (or the product a service belongs to). */
    operator: text('operator').notNull().default(''),
    /** Hash of the day's salt, domain, address and browser: counts unique visitors of one day, then means nothing. */
    visitor: text('visitor'),
  },
  (t) => [index('result_events_day').on(t.day, t.domainId)],
)

/** The daily counts: what the dashboard and the monthly report read. */
export const resultDaily = pgTable(
  'result_daily',
  {
    day: date('day').notNull(),
    domainId: text('domain_id').notNull(),
    language: text('language').notNull(),
    /** view, visitors, referrer, device, search, filter, enquiry, trip-share, referral. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    detail: text('detail').notNull().default(''),
    count: integer('count').notNull(),
    /** Generated for the demo (issue 37 point 6), shown as such. */
    demo: boolean('demo').notNull().default(false),
  },
  // No primary key: a day's counts are replaced whole by the roll-up, and what is read is a domain's
  // kind over a range of days. A key over every column would be as big as the table (a busy year:
  // 170 MB of 370); this index is a fraction of it (docs/decisions/036).
  (t) => [index('result_daily_domain_kind_day').on(t.domainId, t.kind, t.day)],
)

/** The salt of the visitor hash, per site day; older ones are deleted, so yesterday's hashes cannot be matched again. */
export const resultSalts = pgTable('result_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
})

/** A mail attachment kept in the outbox (base64), e.g. the monthly report's PDF. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
}

export type MailAttachments = MailAttachment[]
export const mailAttachmentsColumn = () => jsonb('attachments').$type<MailAttachments>()
