import { createRoute, z } from '@hono/zod-openapi'
import { collectionSchema } from '#lib/content'
import { LOCALE_CODES } from '#lib/locales'
import { notFound } from '../services/errors.ts'
import { searchKindIds } from '../services/search.ts'
import { editorRoute } from './access.ts'
import { clientIp } from './client.ts'
import { createRouter, domainIdOf } from './context.ts'
import { domainIdParam, errorResponses, errorSchema, json } from './schemas.ts'

const kindSchema = z.enum(searchKindIds).openapi({
  description: "What a result is: 'pages' (the region's pages and story chapters) or a listing's kind from its provider category",
})

const localeParam = z.enum(LOCALE_CODES).optional().openapi({
  description:
    "The visitor's language (lib/locales.ts): listings the provider translated into it are found and titled by their words in it (decision 030); absent: the default",
})

const resultSchema = z.object({
  kind: kindSchema,
  collection: z.string(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  imageId: z.string().nullable(),
  snippet: z.string().openapi({ description: 'Escaped text with matches wrapped in <mark>' }),
})

const query = createRoute({
  method: 'get',
  path: '/query',
  summary: "Ranked full-text search over the domain's published pages and listings",
  request: {
    query: z.object({
      q: z.string().max(200).default(''),
      page: z.coerce.number().int().min(1).max(1000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
      kind: kindSchema.optional().openapi({ description: 'Only results of this kind (the groups still count every kind)' }),
      locale: localeParam,
      domainId: domainIdParam,
    }),
  },
  responses: {
    200: json(
      z.object({
        results: z.array(resultSchema),
        total: z.number().openapi({ description: 'Results of the kind asked for (no kind: all)' }),
        groups: z.array(z.object({ kind: kindSchema, label: z.string(), count: z.number() })),
        kind: kindSchema.nullable(),
        page: z.number(),
        pageSize: z.number(),
        correctedQuery: z.string().nullable(),
      }),
      'Results',
    ),
    429: json(errorSchema, 'Too many searches from this address (RATE_LIMIT_SEARCH a minute); Retry-After says when to try again'),
    ...errorResponses,
  },
})

const suggestionSchema = z.object({
  kind: kindSchema,
  collection: z.string(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
})

const suggest = createRoute({
  method: 'get',
  path: '/suggest',
  summary: 'Suggestions as the visitor types: the best few titles of each kind starting with the words typed',
  request: {
    query: z.object({
      q: z.string().max(200).default(''),
      perKind: z.coerce.number().int().min(1).max(10).default(3),
      locale: localeParam,
      domainId: domainIdParam,
    }),
  },
  responses: {
    200: json(
      z.object({ groups: z.array(z.object({ kind: kindSchema, label: z.string(), suggestions: z.array(suggestionSchema) })) }),
      'Suggestions by kind, pages first',
    ),
    429: json(errorSchema, 'Too many requests from this address (RATE_LIMIT_SEARCH a minute); Retry-After says when to try again'),
    ...errorResponses,
  },
})

const indexItem = editorRoute({
  method: 'post',
  path: '/indexItem',
  summary: '(Re)index a published page; publish already does this',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z
            .object({ _id: z.string().min(1).max(200), domainId: domainIdParam, collection: collectionSchema.default('pages') })
            .catchall(z.unknown()),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(z.object({ indexed: z.literal(true) }), 'Indexed'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'Not published'),
    ...errorResponses,
  },
})

const deleteItem = editorRoute({
  method: 'post',
  path: '/deleteItem',
  summary: 'Remove an item from the search index; unpublish already does this',
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ _id: z.string().min(1).max(200), domainId: domainIdParam }) } },
      required: true,
    },
  },
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Removed'), 401: json(errorSchema, 'Not signed in'), ...errorResponses },
})

export const searchRouter = createRouter()
  .openapi(query, async (c) => {
    const { q, page, pageSize, kind, locale, domainId } = c.req.valid('query')
    const { services } = c.var
    // Visitors' searches are counted per address (shared by every instance); signed-in editors are not limited.
    if (!c.var.user) await services.rateLimits.searchFrom(clientIp(c, services.config.auth.trustProxy))
    // Only what the caller may read: pages with viewer roles are found by those holding one.
    return c.json(
      await c.var.services.search.search(domainIdOf(c, domainId), q, { page, pageSize, kind, locale, actor: { user: c.var.user } }),
      200,
    )
  })
  // Not counted against the search limit: one indexed statement on titles, asked at most a few
  // times a second by the search box, and the page's own search is counted when submitted.
  .openapi(suggest, async (c) => {
    const { q, perKind, locale, domainId } = c.req.valid('query')
    if (!c.var.user) await c.var.services.rateLimits.suggestionsFrom(clientIp(c, c.var.services.config.auth.trustProxy))
    const groups = await c.var.services.search.suggest(domainIdOf(c, domainId), q, { perKind, locale, actor: { user: c.var.user } })
    return c.json({ groups }, 200)
  })
  .openapi(indexItem, async (c) => {
    const item = c.req.valid('json')
    const domainId = domainIdOf(c, item.domainId)
    // Index what is really published, not what the caller says is published.
    const published = await c.var.services.pages.loadPublishedById(domainId, item.collection, item._id)
    if (!published) throw notFound('Only a published page can be indexed')
    await c.var.services.search.indexPage(item.collection, published)
    return c.json({ indexed: true as const }, 200)
  })
  .openapi(deleteItem, async (c) => {
    const { _id, domainId } = c.req.valid('json')
    await c.var.services.search.deleteItem(domainIdOf(c, domainId), _id)
    return c.json({ deleted: true as const }, 200)
  })
