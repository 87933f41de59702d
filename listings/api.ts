import { createRoute, z } from '@hono/zod-openapi'
import {
  fetchRelatedSchema,
  fetchRequestSchema,
  listingCategoryInputSchema,
  listingCardSchema,
  listingCategorySchema,
  listingSchema,
  tagsSchema,
} from '#lib/listings'
import { listingTexts, texts } from '#lib/texts'
import { notFound } from '../server/services/errors.ts'
import { capabilityRoute, editorRoute } from '../server/api/access.ts'
import { clientIp } from '../server/api/client.ts'
import { createRouter, domainIdOf, visitorCacheable } from '../server/api/context.ts'
import { domainIdParam, errorResponses, errorSchema, idParam, json, versionNumber } from '../server/api/schemas.ts'

/** The listing calls of spec 02 §7: the public grid and listing pages, and the editors' calls. */

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such listing or category'),
  409: json(errorSchema, 'Refused by a rule'),
  ...errorResponses,
}

const cardSchema = z.object(listingCardSchema.shape).openapi('ListingCard')
/**
 * A listing category as stored (lib/listings.ts listingCategorySchema). Made anew from its shape: a
 * schema lib/ built before @hono/zod-openapi extended zod has no .openapi (it depends on import order).
 */
const categoryDoc = z.object(listingCategorySchema.shape).openapi('ListingCategory')
/** A listing as stored (lib/listings.ts listingSchema): the working copy for editors, the published one for visitors. */
const listingDoc = z.object(listingSchema.shape).openapi('Listing')

const fetchRoute = createRoute({
  method: 'post',
  path: '/fetch',
  summary: 'The public listing grid: one page of published listings matching the filters',
  description:
    'Category filter groups are AND-ed (words in a group OR-ed) against taggedCategories; excludedTags exclude; checkedCategories OR; filters.from/to (DD/MM/YYYY or YYYY-MM-DD) keep events overlapping the range; location; search over name and description; hideTours hides TOUR products but keeps their services. Page size 15 by default, currentPage from 1.',
  // Strict: a misspelt filter would otherwise silently widen the result.
  request: body(fetchRequestSchema.extend({ domainId: domainIdParam }).strict()),
  responses: {
    200: json(
      z.object({
        listings: z.array(cardSchema),
        totalListings: z.number().int(),
        listingCategories: z.array(z.object({ key: z.string(), name: z.string() })),
        hasDates: z.boolean(),
        locations: z.array(z.string()),
      }),
      'A page of listing cards and the filter facets',
    ),
    ...errorResponses,
  },
})

const mapPoints = createRoute({
  method: 'post',
  path: '/mapPoints',
  summary: "The grid's map view: every published listing the same filters match, as compact points",
  description:
    "Takes listing/fetch's filters (without limit and currentPage) and answers the same set the grid pages through: total is the grid's totalListings, points holds [id, slug, name, latitude, longitude] for those with a position, unlocated counts the rest. At most 5,000 points (truncated says when the total is larger). tiles is the site's map tile setting (MAP_TILE_URL), null for the built-in offline background.",
  request: body(fetchRequestSchema.omit({ limit: true, currentPage: true }).extend({ domainId: domainIdParam }).strict()),
  responses: {
    200: json(
      z.object({
        total: z.number().int(),
        points: z.array(z.tuple([z.string(), z.string(), z.string(), z.number(), z.number()])),
        unlocated: z.number().int(),
        truncated: z.boolean(),
        tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
      }),
      'The map points',
    ),
    429: json(errorSchema, 'Too many map requests from this address (RATE_LIMIT_SEARCH a minute); Retry-After says when to try again'),
    ...errorResponses,
  },
})

const fetchRelated = createRoute({
  method: 'post',
  path: '/fetchRelated',
  summary: "'You might also like': listings sharing a category, not the listing itself nor its services",
  request: body(fetchRelatedSchema.extend({ domainId: domainIdParam }).strict()),
  responses: { 200: json(z.object({ listings: z.array(cardSchema) }), 'Up to limit (6) listing cards'), ...errorResponses },
})

const findById = createRoute({
  method: 'get',
  path: '/findById',
  summary: 'One listing: the published copy for visitors, the working copy for editors',
  request: { query: z.object({ id: idParam, domainId: domainIdParam }) },
  responses: { 200: json(listingDoc, 'The listing'), 404: json(errorSchema, 'No such listing'), ...errorResponses },
})

