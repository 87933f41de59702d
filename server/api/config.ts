import { createRoute, z } from '@hono/zod-openapi'
import { languagesProblem, SITE_TEXT_LOCALES } from '#lib/locales'
import { hostFromHeader } from '../services/domains.ts'
import { capabilityRoute } from './access.ts'
import { createRouter } from './context.ts'
import { domainSchema, errorResponses, errorSchema, json, versionNumber } from './schemas.ts'

const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such domain'),
  409: json(errorSchema, 'Host name taken'),
  ...errorResponses,
}
const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/, 'A host name such as www.example.com (no scheme, no path)')
const domainInput = z.object({
  _id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z0-9_-]+$/, 'Letters, digits, - and _ only'),
  name: z.string().trim().min(1).max(120),
  hostnames: z.array(hostname).max(50).default([]),
  published: z.boolean().optional(),
  /** The languages offered (issue 33): only those whose site texts ship; checked again by the service. */
  languages: z
    .object({
      default: z.enum(SITE_TEXT_LOCALES),
      others: z.array(z.enum(SITE_TEXT_LOCALES)).max(SITE_TEXT_LOCALES.length),
    })
    .superRefine((value, ctx) => {
      const problem = languagesProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', path: problem.path.split('.').slice(1), message: problem.message })
    })
    .optional(),
  /** The version loaded: required to change an existing domain (400 without it, 409 when stale). */
  version: versionNumber.optional(),
})
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema: z.object({ domain: schema }) } }, required: true },
})
const saveBody = {
  body: {
    content: { 'application/json': { schema: z.object({ domain: domainInput, force: z.boolean().default(false) }) } },
    required: true,
  },
}
const byId = z.object({ _id: z.string().min(1).max(100) }).catchall(z.unknown())

const loadDomain = createRoute({
  method: 'get',
  path: '/loadDomain',
  summary: 'The domain serving a host name, and the list of all domains',
  request: { query: z.object({ hostname: z.string().max(253).optional() }) },
  responses: {
    200: json(z.object({ domain: z.union([domainSchema, z.null()]), domains: z.array(domainSchema) }), 'The domain and the domains'),
    ...errorResponses,
  },
})
const saveDomain = capabilityRoute('domains', {
  method: 'post',
  path: '/saveDomain',
  summary: 'Create or update a domain',
  description:
    'Changing an existing domain needs the version it was loaded at (400 without it, 409 when someone saved since), unless force is true.',
  request: saveBody,
  responses: { 200: json(domainSchema, 'Saved'), ...editorErrors },
})
const publishDomain = capabilityRoute('domains', {
  method: 'post',
  path: '/publishDomain',
  summary: 'Mark a domain published',
  request: body(byId),
  responses: { 200: json(domainSchema, 'Published'), ...editorErrors },
})
const unpublishDomain = capabilityRoute('domains', {
  method: 'post',
  path: '/unpublishDomain',
  summary: 'Mark a domain unpublished',
  request: body(byId),
  responses: { 200: json(domainSchema, 'Unpublished'), ...editorErrors },
})
const swapActiveDomain = capabilityRoute('domains', {
  method: 'post',
  path: '/swapActiveDomain',
  summary: "Move the host the editor is on to another domain, to edit that domain's content from this address",
  request: body(byId),
  responses: { 200: json(z.object({ newDomain: domainSchema, oldDomain: z.union([domainSchema, z.null()]) }), 'Swapped'), ...editorErrors },
})

export const configRouter = createRouter()
  .openapi(loadDomain, async (c) => {
    const { hostname: name } = c.req.valid('query')
    const host = name ? hostFromHeader(name) : hostFromHeader(c.req.header('host'))
    return c.json(await c.var.services.domains.load(host), 200)
  })
  .openapi(saveDomain, async (c) => {
    const { domain, force } = c.req.valid('json')
    const existing = await c.var.services.domains.byId(domain._id)
    return c.json(
      await c.var.services.domains.upsert(
        { ...domain, published: domain.published ?? existing?.published ?? false },
        { force, actor: { user: c.var.user } },
      ),
      200,
    )
  })
  .openapi(publishDomain, async (c) =>
    c.json(await c.var.services.domains.setPublished(c.req.valid('json').domain._id, true, { user: c.var.user }), 200),
  )
  .openapi(unpublishDomain, async (c) =>
    c.json(await c.var.services.domains.setPublished(c.req.valid('json').domain._id, false, { user: c.var.user }), 200),
  )
  .openapi(swapActiveDomain, async (c) => {
    const { domain } = c.req.valid('json')
    const host = hostFromHeader(c.req.header('host'))
    const swapped = await c.var.services.domains.swapActive(host, domain._id)
    // The host now serves another domain's content: in the activity log (issue 29 point 10).
    await c.var.services.activity.record(
      { user: c.var.user },
      {
        kind: 'domain',
        action: 'move-host',
        domainId: swapped.newDomain._id,
        subjectId: swapped.newDomain._id,
        subject: `${host} → ${swapped.newDomain.name}`,
      },
    )
    return c.json(swapped, 200)
  })
