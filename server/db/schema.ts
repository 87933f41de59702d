import { sql } from 'drizzle-orm'
import { mailAttachmentsColumn } from './schema-results.ts'
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * GIN indexes collect new entries in a pending list and merge it into the index when it fills;
 * the insert that fills the default 4 MB list holds the embedded database (and the event loop) for
 * 50-500 ms. A 256 kB list is merged in small steps: a first listing import's longest hold went from
 * 48-545 ms to 13-20 ms for about the same total time (issue 18).
 */
export const SMALL_GIN_PENDING_LIST = { gin_pending_list_limit: 256 }

/** A site served by this installation; content belongs to one domain. */
export const domains = pgTable('domains', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  hostnames: text('hostnames')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  published: boolean('published').notNull().default(false),
  /** The language of addresses without a prefix (lib/locales.ts), and the further ones offered, in the switcher's order. */
  defaultLanguage: text('default_language').notNull().default('en-AU'),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Bumped by every save; a save names the version it was based on (no lost updates). */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Pages of every collection (pages, listings, chapters). The editor's draft and the visitor's
 * published copy are kept apart in one row; the queried fields are promoted to indexed columns.
 */
export const pages = pgTable(
  'pages',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    collection: text('collection').notNull(),
    slug: text('slug').notNull(),
    pageType: text('page_type').notNull().default('page'),
    template: text('template').notNull(),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    publishedSlug: text('published_slug'),
    publishedDoc: jsonb('published_doc').$type<Record<string, unknown>>(),
    published: boolean('published').notNull().default(false),
    lastPublished: timestamp('last_published', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_domain_collection_slug').on(t.domainId, t.collection, t.slug),
    index('pages_domain_collection_published_slug').on(t.domainId, t.collection, t.publishedSlug),
  ],
)

/** Navigation, footer and site settings: one draft/published pair per domain and kind. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    kind: text('kind').notNull(),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    publishedDoc: jsonb('published_doc').$type<Record<string, unknown>>(),
    lastPublished: timestamp('last_published', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.kind] })],
)

/** Editor accounts. Username and e-mail are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when an admin deactivates the account: it can no longer sign in; its history is kept. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_lower').on(sql`lower(${t.username})`), uniqueIndex('users_email_lower').on(sql`lower(${t.email})`)],
)

/**
 * Uploaded and generated images; the bytes live in the storage backend under storageKey. The facts
 * kept with the file (issue 36, docs/decisions/035): folder, tags, default alt text, caption, credit,
 * licence, focal point, the content hash (exact duplicates answer with the existing file), the
 * version (bumped by a replace, in every address that shows it) and trashed_at (the trash).
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    credit: text('credit').notNull().default(''),
    licence: text('licence').notNull().default(''),
    folderId: text('folder_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    focalX: real('focal_x'),
    focalY: real('focal_y'),
    /** sha256 of the original's bytes (hex); null for files stored before the library kept it. */
    contentHash: text('content_hash'),
    version: integer('version').notNull().default(1),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('images_content_hash').on(t.contentHash),
    index('images_created').on(t.createdAt, t.id),
    index('images_folder').on(t.folderId),
    index('images_tags').using('gin', t.tags),
    index('images_trashed').on(t.trashedAt),
  ],
)

/** The media library's folders, nested by parentId (null: at the top). */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_folders_parent_name').on(sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`)],
)

/** Signed-in sessions. Only a hash of the token is stored, so a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Password reset links: single use, hashed, with an expiry. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user').on(t.userId)],
)

/**
 * Every e-mail is written here before it is sent, so nothing is lost when the mail server is
 * down: a failed message is retried; without SMTP_URL the outbox is where it can be read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Files sent with the message (base64): the monthly results report's PDF (issue 37). */
    attachments: mailAttachmentsColumn(),
  },
  (t) => [index('mail_outbox_status').on(t.status)],
)

/** Every save, publish and restore of a page, so an editor can see and restore an older version. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull(),
    slug: text('slug').notNull(),
    userId: text('user_id'),
    username: text('username'),
    createdAt: createdAt(),
  },
  (t) => [index('page_versions_page').on(t.pageId, t.createdAt)],
)

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The search index: one row per published page or listing. The tsvector is generated by
 * Postgres (title weighted above body); pg_trgm on the title catches typos.
 */
export const searchIndex = pgTable(
  'search_index',
  {
    domainId: text('domain_id').notNull(),
    collection: text('collection').notNull(),
    itemId: text('item_id').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The page's section headings (block titles, h2-h4 of rich text): weighted with the description. */
    headings: text('headings').notNull().default(''),
    body: text('body').notNull().default(''),
    imageId: text('image_id'),
    /** The page's viewer roles: a search answers an item only to callers holding one (none: everyone). */
    viewerRoles: text('viewer_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
    document: tsvector('document')
      .notNull()
      .generatedAlwaysAs(
        // english_unaccent: English with accents folded (migration 0019), so 'café' and 'cafe' find the same (issue 31).
        sql`setweight(to_tsvector('english_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('english_unaccent', coalesce(headings, '') || ' ' || coalesce(description, '')), 'B') || setweight(to_tsvector('english_unaccent', coalesce(body, '')), 'C')`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.collection, t.itemId] }),
    index('search_index_document').using('gin', t.document).with(SMALL_GIN_PENDING_LIST),
    index('search_index_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // Suggestions as the visitor types: the words of the title, as written (no stems, no stop words dropped).
    index('search_index_title_words')
      .using('gin', sql`to_tsvector('simple_unaccent', ${t.title})`)
      .with(SMALL_GIN_PENDING_LIST),
  ],
)

/**
 * The words of each public search entry (one without viewer roles), for "did you mean": the
 * closest word is found through the trigram index on `word` instead of scanning the whole index
 * (ts_stat) on every search without hits. Rows belong to one entry, so indexing one page never
 * waits on another's (no shared counters); they are replaced with their entry's row.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    domainId: text('domain_id').notNull(),
    collection: text('collection').notNull(),
    itemId: text('item_id').notNull(),
    word: text('word').notNull(),
  },
  // Keyed by entry (page ids are unique across domains), not by domain first: a lookup by domain
  // then has no btree to fall back on and goes through the trigram index, whatever the table's size.
  (t) => [
    primaryKey({ columns: [t.itemId, t.collection, t.word] }),
    index('search_terms_word_trgm')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with(SMALL_GIN_PENDING_LIST),
  ],
)

export * from '../../listings/schema.ts'
export * from './schema-engagement.ts'
export * from './schema-team.ts'
export * from './schema-schedule.ts'
export * from './schema-jobs.ts'
export * from './schema-translations.ts'
export * from './schema-radar.ts'

/**
 * One-time codes that let the first editor be created in the browser (issue 13). Each server
 * instance that starts with no editor adds one and prints it in its log; only the hash is kept,
 * any of them is accepted, and all are deleted once an editor exists.
 */
export const setupCodes = pgTable('setup_codes', {
  codeHash: text('code_hash').primaryKey(),
  createdAt: createdAt(),
})
export * from './schema-results.ts'
