/**
 * Scheduled publishing and who else is here (issue 17 points 6 and 8), shared by the server and
 * the editor: the shapes the API answers, the site-time conversions and the texts shown.
 */
import { formatSiteTime, SITE_TIME_ZONE, zonedInstant, zoneOffsetMs } from './team.ts'

export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number]

export interface PageSchedule {
  id: number
  pageId: string
  action: ScheduleAction
  /** The instant it runs (ISO, UTC). */
  dueAt: string
  status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled'
  username: string
  createdAt: string
  finishedAt: string | null
  error: string | null
  /** A further language's publish or unpublish (its texts only); null: the page itself, in its default language. */
  locale: string | null
}

/** A pending schedule as the dashboard lists it, with the page's title and address. */
export interface ScheduledPublication {
  id: number
  pageId: string
  slug: string
  title: string
  action: ScheduleAction
  dueAt: string
  username: string
  /** A further language's schedule (its texts only); null: the page in its default language. */
  locale: string | null
}

/** An editor with the same page open (not the caller). */
export interface PresentEditor {
  username: string
  /** Since when they have had the page open (ISO). */
  since: string
  /** The further language they edit it in (null: the default language). */
  locale: string | null
}

/** What a heartbeat answers: who else is here, and the stored draft's version (a colleague may have saved). */
export interface PresenceAnswer {
  others: PresentEditor[]
  page: { version: number; updatedBy: string | null; updatedAt: string } | null
}

/** The editor sends a heartbeat this often while a page is open; a tab not heard from for PRESENCE_EXPIRY_SECONDS is gone. */
export const PRESENCE_HEARTBEAT_MS = 5000
export const PRESENCE_EXPIRY_SECONDS = 30

/** "2026-11-24T14:30" as typed in a date-time field: a wall-clock time of the site. */
export const SITE_LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The instant of a wall-clock time in the site's time zone ("2026-11-24T14:30" → 04:00 UTC in
 * Adelaide's summer), or null when it is not such a time or not a real date (31/02).
 */
export function siteLocalToInstant(local: string, timeZone: string = SITE_TIME_ZONE): Date | null {
  const m = SITE_LOCAL_TIME.exec(local)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number]
  const guess = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(guess)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null
  return zonedInstant(timeZone, y, mo, d, h, mi, s)
}

/** The "YYYY-MM-DDTHH:mm" a date-time field shows for an instant, in the site's time zone. */
export function instantToSiteLocal(instant: Date | string, timeZone: string = SITE_TIME_ZONE): string {
  const ms = new Date(instant).getTime()
  const local = new Date(ms + zoneOffsetMs(ms, timeZone))
  return local.toISOString().slice(0, 16)
}

/** What the schedule API accepts as a time: a wall-clock time of the site, or an instant with its offset. */
export function parseScheduleTime(value: string, timeZone: string = SITE_TIME_ZONE): Date | null {
  if (SITE_LOCAL_TIME.test(value)) return siteLocalToInstant(value, timeZone)
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The furthest ahead a publication may be scheduled. */
export const SCHEDULE_MAX_DAYS = 366 * 2

export const scheduleTexts = {
  heading: 'Schedule',
  intro: 'Publish or unpublish this page at a date and time (Adelaide time). The saved draft at that moment is what visitors then see.',
  publishAt: 'Publish at',
  unpublishAt: 'Unpublish at',
  actionLabel: 'Action',
  atLabel: 'Date and time (Adelaide)',
  /** Under the date-time field, whose own display follows the browser's language: the choice in the site's format. */
  atReading: (weekday: string, when: string) => `${weekday} ${when} Adelaide time`,
  schedulePublish: 'Schedule publish',
  scheduleUnpublish: 'Schedule unpublish',
  cancel: 'Cancel',
  cancelLabel: (action: ScheduleAction) => (action === 'publish' ? 'Cancel the scheduled publish' : 'Cancel the scheduled unpublish'),
  publishScheduled: (when: string) => `Publishes ${when}`,
  unpublishScheduled: (when: string) => `Unpublishes ${when}`,
  /** Beside "Publish Page" in the menu (and its accessible description). */
  menuNote: (action: ScheduleAction, when: string) => (action === 'publish' ? `Publishes ${when}` : `Unpublishes ${when}`),
  scheduled: 'Scheduled',
  cancelled: 'Schedule cancelled',
  timeZoneNote: 'Adelaide time',
  inThePast: 'Choose a time in the future',
  notADate: 'Give a date and time as YYYY-MM-DDTHH:mm (Adelaide time) or an ISO 8601 instant with its offset',
  tooFar: 'Choose a time within the next two years',
  failed: (when: string, error: string) => `The scheduled change of ${when} did not run: ${error}`,
  /** The dashboard's list. */
  dashboardHeading: 'Scheduled publications',
  dashboardEmpty: 'Nothing is scheduled.',
  dashboardAction: { publish: 'Publish', unpublish: 'Unpublish' } as Record<ScheduleAction, string>,
  dashboardBy: (username: string) => `scheduled by ${username}`,
}

export const formatScheduleTime = (iso: string) => formatSiteTime(iso)

export const presenceTexts = {
  label: 'Editors on this page',
  alsoHere: 'Also here:',
  since: (time: string) => `since ${time}`,
  /** A colleague on the same page in another language than this editor's. */
  inLanguage: (language: string) => `in ${language}`,
  newerDraft: (who: string, when: string) =>
    `${who} saved a newer draft of this page at ${when}. Your changes are not saved over it: reload their version, or overwrite it with yours.`,
  newerDraftShort: (who: string) => `${who} saved a newer draft`,
  someone: 'Another editor',
}
