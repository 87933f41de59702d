import { z } from '@hono/zod-openapi'
import { DRAFT_LINK_PARAM } from '#lib/draft-link'
import { editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { errorResponses, errorSchema, json } from './schemas.ts'

/**
 * Draft links (issue 17 point 7): an editor signs a link to a page's current draft, sees the page's
 * links still in use and revokes one (issue 29 point 10). Editors only (editorRoute: anonymous
 * callers are refused), and only for a page they may edit (checked by the service).
 */

const id = z.string().min(1).max(100)

const create = editorRoute({
  method: 'post',
  path: '/create',
  summary: "Signs an expiring link that shows a page's current draft to anyone holding it (read-only, never cached or indexed)",
  request: { body: { content: { 'application/json': { schema: z.object({ id }) } }, required: true } },
  responses: {
    200: json(z.object({ id: z.string(), path: z.string(), expiresAt: z.string() }).openapi('DraftLink'), 'The link, relative to the site'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'May not edit this page'),
    404: json(errorSchema, 'No such page'),
    ...errorResponses,
  },
})

const issued = z
  .object({ id: z.string(), createdAt: z.string(), createdBy: z.string().nullable(), expiresAt: z.string() })
  .openapi('IssuedDraftLink')

const list = editorRoute({
  method: 'post',
  path: '/list',
  summary: "A page's draft links still in use (not revoked, not expired), newest first",
  request: { body: { content: { 'application/json': { schema: z.object({ id }) } }, required: true } },
  responses: {
    200: json(z.object({ links: z.array(issued) }), 'The links (without their tokens)'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'May not edit this page'),
    404: json(errorSchema, 'No such page'),
    ...errorResponses,
  },
})

const revoke = editorRoute({
  method: 'post',
  path: '/revoke',
  summary: 'Revokes a draft link: whoever holds it sees that it was withdrawn',
  request: { body: { content: { 'application/json': { schema: z.object({ id }) } }, required: true } },
  responses: {
    200: json(z.object({ revoked: z.literal(true) }), 'Revoked (also when it already was)'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'May not edit its page'),
    404: json(errorSchema, 'No such link'),
    ...errorResponses,
  },
})

export const draftLinkRouter = createRouter()
  .openapi(create, async (c) => {
    const link = await c.var.services.draftLinks.create(domainIdOf(c), c.req.valid('json').id, { user: c.var.user })
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      { id: link.id, path: `/${link.slug}?${DRAFT_LINK_PARAM}=${encodeURIComponent(link.token)}`, expiresAt: link.expiresAt },
      200,
    )
  })
  .openapi(list, async (c) =>
    c.json({ links: await c.var.services.draftLinks.list(domainIdOf(c), c.req.valid('json').id, { user: c.var.user }) }, 200),
  )
  .openapi(revoke, async (c) =>
    c.json(await c.var.services.draftLinks.revoke(domainIdOf(c), c.req.valid('json').id, { user: c.var.user }), 200),
  )
