import { createRoute, z } from '@hono/zod-openapi'
import { collectionSchema, type PageDoc } from '#lib/content'
import { isTemplateKey, newPage, templateKeys } from '#lib/templates'
import { invalidInput, notFound } from '../services/errors.ts'
import { ALT_MISSING_MESSAGE, imagesMissingAlt } from '../services/images.ts'
import { editorRoute } from './access.ts'
import { refuseBlockedPublish } from '../publish/api.ts'
import { createRouter, domainIdOf } from './context.ts'
import {
  domainIdParam,
  errorResponses,
  errorSchema,
  fieldChangeSchema,
  idParam,
  json,
  pageSchema,
  serialNumber,
  serialQuery,
} from './schemas.ts'

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const conflictResponse = { 409: json(errorSchema, 'Saved by someone else since it was loaded, or the slug is taken') }
const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'Not allowed for this page'),
  404: json(errorSchema, 'No such page'),
  ...errorResponses,
}

/** A page as the editor sends it: any document with at least a slug; the server validates blocks. */
const pageInput = z
  .object({
    _id: z.string().max(200).optional(),
    slug: z.string().max(500),
    template: z.string().max(60).default('generic'),
    pageType: z.string().max(60).optional(),
    version: serialNumber.optional(),
    domainId: z.string().max(100).optional(),
    header: z.object({}).catchall(z.unknown()).optional(),
    contents: z.array(z.unknown()).max(500).optional(),
  })
  .catchall(z.unknown())
  .openapi('PageInput')

/** What a save merged in from colleagues' saves since the version it was based on (services/pages/merge.ts MergeReport). */
const mergeReportSchema = z
  .object({
    baseVersion: z.number().int(),
    by: z.array(z.string()),
    changes: z.array(fieldChangeSchema),
  })
  .openapi('MergeReport')
/** A saved or published page, with `merge` when the save was merged with saves made since it was loaded. */
const savedPageSchema = pageSchema.extend({ merge: mergeReportSchema.optional() })

const pageSummarySchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    template: z.string(),
    published: z.boolean(),
    title: z.string(),
    lastPublished: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi('PageSummary')

const pageVersionSchema = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    action: z.string(),
    slug: z.string(),
    username: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('PageVersion')

const loadPage = createRoute({
  method: 'get',
  path: '/load',
  summary: 'Load a page by slug within a domain',
  description: 'Visitors receive the published copy only; signed-in editors receive the draft.',
  request: {
    query: z.object({ slug: z.string().max(500).default(''), collection: collectionSchema.default('pages'), domainId: domainIdParam }),
  },
  responses: { 200: json(pageSchema, 'The page'), 404: json(errorSchema, 'No such page'), ...errorResponses },
})

/** The editor's choice per conflicting field (the ids a 409 named): its own value or the one saved since. */
const resolutions = z
  .record(z.string().max(2000), z.enum(['mine', 'theirs']))
  .optional()
  .openapi({ description: "After a 409 naming conflicts: each conflict's id with the side to keep" })

const savePage = editorRoute({
  method: 'post',
  path: '/save',
  summary: 'Save the draft of a page (creates it when it has no _id)',
  description:
    'An existing page must send the version you loaded (400 without it). If someone saved since, the two are merged field by field against that version, and the answer carries `merge` (who saved since, and the fields taken from them); when both changed the same field the answer is 409 naming who, when and each such field with both values (details.conflicts), and the save is sent again with `resolutions`. Send force: true to overwrite knowingly. A new page may give only template and header.title: the template fills in its defaults. Role fields (viewerRoles, editorRoles, publisherRoles) are ignored: the stored ones are kept; roles/applyToPage changes them.',
  request: body(
    z.object({ page: pageInput, collection: collectionSchema.default('pages'), force: z.boolean().default(false), resolutions }),
  ),
  responses: { 200: json(savedPageSchema, 'The saved draft'), ...conflictResponse, ...editorErrors },
})

