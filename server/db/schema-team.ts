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
