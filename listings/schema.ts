import { sql } from 'drizzle-orm'
import { boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { Listing, ListingCategory, ListingTags } from '#lib/listings'
import { domains, SMALL_GIN_PENDING_LIST } from '../server/db/schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
/** A Postgres daterange literal such as '[2026-01-01,2026-01-04)'. */
const daterange = customType<{ data: string }>({ dataType: () => 'daterange' })

/** A document column's booking operator id: immutable SQL, so it can feed a generated column. */
const bookEasyIdOf = (column: 'doc' | 'public_doc') =>
  sql.raw(
    `nullif(coalesce(nullif(jsonb_path_query_first(${column}, '$.atdw.externalSystems[*] ? (@.externalSystemCode == "BOOKEASY").externalSystemText') #>> '{}', ''), ${column}->>'bookEasyCode'), '')`,
  )

/**
 * Tourism listings (spec 02 §3.1). `doc` is the editor's working copy; `public_doc` is what
 * visitors see once the listing is published. The columns after it are the public copy's
 * queried fields, kept in step by the listing service, so `listing/fetch` runs on indexes:
 * GIN on the tags and the text, GiST on the event date range, btree on location and order.
 */
export const listings = pgTable(
  'listings',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    listingType: text('listing_type').notNull().default('product'),
    parentId: text('parent_id'),
    isCustom: boolean('is_custom').notNull().default(true),
    activeStatus: text('active_status').notNull().default('ACTIVE'),
    doc: jsonb('doc').$type<Listing>().notNull(),
    published: boolean('published').notNull().default(false),
    publicDoc: jsonb('public_doc').$type<Listing>(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    productCategory: text('product_category').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    location: text('location').notNull().default(''),
    startDate: date('start_date'),
    dates: daterange('dates'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
      ),
    /**
     * The booking operator id of the editor's copy and of the public copy (the provider's BOOKEASY
     * external system, else the custom bookEasyCode; lib/listings bookEasyOperatorId), or null.
     * Generated, so the booking refresh reads the ~500 listings that have one through a partial
     * index instead of scanning the JSON of every listing (issue 18: that scan held the loop ~0.1 s).
     */
    bookEasyId: text('book_easy_id').generatedAlwaysAs(sql`${bookEasyIdOf('doc')}`),
    publicBookEasyId: text('public_book_easy_id').generatedAlwaysAs(sql`${bookEasyIdOf('public_doc')}`),
    /**
     * When the public copy is open (issue 35 point 3), from the provider's opening times
     * (listings/opening-hours.ts) over a window from the day before it was written to
     * OPENING_WINDOW_DAYS after (listings/opening-window.ts): the region's days it opens (days since
     * 1970-01-01) and its openings as [start, end) pairs of minutes since the epoch (UTC). Null: no
     * opening times. The grid's "Open now" and "Open on a day" test these, in SQL and in memory alike.
     */
    openDays: integer('open_days').array(),
    openMinutes: integer('open_minutes').array(),
    lastSynced: timestamp('last_synced', { withTimezone: true }),
    /** Bumped by every change of the editor's copy (save, sync); a save names the version it was based on. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_public_order').on(t.domainId, t.published, t.startDate, t.name),
    index('listings_tags').using('gin', t.tags).with(SMALL_GIN_PENDING_LIST),
    index('listings_search').using('gin', t.search).with(SMALL_GIN_PENDING_LIST),
    index('listings_dates').using('gist', t.dates),
    index('listings_location').on(t.domainId, t.location),
    index('listings_parent').on(t.parentId),
    index('listings_book_easy')
      .on(t.domainId, t.id)
      .where(sql`${t.bookEasyId} is not null`),
    index('listings_public_book_easy')
      .on(t.domainId, t.id)
      .where(sql`${t.publicBookEasyId} is not null and ${t.published}`),
  ],
)

/**
 * A published listing as a visitor reads it in a further language (decision 030): one row per
 * language the provider translated it into, written with the public copy (lib/listings
 * localiseListing: the translated fields, English field by field where there is no translation).
 * `search` holds its words in that language's text-search configuration (lib/locales.ts
 * `textSearch`; Chinese, Japanese and Korean as characters and character pairs, lib/cjk.ts), so
 * the grid's keywords and the site search match what the visitor reads. A listing without a row
 * in a language is read, and found, in English.
 */
export const listingTranslations = pgTable(
  'listing_translations',
  {
    listingId: text('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    domainId: text('domain_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Name (weight A) and description (B) in the language's configuration; written with the row. */
    search: tsvector('search').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.locale] }),
    index('listing_translations_search').using('gin', t.search).with(SMALL_GIN_PENDING_LIST),
    index('listing_translations_domain').on(t.domainId, t.locale),
  ],
)

/** Listing categories (spec 02 §3.2): the filters a Listings block picks. */
export const listingCategories = pgTable(
  'listing_categories',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    doc: jsonb('doc').$type<ListingCategory>().notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('listing_categories_domain').on(t.domainId, t.createdAt)],
)

/** Friendly tag names per domain: the editor's draft and the published map visitors see. */
export const listingTags = pgTable('listing_tags', {
  domainId: text('domain_id')
    .primaryKey()
    .references(() => domains.id),
  draft: jsonb('draft').$type<ListingTags>().notNull(),
  publishedDoc: jsonb('published_doc').$type<ListingTags>(),
  lastPublished: timestamp('last_published', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/** One row per provider sync: when, how it ended, what it changed. */
export const listingSyncRuns = pgTable('listing_sync_runs', {
  id: serial('id').primaryKey(),
  domainId: text('domain_id').notNull(),
  trigger: text('trigger').notNull(),
  /** 'full': the whole feed (products missing from it are deactivated); 'delta': the changes since the last run. */
  mode: text('mode').notNull().default('full'),
  status: text('status').notNull(),
  counts: jsonb('counts').$type<Record<string, number>>(),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})