const deletePage = editorRoute({
  method: 'post',
  path: '/delete',
  summary: 'Delete a draft; a published page must be unpublished first',
  request: body(z.object({ _id: idParam, collection: collectionSchema.default('pages'), domainId: domainIdParam })),
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted'), ...conflictResponse, ...editorErrors },
})

const checkSlug = editorRoute({
  method: 'get',
  path: '/checkSlug',
  summary: 'The _id of the page already holding a slug in the domain, or null when it is free',
  request: {
    query: z.object({
      slug: z.string().max(500),
      id: z.string().max(200).optional(),
      _id: z.string().max(200).optional().openapi({ description: 'Older clients send _id instead of id' }),
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
    }),
  },
  responses: { 200: json(z.string().nullable(), 'The holding page id, or null'), ...editorErrors },
})

const publishPage = editorRoute({
  method: 'post',
  path: '/publishPage',
  summary: 'Save the draft, then publish it (visitors see it; it is indexed for search)',
  description:
    "Publishes the page's structure and its default language's texts; its further languages' published texts stay as they are (translation/publish publishes one). With allLanguages: true every further language's draft is published too.",
  request: body(
    z.object({
      page: pageInput,
      collection: collectionSchema.default('pages'),
      force: z.boolean().default(false),
      resolutions,
      allLanguages: z.boolean().default(false).openapi({ description: "Also publish every further language's draft texts" }),
    }),
  ),
  responses: {
    200: json(
      savedPageSchema.extend({
        publishedLanguages: z
          .array(z.string())
          .optional()
          .openapi({ description: 'With allLanguages: the further languages whose drafts were published' }),
      }),
      'The published page (lastPublished, published)',
    ),
    ...conflictResponse,
    ...editorErrors,
  },
})

const unpublishPage = editorRoute({
  method: 'post',
  path: '/unpublishPage',
  summary: 'Remove the public copy and its search entry; the draft stays',
  request: body(z.object({ _id: idParam, collection: collectionSchema.default('pages'), domainId: domainIdParam })),
  responses: { 200: json(pageSchema, 'The page, now unpublished'), ...editorErrors },
})

const listPages = editorRoute({
  method: 'get',
  path: '/list',
  summary: "The domain's pages of a collection (for the editor)",
  request: { query: z.object({ collection: collectionSchema.default('pages'), domainId: domainIdParam }) },
  responses: { 200: json(z.array(pageSummarySchema), 'Page summaries'), ...editorErrors },
})

const listVersions = editorRoute({
  method: 'get',
  path: '/versions',
  summary: 'Saved and published versions of a page, newest first, with who and when',
  request: { query: z.object({ id: idParam, collection: collectionSchema.default('pages'), domainId: domainIdParam }) },
  responses: { 200: json(z.array(pageVersionSchema), 'Versions'), ...editorErrors },
})

const getVersion = editorRoute({
  method: 'get',
  path: '/version',
  summary: "One saved or published version's document, to preview it (restoreVersion makes it the draft)",
  request: {
    query: z.object({
      id: idParam,
      versionId: serialQuery,
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
    }),
  },
  responses: { 200: json(z.object({}).catchall(z.unknown()), 'The version as it was stored'), ...editorErrors },
})

const restoreVersion = editorRoute({
  method: 'post',
  path: '/restoreVersion',
  summary: 'Make an older version the draft again (publish to make it public)',
  request: body(
    z.object({
      id: idParam,
      versionId: serialNumber,
      collection: collectionSchema.default('pages'),
      domainId: domainIdParam,
    }),
  ),
  responses: { 200: json(pageSchema, 'The restored draft'), ...editorErrors },
})

const templates = editorRoute({
  method: 'get',
  path: '/templates',
  summary: 'The page templates a new page can start from',
  responses: { 200: json(z.array(z.string()), 'Template keys'), ...editorErrors },
})

