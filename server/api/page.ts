import { createRoute, z } from '@hono/zod-openapi'
import { collectionSchema, type PageDoc } from '#lib/content'
import { notFound } from '../services/errors.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, json, pageSchema } from './schemas.ts'

const loadPage = createRoute({
  method: 'get',
  path: '/load',
  summary: 'Load a page by slug within a domain',
  description: 'Visitors receive the published copy only.',
  request: {
    query: z.object({
      slug: z.string().max(500).default(''),
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
    }),
  },
  responses: {
    200: json(pageSchema, 'The page'),
    404: json(errorSchema, 'No published page has that slug'),
    ...errorResponses,
  },
})

export const pageRouter = createRouter().openapi(loadPage, async (c) => {
  const { slug, collection, domainId } = c.req.valid('query')
  const page: PageDoc | null = await c.var.services.pages.loadPublished(domainIdOf(c, domainId), collection, slug)
  if (!page) throw notFound('Page not found')
  return c.json(page, 200)
})
