import { createRoute, z } from '@hono/zod-openapi'
import { hostFromHeader } from '../services/domains.ts'
import { createRouter } from './context.ts'
import { domainSchema, errorResponses, json } from './schemas.ts'

const loadDomain = createRoute({
  method: 'get',
  path: '/loadDomain',
  summary: 'The domain serving a host name, and the list of all domains',
  request: { query: z.object({ hostname: z.string().max(253).optional() }) },
  responses: {
    200: json(z.object({ domain: domainSchema.nullable(), domains: z.array(domainSchema) }), 'The domain and the domains'),
    ...errorResponses,
  },
})

export const configRouter = createRouter().openapi(loadDomain, async (c) => {
  const { hostname } = c.req.valid('query')
  const host = hostname ? hostFromHeader(hostname) : hostFromHeader(c.req.header('host'))
  return c.json(await c.var.services.domains.load(host), 200)
})
