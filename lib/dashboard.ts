/** The dashboard's overview (issue 17 point 9): what an editor needs at the start, shared by server and editor. */
import type { StaleReport } from './radar.ts'
import type { ScheduledPublication } from './schedule.ts'

export interface DashboardPage {
  _id: string
  slug: string
  title: string
  /** false: never published; true: the draft is newer than the published copy. */
  published: boolean
  lastPublished: string | null
  updatedAt: string
}

export interface DashboardEnquiry {
  _id: string
  name: string
  email: string
  createdAt: string
  mailStatus: string
}

export interface DashboardSync {
  trigger: string
  mode: string
  status: string
  counts: Record<string, number> | null
  error: string | null
  startedAt: string
  finishedAt: string | null
}

export interface DashboardOverview {
  unpublishedPages: DashboardPage[]
  /** Pending scheduled publishes and unpublishes, soonest first (issue 17 point 6). */
  scheduled: ScheduledPublication[]
  enquiries: DashboardEnquiry[]
  lastSync: DashboardSync | null
  /** The stale-content radar's newest findings (issue 34 point 6). */
  stale: StaleReport
  /** The CDN in front: its purges not yet done (issue 34 point 2); null without one (or when it cannot be read). */
  cdn: DashboardCdn | null
}

export interface DashboardCdn {
  provider: string
  /** Purges queued or running. */
  pending: number
  /** Of those, ones that failed at least once and wait for a retry. */
  retrying: number
  /** Purges that failed for good. */
  failed: number
  lastError?: string
}

/** The counts of a sync report shown to editors, in this order (the rest stays in the log). */
export const SYNC_COUNTS = ['feed', 'created', 'updated', 'unchanged', 'deactivated'] as const

export const dashboardTexts = {
  tab: 'Overview',
  pagesHeading: 'Pages with unpublished changes',
  pagesEmpty: 'Every page is published as it is.',
  neverPublished: 'Never published',
  changedSince: (when: string) => `Changed since ${when}`,
  savedAt: (when: string) => `saved ${when}`,
  untitled: 'Untitled page',
  enquiriesHeading: 'Recent enquiries',
  enquiriesEmpty: 'No enquiries yet.',
  enquiryColumns: { when: 'Received', who: 'Name', email: 'E-mail', mail: 'E-mail to the team' },
  mailStatus: {
    sent: 'Sent',
    pending: 'Waiting to be sent',
    failed: 'Not delivered',
    outbox: 'In the outbox (no mail server)',
    none: 'No recipient set',
  } as Record<string, string>,
  syncHeading: 'Last listing sync',
  syncEmpty: 'No listing sync has run yet.',
  syncMode: { full: 'Full sync', delta: 'Changes only' } as Record<string, string>,
  syncStatus: { ok: 'Finished', failed: 'Failed', running: 'Running' } as Record<string, string>,
  syncTrigger: {
    schedule: 'scheduled',
    editor: 'started by an editor',
    cli: 'from the command line',
    start: 'at start-up',
    test: 'test',
  } as Record<string, string>,
  syncCounts: {
    feed: 'in the feed',
    created: 'new',
    updated: 'updated',
    unchanged: 'unchanged',
    deactivated: 'taken off',
  } as Record<(typeof SYNC_COUNTS)[number], string>,
  syncStarted: 'Started',
  syncFinished: 'Finished',
  loading: 'Loading…',
  cdnHeading: 'CDN purges',
  cdnProvider: (provider: string) => `The CDN in front (${provider}) is told what each publish changed.`,
  cdnAllDone: 'Every purge is done: the CDN serves what was published.',
  cdnPending: (n: number) => (n === 1 ? '1 purge waiting to run.' : `${n} purges waiting to run.`),
  cdnRetrying: (n: number) => (n === 1 ? '1 of them failed once and will be retried.' : `${n} of them failed once and will be retried.`),
  cdnFailed: (n: number) =>
    n === 1
      ? '1 purge failed for good: the CDN may serve an older copy until its cache time runs out.'
      : `${n} purges failed for good: the CDN may serve older copies until their cache time runs out.`,
  cdnLastError: 'Last error:',
}
