import { desc, eq } from 'drizzle-orm'
import type { DashboardCdn, DashboardOverview } from '#lib/dashboard'
import { listingSyncRuns } from '../../listings/schema.ts'
import type { Db } from '../db/client.ts'
import type { StaleRadar } from '../publish/radar.ts'
import type { EnquiryService } from './enquiries.ts'
import type { ScheduleService } from './schedules.ts'
import type { Actor, PageService } from './pages.ts'

export interface DashboardDeps {
  db: Db
  pages: Pick<PageService, 'list'>
  enquiries: Pick<EnquiryService, 'list'>
  schedules: Pick<ScheduleService, 'upcoming'>
  radar: Pick<StaleRadar, 'list'>
  /** The CDN in front (CDN_PURGE), when one is configured: its purges still pending or failed. */
  cdn?: { status(): Promise<DashboardCdn> }
}

/** How many pages, enquiries and stale findings the overview lists. */
export const DASHBOARD_PAGES = 20
export const DASHBOARD_STALE = 30
export const DASHBOARD_ENQUIRIES = 5

/**
 * The dashboard's overview for one domain (issue 17 point 9), with no HTTP in it: the pages the
 * actor may edit whose draft is not what visitors see (never published, or saved after the
 * last publish; a page taken off the site on purpose is not listed), newest change first; the pending scheduled publishes and
 * unpublishes, soonest first; the newest enquiries; and the domain's
 * last listing sync with its result; and the stale-content radar's newest findings (kept by
 * server/publish/radar.ts as syncs and publishes run, only read here).
 */
export async function loadDashboard(deps: DashboardDeps, domainId: string, actor: Actor): Promise<DashboardOverview> {
  const [pages, enquiries, runs, scheduled, stale, cdn] = await Promise.all([
    deps.pages.list(domainId, 'pages', actor),
    deps.enquiries.list(domainId, DASHBOARD_ENQUIRIES),
    deps.db.select().from(listingSyncRuns).where(eq(listingSyncRuns.domainId, domainId)).orderBy(desc(listingSyncRuns.id)).limit(1),
    deps.schedules.upcoming(domainId, actor, DASHBOARD_PAGES),
    deps.radar.list(domainId, DASHBOARD_STALE),
    deps.cdn ? deps.cdn.status().catch(() => null) : Promise.resolve(null),
  ])
  // Publishing sets updatedAt and lastPublished to the same instant; a later save moves updatedAt on.
  const unpublishedPages = pages
    .filter((p) => !p.lastPublished || (p.published && Date.parse(p.updatedAt) > Date.parse(p.lastPublished)))
    .slice(0, DASHBOARD_PAGES)
    .map((p) => ({
      _id: p._id,
      slug: p.slug,
      title: p.title,
      published: p.published,
      lastPublished: p.lastPublished,
      updatedAt: p.updatedAt,
    }))
  const run = runs[0]
  return {
    unpublishedPages,
    scheduled,
    enquiries: enquiries.map((e) => ({ _id: e._id, name: e.name, email: e.email, createdAt: e.createdAt, mailStatus: e.mailStatus })),
    lastSync: run
      ? {
          trigger: run.trigger,
          mode: run.mode,
          status: run.status,
          counts: run.counts ?? null,
          error: run.error,
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
        }
      : null,
    stale,
    cdn,
  }
}
