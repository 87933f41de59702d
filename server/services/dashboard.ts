import { desc, eq } from 'drizzle-orm'
import type { DashboardOverview } from '#lib/dashboard'
import { listingSyncRuns } from '../../listings/schema.ts'
import type { Db } from '../db/client.ts'
import type { EnquiryService } from './enquiries.ts'
import type { ScheduleService } from './schedules.ts'
import type { Actor, PageService } from './pages.ts'

export interface DashboardDeps {
  db: Db
  pages: Pick<PageService, 'list'>
  enquiries: Pick<EnquiryService, 'list'>
  schedules: Pick<ScheduleService, 'upcoming'>
}

/** How many pages and enquiries the overview lists. */
export const DASHBOARD_PAGES = 20
export const DASHBOARD_ENQUIRIES = 5

/**
 * The dashboard's overview for one domain (issue 17 point 9), with no HTTP in it: the pages the
 * actor may edit whose draft is not what visitors see (never published, or saved after the
 * last publish; a page taken off the site on purpose is not listed), newest change first; the pending scheduled publishes and
 * unpublishes, soonest first; the newest enquiries; and the domain's
 * last listing sync with its result.
 */
export async function loadDashboard(deps: DashboardDeps, domainId: string, actor: Actor): Promise<DashboardOverview> {
  const [pages, enquiries, runs, scheduled] = await Promise.all([
    deps.pages.list(domainId, 'pages', actor),
    deps.enquiries.list(domainId, DASHBOARD_ENQUIRIES),
    deps.db.select().from(listingSyncRuns).where(eq(listingSyncRuns.domainId, domainId)).orderBy(desc(listingSyncRuns.id)).limit(1),
    deps.schedules.upcoming(domainId, actor, DASHBOARD_PAGES),
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
  }
}
