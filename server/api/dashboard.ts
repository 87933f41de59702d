import { z } from '@hono/zod-openapi'
import { loadDashboard } from '../services/dashboard.ts'
import { editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { errorResponses, errorSchema, json } from './schemas.ts'

/** The dashboard's overview (issue 17 point 9). */

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
  })
  .openapi('DashboardOverview')

const overview = editorRoute({
  method: 'get',
  path: '/overview',
  summary:
    "What an editor needs at the start: this domain's pages with unpublished changes, scheduled publications, recent enquiries, the last listing sync",
  responses: { 200: json(overviewSchema, 'The overview'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

export const dashboardRouter = createRouter().openapi(overview, async (c) => {
  const { services } = c.var
  c.header('Cache-Control', 'private, no-store')
  const deps = { db: services.database.db, pages: services.pages, enquiries: services.enquiries, schedules: services.schedules }
  return c.json(await loadDashboard(deps, domainIdOf(c), { user: c.var.user }), 200)
})
