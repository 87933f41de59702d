/**
 * First-party measurement and the team's Results (issue 37, docs/decisions/036): the collector
 * (beacons held in memory, written every few seconds), the daily roll-up and the raw events'
 * retention, the dashboard's queries, the monthly report and the demo's history.
 */
import type { DomainDoc } from '#lib/content'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../integrations/mail/mailer.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { createCollector } from './collector.ts'
import { seedDemoResults } from './demo.ts'
import { createResultQueries } from './queries.ts'
import { MONTHLY_REPORT_JOB, sendMonthlyReports } from './report.tsx'
import { dropOldEvents, rollUp, vacuumResults } from './rollup.ts'

/** Rolls up the raw events, deletes the old ones and yesterday's salt: every few minutes. */
export const ROLLUP_JOB = 'results.rollup'
export { MONTHLY_REPORT_JOB }

export interface ResultsOptions {
  flushMs: number
  beaconsPerMinute: number
  rawDays: number
  onError?: (err: unknown) => void
}

export function createResults(
  deps: { db: Db; jobs: JobQueue; mailer: Mailer; domains: () => Promise<DomainDoc[]> },
  options: ResultsOptions,
) {
  const { db } = deps
  const collector = createCollector(db, options)
  const queries = createResultQueries(db)

  /** Writes what is held, then brings the daily counts up to date: the dashboard shows what was acknowledged. */
  async function refresh() {
    await collector.flush()
    return rollUp(db)
  }

  deps.jobs.register(ROLLUP_JOB, async ({ now }) => {
    const days = await refresh()
    const dropped = await dropOldEvents(db, options.rawDays, now)
    await collector.dropOldSalts(now)
    // Once a day (when a day of raw events went), the space of what was deleted is reused.
    if (dropped > 0) await vacuumResults(db)
    return { days, dropped }
  })
  deps.jobs.register(MONTHLY_REPORT_JOB, async ({ now }) => {
    await refresh()
    return sendMonthlyReports({ db, mailer: deps.mailer, queries, domains: await deps.domains() }, now)
  })

  return {
    collector,
    queries,
    refresh,
    /** The demo's quarter of history for a domain (issue 37 point 6). */
    seedDemo: (domainId: string, language?: string) => seedDemoResults(db, domainId, language),
    close: () => collector.close(),
  }
}

export type Results = ReturnType<typeof createResults>