const productServices = createRoute({
  method: 'get',
  path: '/productServices',
  summary: "A product's services (child listings)",
  request: { query: z.object({ id: idParam, domainId: domainIdParam }) },
  responses: {
    200: json(z.array(z.object({ _id: z.string(), slug: z.string(), name: z.string(), image: z.unknown() })), 'Services'),
    ...errorResponses,
  },
})

const loadTags = createRoute({
  method: 'get',
  path: '/loadTags',
  summary: 'Friendly tag names (tag key to name): published for visitors, the draft for editors',
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(tagsSchema, 'Tag names'), ...errorResponses },
})

const saveTags = editorRoute({
  method: 'post',
  path: '/saveTags',
  summary: 'Save the friendly tag names (draft)',
  request: body(z.object({ tags: tagsSchema, domainId: domainIdParam })),
  responses: { 200: json(z.object({ tags: tagsSchema, message: z.string() }), 'Saved'), ...editorErrors },
})

const publishTags = capabilityRoute('publish', {
  method: 'post',
  path: '/publishTags',
  summary: 'Save and publish the friendly tag names (visitors see them)',
  request: body(z.object({ tags: tagsSchema, domainId: domainIdParam })),
  responses: { 200: json(z.object({ tags: tagsSchema, message: z.string() }), 'Published'), ...editorErrors },
})

const categoryBody = body(z.object({ category: listingCategoryInputSchema, domainId: domainIdParam }))

const saveCategory = editorRoute({
  method: 'post',
  path: '/saveCategory',
  summary: "Save a listing category (a new one without _id is named 'New Category {n}' when unnamed)",
  request: categoryBody,
  responses: { 200: json(z.object({ category: categoryDoc, message: z.string() }), 'Saved'), ...editorErrors },
})

const publishCategory = capabilityRoute('publish', {
  method: 'post',
  path: '/publishCategory',
  summary: 'Save and publish a listing category',
  request: categoryBody,
  responses: { 200: json(z.object({ category: categoryDoc, message: z.string() }), 'Published'), ...editorErrors },
})

const unpublishCategory = capabilityRoute('publish', {
  method: 'post',
  path: '/unpublishCategory',
  summary: "Unpublish a category; refused with 'Category isn't published' when it is not",
  request: body(z.object({ _id: idParam, domainId: domainIdParam })),
  responses: { 200: json(z.object({ category: categoryDoc, message: z.string() }), 'Unpublished'), ...editorErrors },
})

const deleteCategory = capabilityRoute('publish', {
  method: 'post',
  path: '/deleteCategory',
  summary: "Delete an unpublished category; a published one is refused with 'Category has to be unpublished first'",
  request: body(z.object({ _id: idParam, domainId: domainIdParam })),
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted'), ...editorErrors },
})

const loadCategories = editorRoute({
  method: 'get',
  path: '/loadCategories',
  summary: "The domain's listing categories (whole categories; the 'None' entry is the client's)",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(z.array(categoryDoc), 'Categories'), ...editorErrors },
})

const fetchCategories = editorRoute({
  method: 'get',
  path: '/fetchCategories',
  summary: "Every tag the domain's listings carry (provider categories, classifications, custom categories)",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: { 200: json(z.array(z.string()), 'Tag keys'), ...editorErrors },
})

const getWarningInfo = editorRoute({
  method: 'get',
  path: '/getWarningInfo',
  summary: 'Pages whose Listings blocks use the category (shown before a delete)',
  request: { query: z.object({ _id: idParam, domainId: domainIdParam }) },
  responses: {
    200: json(z.array(z.object({ _id: z.string(), slug: z.string(), title: z.string(), collection: z.string() })), 'Pages'),
    ...editorErrors,
  },
})

const save = editorRoute({
  method: 'post',
  path: '/save',
  summary: 'Save a listing (without raw provider data); creates a custom listing and its page when new',
  description:
    'Custom categories are upper-cased. A field sent linked (provider "atdw") that was unlinked takes the current provider value. activeStatus can change only while it is unlinked and the listing page is unpublished (else 409). An existing listing must send the version it was loaded at (400 without it, 409 when someone saved since) unless force is true.',
  request: body(
    z.object({
      listing: z.object({ _id: idParam, version: versionNumber.optional() }).catchall(z.unknown()),
      domainId: domainIdParam,
      force: z.boolean().default(false),
    }),
  ),
  responses: { 200: json(z.object({ listing: listingDoc, message: z.string() }), 'Saved'), ...editorErrors },
})

