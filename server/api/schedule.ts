import { z } from '@hono/zod-openapi'
import { collectionSchema } from '#lib/content'
import { LOCALE_CODES } from '#lib/locales'
import { SCHEDULE_ACTIONS } from '#lib/schedule'
import { capabilityRoute, editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, idParam, json, serialNumber } from './schemas.ts'

/** Scheduled publishing (issue 17 point 6) and who else is here (point 8). */

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const errors = {
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'May not publish this page'),
  404: json(errorSchema, 'No such page or schedule'),
  ...errorResponses,
}

const scheduleSchema = z
  .object({
    id: z.number().int(),
    pageId: z.string(),
    action: z.enum(SCHEDULE_ACTIONS),
    dueAt: z.string(),
    status: z.enum(['pending', 'running', 'done', 'failed', 'cancelled']),
    username: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
    locale: z.string().nullable(),
  })
  .openapi('PageSchedule')

const locale = z
  .string()
  .min(2)
  .max(20)
  .optional()
  .openapi({ description: "A further language (de, zh-Hans): publish or unpublish the page's texts in it only" })

const create = capabilityRoute('publish', {
  method: 'post',
  path: '/create',
  summary: "Schedules a page's publish or unpublish at a date and time (replacing a pending one of the same action)",
  description:
    "`at` is a wall-clock time of the site's time zone (Australia/Adelaide), `2026-11-24T14:30`, or an ISO 8601 instant with its offset; it must be in the future. Needs the right to publish the page. A publish publishes the draft as it is stored at that moment.",
  request: body(
    z.object({
      pageId: idParam,
      action: z.enum(SCHEDULE_ACTIONS),
      at: z.string().min(1).max(40),
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
      locale,
    }),
  ),
  responses: { 200: json(scheduleSchema, 'The schedule'), ...errors },
})

const cancel = capabilityRoute('publish', {
  method: 'post',
  path: '/cancel',
  summary: 'Cancels a pending schedule',
  request: body(z.object({ id: serialNumber, domainId: domainIdParam })),
  responses: { 200: json(scheduleSchema, 'The cancelled schedule'), 409: json(errorSchema, 'Already ran or running'), ...errors },
})

const forPage = editorRoute({
  method: 'get',
  path: '/forPage',
  summary: "A page's pending schedules (soonest first) and its last finished ones",
  request: { query: z.object({ pageId: idParam, collection: collectionSchema.default('pages'), domainId: domainIdParam, locale }) },
  responses: {
    200: json(z.object({ pending: z.array(scheduleSchema), recent: z.array(scheduleSchema) }), 'Schedules'),
    ...errors,
  },
})

export const scheduleRouter = createRouter()
  .openapi(create, async (c) => {
    const { pageId, action, at, collection, domainId, locale } = c.req.valid('json')
    const schedule = await c.var.services.schedules.schedule(
      domainIdOf(c, domainId),
      collection,
      pageId,
      action,
      at,
      { user: c.var.user },
      new Date(),
      locale ?? null,
    )
    return c.json(schedule, 200)
  })
  .openapi(cancel, async (c) => {
    const { id, domainId } = c.req.valid('json')
    return c.json(await c.var.services.schedules.cancel(domainIdOf(c, domainId), id, { user: c.var.user }), 200)
  })
  .openapi(forPage, async (c) => {
    const { pageId, collection, domainId, locale } = c.req.valid('query')
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      await c.var.services.schedules.forPage(domainIdOf(c, domainId), collection, pageId, { user: c.var.user }, locale ?? null),
      200,
    )
  })

const tabId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/)

/** When the tab sent the call (its clock, ms): a heartbeat sent before the tab's leave but answered after it is ignored. */
const sentAt = z
  .number()
  .finite()
  .nonnegative()
  .optional()
  .openapi({ description: 'When the tab sent this call (ms since 1970, its clock)' })

const heartbeat = editorRoute({
  method: 'post',
  path: '/heartbeat',
  summary: 'This tab has the page open: answers the other editors on it (since when) and the stored draft’s version',
  description: `Send every few seconds while the page is open; a tab not heard from for 30 s is gone.`,
  request: body(
    z.object({
      pageId: idParam,
      tabId,
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
      sentAt,
      locale: z
        .enum(LOCALE_CODES)
        .nullable()
        .optional()
        .openapi({ description: 'The further language the tab edits the page in (none: the default)' }),
    }),
  ),
  responses: {
    200: json(
      z
        .object({
          others: z.array(z.object({ username: z.string(), since: z.string(), locale: z.string().nullable() })),
          page: z.object({ version: z.number(), updatedBy: z.string().nullable(), updatedAt: z.string() }).nullable(),
        })
        .openapi('Presence'),
      'Who else is here',
    ),
    ...errors,
  },
})

const leave = editorRoute({
  method: 'post',
  path: '/leave',
  summary: 'This tab left the page',
  request: body(z.object({ pageId: idParam, tabId, sentAt })),
  responses: { 200: json(z.object({ left: z.literal(true) }), 'Gone'), ...errors },
})

export const presenceRouter = createRouter()
  .openapi(heartbeat, async (c) => {
    const { pageId, tabId, collection, domainId, sentAt, locale } = c.req.valid('json')
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      await c.var.services.presence.heartbeat(domainIdOf(c, domainId), collection, pageId, tabId, { user: c.var.user }, new Date(), {
        sentAt,
        locale,
      }),
      200,
    )
  })
  .openapi(leave, async (c) => {
    const { pageId, tabId, sentAt } = c.req.valid('json')
    await c.var.services.presence.leave(pageId, tabId, { user: c.var.user }, new Date(), sentAt ?? null)
    return c.json({ left: true as const }, 200)
  })
