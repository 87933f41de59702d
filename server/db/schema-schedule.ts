/**
 * Scheduled publishing and who else is editing a page (issue 17 points 6 and 8). Kept apart from
 * schema.ts (which re-exports this file) so each area owns its tables.
 */
import { sql } from 'drizzle-orm'
import { doublePrecision, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { pages } from './schema.ts'

/**
 * A page's publish or unpublish at a chosen instant. Every instance's scheduler claims due rows
 * with one UPDATE ... RETURNING (status pending → running), so each runs once however many
 * instances tick at the same moment. At most one pending publish and one pending unpublish a page.
 */
export const pageSchedules = pgTable(
  'page_schedules',
  {
    id: serial('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    domainId: text('domain_id').notNull(),
    collection: text('collection').notNull(),
    /** publish or unpublish */
    action: text('action').notNull(),
    /** A further language's publish or unpublish (its translation only); null: the page itself, in its default language. */
    locale: text('locale'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending, running (claimed by an instance), done, failed, cancelled */
    status: text('status').notNull().default('pending'),
    /** Who scheduled it: the change runs with their rights and is logged under their name. */
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('page_schedules_one_pending')
      .on(t.pageId, t.action, sql`coalesce(${t.locale}, '')`)
      .where(sql`${t.status} = 'pending'`),
    index('page_schedules_due')
      .on(t.dueAt)
      .where(sql`${t.status} IN ('pending', 'running')`),
    index('page_schedules_domain').on(t.domainId, t.status, t.dueAt),
  ],
)

/**
 * Editors with a page open: one row per browser tab, refreshed by a heartbeat; a row not seen for
 * PRESENCE_EXPIRY_SECONDS is gone. In the database, so every instance sees every editor.
 */
export const pagePresence = pgTable(
  'page_presence',
  {
    pageId: text('page_id').notNull(),
    tabId: text('tab_id').notNull(),
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the tab sent its last heartbeat, and its leave (its own clock, ms): a leave keeps the row
     * as a mark until expiry, so that a heartbeat sent before it but answered after it (two
     * connections) does not bring the tab back; a later heartbeat (a page shown again) does.
     */
    sentAt: doublePrecision('sent_at'),
    leftAt: doublePrecision('left_at'),
    /** The further language the tab edits the page in (null: the default language). */
    locale: text('locale'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.tabId] }), index('page_presence_seen_at').on(t.seenAt)],
)
