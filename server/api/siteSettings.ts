import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, domainIdOf } from './context.ts'
import { documentSchema, domainIdParam, errorResponses, json } from './schemas.ts'

const loadSiteSettings = createRoute({
  method: 'get',
  path: '/loadSiteSettings',
  summary: "The domain's site settings: og and twitter defaults, redirects, categories",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(documentSchema, 'Site settings'), ...errorResponses },
})

export const siteSettingsRouter = createRouter().openapi(loadSiteSettings, async (c) => {
  const { domainId } = c.req.valid('query')
  const { doc } = await c.var.services.siteDocuments.load('siteSettings', domainIdOf(c, domainId), 'published')
  return c.json(doc, 200)
})
