/**
 * The stale-content radar (issue 34 point 6): what the published site still points at that has gone
 * stale. Kept apart from schema.ts (which re-exports this file) so each area owns its tables.
 */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One finding: a published page, chapter, navigation or footer that links to a listing the sync
 * marked inactive (or that was taken off the site), an event that is over, or a page that is gone.
 * Recomputed per domain as syncs and publishes run (server/publish/radar.ts), not per dashboard view;
 * a finding still present keeps the instant it was first found, so the newest are listed first.
 */
export const staleFindings = pgTable(
  'stale_findings',
  {
    /** domain, where, path and check: the same finding keeps its row from one refresh to the next. */
    id: text('id').primaryKey(),
    domainId: text('domain_id').notNull(),
    /** page, chapter, navigation or footer */
    source: text('source').notNull(),
    /** The page or chapter (null for the navigation and footer). */
    pageId: text('page_id'),
    slug: text('slug').notNull().default(''),
    title: text('title').notNull().default(''),
    check: text('check').notNull(),
    /** The block as the editor's path (['contents', 2]); null for the page header or a site document. */
    block: jsonb('block').$type<(string | number)[] | null>(),
    path: text('path').notNull(),
    href: text('href').notNull(),
    /** The listing a listing finding points at. */
    target: jsonb('target').$type<{ id: string; name: string; slug: string } | null>(),
    /** Similar active listings to put in its place (listing findings). */
    suggestions: jsonb('suggestions').$type<{ id: string; name: string; slug: string }[]>().notNull().default([]),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stale_findings_domain_found').on(t.domainId, t.foundAt)],
)
