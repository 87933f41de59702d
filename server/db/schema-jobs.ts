/**
 * Background work (server/jobs/queue.ts): one table holds every job, whatever it does. Kept apart
 * from schema.ts (which re-exports this file) so each area owns its tables.
 */
import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * One row per job. A one-off job goes queued → running → done, or back to queued with a later
 * run_at after a failure, and to dead (kept with its error) after its last attempt. A recurring
 * job is one row that goes back to queued with its next occurrence after every run.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to run: the name a handler is registered under (mail.send, listings.sync...). */
    name: text('name').notNull(),
    /** At most one queued or running job per name and key (a recurring job's key, a message id). */
    key: text('key'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** queued, running, done, dead */
    state: text('state').notNull().default('queued'),
    /** Not run before this instant. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts made so far (of this occurrence, for a recurring job). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** A recurring job's schedule: a cron pattern ("0 3 * * *") or "every 15s". */
    recurrence: text('recurrence'),
    /** The host that must run it (work on a folder of that machine); null: any instance. */
    runOn: text('run_on'),
    /** The instance running it, and until when its claim holds (renewed while it runs). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last finished (done, dead, or an occurrence of a recurring job). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_one_active_per_key')
      .on(t.name, t.key)
      .where(sql`${t.key} IS NOT NULL AND ${t.state} IN ('queued', 'running')`),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.state} IN ('queued', 'running')`),
    index('jobs_finished').on(t.state, t.finishedAt),
  ],
)
