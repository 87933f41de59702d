/**
 * Stories, the concierge form settings and received enquiries (spec 01 §3, spec 02 §3.3, §3.4).
 * Kept apart from schema.ts (which re-exports this file) so each area owns its tables.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A domain's stories. The editor's copy and the published copy (what chapter pages show visitors)
 * are kept apart like pages; the slug is unique within the domain.
 */
export const stories = pgTable(
  'stories',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id').notNull(),
    slug: text('slug').notNull(),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    publishedDoc: jsonb('published_doc').$type<Record<string, unknown>>(),
    published: boolean('published').notNull().default(false),
    lastPublished: timestamp('last_published', { withTimezone: true }),
    /** Bumped by every save; a save names the version it was based on (no lost updates). */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stories_domain_slug').on(t.domainId, t.slug)],
)

/** Where a domain's concierge enquiries are e-mailed (spec 01 §3 'Concierge form settings'). */
export const conciergeSettings = pgTable('concierge_settings', {
  domainId: text('domain_id').primaryKey(),
  email: text('email').notNull().default(''),
  ccs: text('ccs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
})

/**
 * Every valid enquiry, stored before it is e-mailed: a mail server that is down never loses one.
 * mailId points at its message in mail_outbox (null when no address was configured).
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The language of the page the visitor wrote from (a locale code); null on a site in one language. */
    language: text('language'),
    mailId: text('mail_id'),
    createdAt: createdAt(),
  },
  (t) => [index('enquiries_domain_created').on(t.domainId, t.createdAt)],
)