const publishListing = capabilityRoute('publish', {
  method: 'post',
  path: '/publishListing',
  summary: 'Publish a listing record and its page (deprecated helper: publishing the listing page does the same)',
  request: body(z.object({ listing: z.object({ _id: idParam }).catchall(z.unknown()), domainId: domainIdParam })),
  responses: { 200: json(z.object({ listing: listingDoc, message: z.string() }), 'Published'), ...editorErrors },
})

const syncListing = editorRoute({
  method: 'post',
  path: '/syncListing',
  summary: 'Sync one listing (a product with its services) from the tourism provider now',
  request: body(z.object({ listingId: idParam, domainId: domainIdParam })),
  responses: {
    200: json(z.object({ listing: listingDoc, message: z.string() }), 'Synced'),
    503: json(errorSchema, 'The provider is not configured or not reachable'),
    ...editorErrors,
  },
})

const updateWithBookEasy = editorRoute({
  method: 'get',
  path: '/updateWithBookEasy',
  summary: "'Sync with BookEasy': attach the booking provider's operator information to one listing",
  description:
    "The operator id is the listing's provider external system BOOKEASY, or its bookEasyCode. 409 when the listing has none, 404 when the provider does not know it, 503 when the provider is not configured or not reachable.",
  request: { query: z.object({ _id: idParam, domainId: domainIdParam }) },
  responses: {
    200: json(z.object({ listing: listingDoc, message: z.string() }), 'Updated'),
    503: json(errorSchema, 'The booking provider is not configured or not reachable'),
    ...editorErrors,
  },
})

const bookEasyEntry = z.object({
  bookEasyCode: z.string(),
  slug: z.string(),
  url: z.string(),
  bookEasyImage: z.object({ thumbnail: z.string(), full: z.string() }).nullable(),
})
const loadBookEasyListings = createRoute({
  method: 'get',
  path: '/loadBookEasyListings',
  summary: 'Booking listing entries by operator code (the booking widgets link results to listing pages)',
  description:
    "Answers the published listings with a booking operator id, by code: their page address and picture (thumbnail 500x500). For a signed-in editor the operators' information is fetched from the booking provider first (the server does the same at start); a provider failure is never an error status: it is swallowed into `error` and the stored entries are answered.",
  request: { query: z.object({ domainId: domainIdParam }) },
  responses: {
    200: json(
      z.object({
        listings: z.record(z.string(), bookEasyEntry),
        error: z.string().optional(),
        refreshed: z
          .object({ operators: z.number(), updated: z.number(), unknown: z.array(z.string()), error: z.string().optional() })
          .optional(),
      }),
      'Entries by booking code',
    ),
    ...errorResponses,
  },
})

