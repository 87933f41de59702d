import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, domainIdOf } from './context.ts'
import { documentSchema, domainIdParam, errorResponses, json } from './schemas.ts'

const byDomain = { query: z.object({ domainId: domainIdParam }) }

const loadNav = createRoute({
  method: 'get',
  path: '/loadNav',
  summary: "The domain's navigation (an empty document when none exists yet)",
  request: byDomain,
  responses: { 200: json(documentSchema, 'Navigation'), ...errorResponses },
})

const loadFooter = createRoute({
  method: 'get',
  path: '/loadFooter',
  summary: "The domain's footer (an empty document when none exists yet)",
  request: byDomain,
  responses: { 200: json(documentSchema, 'Footer'), ...errorResponses },
})

export const siteRouter = createRouter()
  .openapi(loadNav, async (c) => {
    const { domainId } = c.req.valid('query')
    const { doc } = await c.var.services.siteDocuments.load('nav', domainIdOf(c, domainId), 'published')
    return c.json(doc, 200)
  })
  .openapi(loadFooter, async (c) => {
    const { domainId } = c.req.valid('query')
    const { doc } = await c.var.services.siteDocuments.load('footer', domainIdOf(c, domainId), 'published')
    return c.json(doc, 200)
  })
