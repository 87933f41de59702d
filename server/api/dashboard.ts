import { z } from '@hono/zod-openapi'
import { loadDashboard } from '../services/dashboard.ts'
import { editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { errorResponses, errorSchema, json } from './schemas.ts'

/** The dashboard's overview (issue 17 point 9), with the stale-content radar (issue 34 point 6). */

const staleListing = z.object({ id: z.string(), name: z.string(), slug: z.string() })

const overviewSchema = z
  .object({
    unpublishedPages: z.array(
      z.object({
        _id: z.string(),
        slug: z.string(),
        title: z.string(),
        published: z.boolean(),
        lastPublished: z.string().nullable(),
        updatedAt: z.string(),
      }),
    ),
    scheduled: z.array(
      z.object({
        id: z.number(),
        pageId: z.string(),
        slug: z.string(),
        title: z.string(),
        action: z.enum(['publish', 'unpublish']),
        dueAt: z.string(),
        username: z.string(),
        locale: z.string().nullable().openapi({ description: "A further language's schedule; null: the page in its default language" }),
      }),
    ),
    enquiries: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string(), createdAt: z.string(), mailStatus: z.string() })),
    lastSync: z
      .object({
        trigger: z.string(),
        mode: z.string(),
        status: z.string(),
        counts: z.record(z.string(), z.number()).nullable(),
        error: z.string().nullable(),
        startedAt: z.string(),
        finishedAt: z.string().nullable(),
      })
      .nullable(),
    stale: z.object({
      findings: z.array(
        z.object({
          id: z.string(),
          source: z.enum(['page', 'chapter', 'navigation', 'footer']),
          pageId: z.string().nullable(),
          slug: z.string(),
          title: z.string(),
          check: z.enum(['listing-inactive', 'listing-unpublished', 'event-over', 'link-missing', 'link-unpublished']),
          block: z.array(z.union([z.string(), z.number()])).nullable(),
          path: z.string(),
          href: z.string(),
          target: staleListing.nullable(),
          suggestions: z.array(staleListing),
          foundAt: z.string(),
        }),
      ),
      total: z.number(),
      checkedAt: z.string().nullable(),
    }),
    cdn: z
      .object({ provider: z.string(), pending: z.number(), retrying: z.number(), failed: z.number(), lastError: z.string().optional() })
      .nullable(),
  })
  .openapi('DashboardOverview')

const overview = editorRoute({
  method: 'get',
  path: '/overview',
  summary:
    "What an editor needs at the start: this domain's pages with unpublished changes, scheduled publications, recent enquiries, the last listing sync, and what the published site points at that has gone stale",
  responses: { 200: json(overviewSchema, 'The overview'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

export const dashboardRouter = createRouter().openapi(overview, async (c) => {
  const { services } = c.var
  c.header('Cache-Control', 'private, no-store')
  const deps = {
    db: services.database.db,
    pages: services.pages,
    enquiries: services.enquiries,
    schedules: services.schedules,
    radar: services.staleRadar,
    cdn: services.cdnPurger,
  }
  return c.json(await loadDashboard(deps, domainIdOf(c), { user: c.var.user }), 200)
})
