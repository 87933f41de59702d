import { z } from '@hono/zod-openapi'
import { collectionSchema } from '#lib/content'
import { ADMIN_ROLE, roleRoute } from './access.ts'
import { createRouter, domainIdOf } from './context.ts'
import { errorResponses, errorSchema, json, pageSchema } from './schemas.ts'

const roleList = z.array(z.string().min(1).max(60)).max(50)

const applyToPage = roleRoute(ADMIN_ROLE, {
  method: 'post',
  path: '/applyToPage',
  summary: 'Set who may view, edit and publish a page (admins only)',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            page: z.object({ _id: z.string().min(1).max(200), domainId: z.string().max(100).optional() }).catchall(z.unknown()),
            collection: collectionSchema.default('pages'),
            roles: z.object({ viewerRoles: roleList.optional(), editorRoles: roleList.optional(), publisherRoles: roleList.optional() }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(pageSchema, 'The page with its roles'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'Not an admin'),
    404: json(errorSchema, 'No such page'),
    ...errorResponses,
  },
})

export const rolesRouter = createRouter().openapi(applyToPage, async (c) => {
  const { page, collection, roles } = c.req.valid('json')
  return c.json(await c.var.services.pages.applyRoles(domainIdOf(c, page.domainId), collection, page._id, roles, { user: c.var.user }), 200)
})
