/**
 * The team (issue 21): the activity log and pending e-mail changes. Kept apart from schema.ts
 * (which re-exports this file) so each area owns its tables.
 */
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Who changed what and when. The user's id and name are copied into each entry (no foreign key),
 * so the log outlives a deactivated or removed account.
 */
export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: text('user_id'),
    username: text('username'),
    /** What was changed: page, navigation, footer, siteSettings, domain, story, listing, account... */
    kind: text('kind').notNull(),
    /** save, publish, unpublish, delete, restore, sign-in, invite, role-change, deactivate... */
    action: text('action').notNull(),
    domainId: text('domain_id'),
    /** The changed thing's id and a readable label (a page's slug, an editor's name). */
    subjectId: text('subject_id'),
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('activity_at').on(t.at), index('activity_user_at').on(t.userId, t.at), index('activity_kind_at').on(t.kind, t.at)],
)

/** A new e-mail address waits here until its owner follows the link sent to it. */
export const emailChanges = pgTable('email_changes', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Draft links issued (issue 29 point 10): the signed token names its row, so a link can be revoked
 * from the panel that made it before it expires. Who made and revoked it is kept for the log.
 */
export const draftLinks = pgTable(
  'draft_links',
  {
    id: text('id').primaryKey(),
    domainId: text('domain_id').notNull(),
    pageId: text('page_id').notNull(),
    createdBy: text('created_by'),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [index('draft_links_page').on(t.pageId, t.createdAt)],
)