export const listingRouter = createRouter()
  .openapi(fetchRoute, async (c) => {
    const { domainId, ...query } = c.req.valid('json')
    return c.json(await c.var.services.listings.fetch(domainIdOf(c, domainId), query), 200)
  })
  .openapi(mapPoints, async (c) => {
    const { domainId, ...query } = c.req.valid('json')
    // Visitors' map requests are limited like their searches (RATE_LIMIT_SEARCH a minute per address).
    if (!c.var.user) await c.var.services.rateLimits.mapPointsFrom(clientIp(c, c.var.services.config.auth.trustProxy))
    const answer = await c.var.services.listingMap.points(domainIdOf(c, domainId), query)
    const map = c.var.services.config.map
    return c.json({ ...answer, tiles: map ? { url: map.tileUrl, attribution: map.attribution } : null }, 200)
  })
  .openapi(fetchRelated, async (c) => {
    const { domainId, ...input } = c.req.valid('json')
    return c.json(await c.var.services.listings.fetchRelated(domainIdOf(c, domainId), input), 200)
  })
  .openapi(findById, async (c) => {
    const { id, domainId } = c.req.valid('query')
    const listing = await c.var.services.listings.findById(domainIdOf(c, domainId), id, { editor: Boolean(c.var.user) })
    if (!listing) throw notFound('Listing not found')
    visitorCacheable(c, domainIdOf(c, domainId), ['listings'])
    return c.json(listing, 200)
  })
  .openapi(productServices, async (c) => {
    const { id, domainId } = c.req.valid('query')
    const services = await c.var.services.listings.productServices(domainIdOf(c, domainId), id, { editor: Boolean(c.var.user) })
    visitorCacheable(c, domainIdOf(c, domainId), ['listings'])
    return c.json(services, 200)
  })
  .openapi(loadTags, async (c) => {
    const { domainId } = c.req.valid('query')
    const tags = await c.var.services.listings.loadTags(domainIdOf(c, domainId), c.var.user ? 'draft' : 'published')
    visitorCacheable(c, domainIdOf(c, domainId), ['listings'])
    return c.json(tags, 200)
  })
  .openapi(saveTags, async (c) => {
    const { tags, domainId } = c.req.valid('json')
    return c.json(
      {
        tags: await c.var.services.listings.saveTags(domainIdOf(c, domainId), tags, { user: c.var.user }),
        message: listingTexts.toasts.tagsSaved,
      },
      200,
    )
  })
  .openapi(publishTags, async (c) => {
    const { tags, domainId } = c.req.valid('json')
    return c.json(
      {
        tags: await c.var.services.listings.publishTags(domainIdOf(c, domainId), tags, { user: c.var.user }),
        message: listingTexts.toasts.tagsPublished,
      },
      200,
    )
  })
  .openapi(saveCategory, async (c) => {
    const { category, domainId } = c.req.valid('json')
    return c.json(
      {
        category: await c.var.services.listings.saveCategory(domainIdOf(c, domainId), category, { actor: { user: c.var.user } }),
        message: listingTexts.toasts.categorySaved,
      },
      200,
    )
  })
  .openapi(publishCategory, async (c) => {
    const { category, domainId } = c.req.valid('json')
    return c.json(
      {
        category: await c.var.services.listings.publishCategory(domainIdOf(c, domainId), category, { user: c.var.user }),
        message: listingTexts.toasts.categoryPublished,
      },
      200,
    )
  })
  .openapi(unpublishCategory, async (c) => {
    const { _id, domainId } = c.req.valid('json')
    return c.json(
      {
        category: await c.var.services.listings.unpublishCategory(domainIdOf(c, domainId), _id, { user: c.var.user }),
        message: listingTexts.toasts.categoryUnpublished,
      },
      200,
    )
  })
  .openapi(deleteCategory, async (c) => {
    const { _id, domainId } = c.req.valid('json')
    return c.json(await c.var.services.listings.deleteCategory(domainIdOf(c, domainId), _id, { user: c.var.user }), 200)
  })
  .openapi(loadCategories, async (c) => {
    const { domainId } = c.req.valid('query')
    return c.json(await c.var.services.listings.loadCategories(domainIdOf(c, domainId)), 200)
  })
  .openapi(fetchCategories, async (c) => {
    const { domainId } = c.req.valid('query')
    return c.json(await c.var.services.listings.fetchCategories(domainIdOf(c, domainId)), 200)
  })
  .openapi(getWarningInfo, async (c) => {
    const { _id, domainId } = c.req.valid('query')
    return c.json(await c.var.services.listings.getWarningInfo(domainIdOf(c, domainId), _id), 200)
  })
  .openapi(save, async (c) => {
    const { listing, domainId, force } = c.req.valid('json')
    return c.json(
      {
        listing: await c.var.services.listings.save(domainIdOf(c, domainId), listing, { user: c.var.user, force }),
        message: listingTexts.toasts.listingSaved,
      },
      200,
    )
  })
  .openapi(publishListing, async (c) => {
    const { listing, domainId } = c.req.valid('json')
    return c.json(
      {
        listing: await c.var.services.listings.publishListing(domainIdOf(c, domainId), listing._id, { user: c.var.user }),
        message: texts.toasts.success,
      },
      200,
    )
  })
  .openapi(updateWithBookEasy, async (c) => {
    const { _id, domainId } = c.req.valid('query')
    const listing = await c.var.services.bookEasySync.updateWithBookEasy(domainIdOf(c, domainId), _id)
    return c.json({ listing, message: listingTexts.toasts.listingBookEasy }, 200)
  })
  .openapi(loadBookEasyListings, async (c) => {
    const { domainId } = c.req.valid('query')
    const entries = await c.var.services.bookEasySync.loadBookEasyListings(domainIdOf(c, domainId), { refresh: Boolean(c.var.user) })
    visitorCacheable(c, domainIdOf(c, domainId), ['listings'])
    return c.json(entries, 200)
  })
  .openapi(syncListing, async (c) => {
    const { listingId, domainId } = c.req.valid('json')
    const listing = await c.var.services.listingsSync.syncListing(domainIdOf(c, domainId), listingId)
    // An editor replaced the listing with the provider's copy: in the activity log (issue 29 point 10).
    await c.var.services.activity.record(
      { user: c.var.user },
      { kind: 'listing', action: 'sync', domainId: listing.domainId || null, subjectId: listing._id, subject: listing.name.value },
    )
    return c.json({ listing, message: listingTexts.toasts.listingSynced }, 200)
  })
