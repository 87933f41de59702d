/**
 * Content per language (issue 33, docs/decisions/025): a language's translated texts of one
 * subject (a page, the navigation, the footer, site settings, a story, a category, the tags, a
 * listing) beside the shared structure, as a map from field id to text, draft and published
 * apart. Kept apart from schema.ts (which re-exports this file) so each area owns its tables.
 */
import { sql } from 'drizzle-orm'
import { customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { domains } from './schema.ts'

export const translations = pgTable(
  'translations',
  {
    /** page, nav, footer, siteSettings, story, category, tags, listing */
    kind: text('kind').notNull(),
    /** The page's or listing's id; the domain's id for its navigation, footer, settings and tags. */
    subjectId: text('subject_id').notNull(),
    /** A further language of the domain (lib/locales.ts), never its default. */
    locale: text('locale').notNull(),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** The editors' working texts: only what was written in this language (never a fallback). */
    draft: jsonb('draft').$type<Record<string, string>>().notNull().default({}),
    /** What visitors read in this language; null while the language is not published. */
    published: jsonb('published').$type<Record<string, string>>(),
    /**
     * The draft's texts a machine translation suggested and no person has reviewed yet (field ids,
     * decision 041): the editor marks them for review, also after a reload. Never published.
     */
    suggested: text('suggested')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastPublished: timestamp('last_published', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.locale] }), index('translations_domain').on(t.domainId, t.kind, t.locale)],
)

/** Every save, publish, unpublish and restore of a translation: history per language, and the base of a merge. */
export const translationVersions = pgTable(
  'translation_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    userId: text('user_id'),
    username: text('username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translation_versions_subject').on(t.kind, t.subjectId, t.locale, t.version)],
)

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * A page's published translation as the site search reads it (decision 041): one row per page and
 * language with a published translation, written when the translation is published and removed
 * with its publication (and, by the foreign key, with the translation). Stored so that a search
 * in a further language reads a row per page instead of building each page's text per query.
 */
export const pageTranslationSearch = pgTable(
  'page_translation_search',
  {
    /** Always 'page': with the page and language, the key of the translation the row was made from. */
    kind: text('kind').notNull(),
    pageId: text('page_id').notNull(),
    locale: text('locale').notNull(),
    domainId: text('domain_id').notNull(),
    /** The translated title and description; null where the translation has none (read in English). */
    title: text('title'),
    description: text('description'),
    /** Every published text of the translation joined, rich text's tags as word breaks: matched (CJK) and cut for the snippet. */
    text: text('text').notNull(),
    /**
     * Title (weight A), description (B) and the other texts (C) in the language's configuration
     * (lib/locales.ts `textSearch`); null for Chinese, Japanese and Korean, matched as the typed
     * runs contained in `text` (no tokeniser needed, the same on PGlite and PostgreSQL).
     */
    search: tsvector('search'),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.locale] }),
    foreignKey({
      name: 'page_translation_search_translation_fk',
      columns: [t.kind, t.pageId, t.locale],
      foreignColumns: [translations.kind, translations.subjectId, translations.locale],
    }).onDelete('cascade'),
    index('page_translation_search_domain').on(t.domainId, t.locale),
  ],
)
