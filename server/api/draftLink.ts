import { z } from '@hono/zod-openapi'
import { DRAFT_LINK_PARAM } from '#lib/draft-link'
import { editorRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { errorResponses, errorSchema, json } from './schemas.ts'

/** Draft links (issue 17 point 7): an editor signs a link to a page's current draft. */

const create = editorRoute({
  method: 'post',
  path: '/create',
  summary: "Signs an expiring link that shows a page's current draft to anyone holding it (read-only, never cached or indexed)",
  request: { body: { content: { 'application/json': { schema: z.object({ id: z.string().min(1).max(100) }) } }, required: true } },
  responses: {
    200: json(z.object({ path: z.string(), expiresAt: z.string() }).openapi('DraftLink'), 'The link, relative to the site'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'May not edit this page'),
    404: json(errorSchema, 'No such page'),
    ...errorResponses,
  },
})

export const draftLinkRouter = createRouter().openapi(create, async (c) => {
  const { token, slug, expiresAt } = await c.var.services.draftLinks.create(domainIdOf(c), c.req.valid('json').id, { user: c.var.user })
  c.header('Cache-Control', 'private, no-store')
  return c.json({ path: `/${slug}?${DRAFT_LINK_PARAM}=${encodeURIComponent(token)}`, expiresAt }, 200)
})