/** A new page from a template gets the template's header shape and defaults under what was sent. */
function withTemplateDefaults(page: z.infer<typeof pageInput>) {
  if (page._id || !isTemplateKey(page.template)) return page
  const defaults = newPage(page.template, String(page.header?.title ?? ''))
  return { ...defaults, ...page, header: { ...defaults.header, ...(page.header ?? {}) } }
}

export const pageRouter = createRouter()
  .openapi(loadPage, async (c) => {
    const { slug, collection, domainId } = c.req.valid('query')
    const { pages } = c.var.services
    const scope = domainIdOf(c, domainId)
    // Editors get the draft of a page they may edit; everyone else the published copy their roles allow.
    const page: PageDoc | null = await pages.loadFor(scope, collection, slug, { user: c.var.user })
    if (!page) throw notFound('Page not found')
    return c.json(page, 200)
  })
  .openapi(savePage, async (c) => {
    const { page, collection, force, resolutions } = c.req.valid('json')
    const saved = await c.var.services.pages.save(domainIdOf(c, page.domainId), collection, withTemplateDefaults(page), {
      user: c.var.user,
      force,
      resolutions,
    })
    return c.json(saved, 200)
  })
  .openapi(deletePage, async (c) => {
    const { _id, collection, domainId } = c.req.valid('json')
    await c.var.services.pages.remove(domainIdOf(c, domainId), collection, _id, { user: c.var.user })
    return c.json({ deleted: true as const }, 200)
  })
  .openapi(checkSlug, async (c) => {
    const { slug, id, _id, collection, domainId } = c.req.valid('query')
    return c.json(await c.var.services.pages.checkSlug(domainIdOf(c, domainId), collection, slug, id ?? _id), 200)
  })
  .openapi(publishPage, async (c) => {
    const { page, collection, force, resolutions, allLanguages } = c.req.valid('json')
    const { pages, translations } = c.var.services
    const scope = domainIdOf(c, page.domainId)
    // Every picture needs a text alternative before visitors see it (or is marked decorative).
    const missingAlt = imagesMissingAlt(page)
    if (missingAlt.length) throw invalidInput(ALT_MISSING_MESSAGE(missingAlt.length), missingAlt)
    // The checks an admin made blocking (issue 34): a publish is refused while one finds something.
    await refuseBlockedPublish(c.var.services, scope, page)
    // The editor saves before it publishes: what is published is exactly what was sent. The
    // permission to publish is checked before that save, so a refused publish stores nothing.
    const published = await pages.saveAndPublish(scope, collection, withTemplateDefaults(page), { user: c.var.user, force, resolutions })
    if (!allLanguages) return c.json(published, 200)
    const languages = await translations.publishAll('page', published._id, { user: c.var.user })
    return c.json({ ...published, publishedLanguages: languages }, 200)
  })
  .openapi(unpublishPage, async (c) => {
    const { _id, collection, domainId } = c.req.valid('json')
    return c.json(await c.var.services.pages.unpublish(domainIdOf(c, domainId), collection, _id, { user: c.var.user }), 200)
  })
  .openapi(listPages, async (c) => {
    const { collection, domainId } = c.req.valid('query')
    return c.json(await c.var.services.pages.list(domainIdOf(c, domainId), collection, { user: c.var.user }), 200)
  })
  .openapi(listVersions, async (c) => {
    const { id, collection, domainId } = c.req.valid('query')
    return c.json(await c.var.services.pages.versions(domainIdOf(c, domainId), collection, id, { user: c.var.user }), 200)
  })
  .openapi(getVersion, async (c) => {
    const { id, versionId, collection, domainId } = c.req.valid('query')
    return c.json(await c.var.services.pages.versionDoc(domainIdOf(c, domainId), collection, id, versionId, { user: c.var.user }), 200)
  })
  .openapi(restoreVersion, async (c) => {
    const { id, versionId, collection, domainId } = c.req.valid('json')
    return c.json(await c.var.services.pages.restore(domainIdOf(c, domainId), collection, id, versionId, { user: c.var.user }), 200)
  })
  .openapi(templates, (c) => c.json(templateKeys as string[], 200))
