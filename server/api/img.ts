import { z as zo } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { Logger } from '../log.ts'
import { AppError } from '../services/errors.ts'
import type { Services } from '../services/index.ts'
import { ProviderPhotoError, UNSUPPORTED_REASON, type ImageAccess, type TransformParams } from '../services/images.ts'
import { editorRoute, requireEditor } from './access.ts'
import { createRouter, type ApiEnv } from './context.ts'
import { errorJson, findUnstorableText, toErrorResponse, unstorableMessage, zodDetails } from './errors.ts'
import { errorResponses, errorSchema, idParam, json } from './schemas.ts'
import { resolveSession, sameOriginWrites, sessionTokenFrom } from './session.ts'

/** Uploads larger than this are refused before they are read (the image service checks again). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024

/** 'auto' and empty values mean "not given" (the client leaves auto sizes out, but be lenient). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === 'auto' ? undefined : v), z.coerce.number().pipe(schema).optional())

const flag = z
  .enum(['', '1', 'true', '0', 'false'], { message: 't is 1, true, 0 or false' })
  .transform((v) => v === '' || v === '1' || v === 'true')
  .optional()

/** The query of /img/{imageId} (BEHAVIOUR-NOTES "Images"); unknown parameters are ignored. */
export const imageQuerySchema = z.object({
  w: optionalNumber(z.number().positive().max(100_000)),
  h: optionalNumber(z.number().positive().max(100_000)),
  cx: optionalNumber(z.number().min(-100_000).max(1_000_000)),
  cy: optionalNumber(z.number().min(-100_000).max(1_000_000)),
  cw: optionalNumber(z.number().positive().max(1_000_000)),
  ch: optionalNumber(z.number().positive().max(1_000_000)),
  s: optionalNumber(z.number().min(1).max(3)),
  f: z.enum(['jpg', 'webp', 'png', 'avif', 'orig']).optional(),
  t: flag,
  b: optionalNumber(z.number().min(0.3).max(100)),
  q: optionalNumber(z.number().int().min(1).max(100)),
  fx: optionalNumber(z.number().min(0).max(1)),
  fy: optionalNumber(z.number().min(0).max(1)),
}) satisfies z.ZodType<TransformParams>

const isUnsupported = (err: unknown): err is AppError =>
  err instanceof AppError && (err.details as { reason?: unknown } | undefined)?.reason === UNSUPPORTED_REASON

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Images by id with on-the-fly transforms. Variants are rendered once and kept on disk, so the
 * answers can be cached for ever: an image's bytes never change under its id. Visitors get sizes
 * on the width ladder and only the variants the published site uses (services/images.ts ImageAccess).
 * Uploads (POST /img/upload, multipart field `file`) are for signed-in editors only.
 */
export function createImgRouter(services: Services, log: Logger) {
  const router = new Hono<ApiEnv>()

  router.post(
    '/upload',
    async (c, next) => {
      c.set('services', services)
      await next()
    },
    sameOriginWrites,
    resolveSession,
    requireEditor,
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: (c) => errorJson(c, 413, 'The file is larger than 20 MB') }),
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      if (!type.startsWith('multipart/form-data')) return errorJson(c, 400, 'Send the image as multipart/form-data in the field "file"')
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.file
      if (!(file instanceof File)) return errorJson(c, 400, 'Send the image in the field "file"')
      const alt = typeof form?.alt === 'string' ? form.alt.slice(0, 300) : ''
      const unstorable = findUnstorableText({ alt, filename: file.name }, 'form')
      if (unstorable) return errorJson(c, 400, unstorableMessage(unstorable), { path: unstorable.path })
      // The type comes from the bytes (sharp reads the header), never from the name or the declared type.
      try {
        const saved = await services.images.save({ bytes: Buffer.from(await file.arrayBuffer()), filename: file.name || 'upload', alt })
        // In the activity log (issue 29 point 10): who put which picture in the media library.
        await services.activity.record(
          { user: c.var.user },
          { kind: 'image', action: 'upload', subjectId: saved._id, subject: saved.filename },
        )
        return c.json(saved, 200)
      } catch (err) {
        if (isUnsupported(err)) return errorJson(c, 415, err.message, undefined, 'unsupported_media_type')
        throw err
      }
    },
  )

  /**
   * A listing's provider photo (lib/image-url listingPhotoUrl): resolved from the stored listing by
   * its key, fetched from the provider once, then transformed and cached like an upload. The key
   * changes with the provider's address, so the answer is immutable too.
   */
  router.get('/listing/:listingId/:key', async (c) => {
    const parsed = imageQuerySchema.safeParse(c.req.query())
    if (!parsed.success) return errorJson(c, 400, 'Invalid image parameters', zodDetails(parsed.error))
    const { listingId, key } = c.req.param()
    const token = sessionTokenFrom(c.req.raw.headers)
    const access: ImageAccess = token && (await services.auth.resolve(token)) ? 'editor' : 'visitor'
    let image
    try {
      image = await services.images.renderListingPhoto(listingId, key, parsed.data, c.req.header('accept'), access)
    } catch (err) {
      if (!(err instanceof ProviderPhotoError)) throw err
      log.warn({ listingId, key, status: err.status, reason: err.message }, 'listing photo unavailable')
      // Not cached by anyone: the provider may answer next time.
      c.header('Cache-Control', 'no-store')
      return errorJson(c, err.status, err.message, undefined, err.status === 504 ? 'provider_timeout' : 'provider_unavailable')
    }
    if (!image) return errorJson(c, 404, `Listing ${listingId} has no photo ${key}`)
    c.header('Cache-Control', IMMUTABLE)
    c.header('Vary', 'Accept')
    c.header('ETag', image.etag)
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === image.etag)) return c.body(null, 304)
    c.header('Content-Type', image.contentType)
    c.header('Content-Length', String(image.bytes.length))
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200)
  })

  router.get('/:id', async (c) => {
    const parsed = imageQuerySchema.safeParse(c.req.query())
    if (!parsed.success) return errorJson(c, 400, 'Invalid image parameters', zodDetails(parsed.error))
    const id = c.req.param('id')
    const accept = c.req.header('accept')
    const notFound = () => errorJson(c, 404, `No image with id ${id}`)

    // Editors (a valid session) get exactly what they ask for; visitors the variants the site uses.
    // Requests without a session token need no look-up.
    const token = sessionTokenFrom(c.req.raw.headers)
    const access: ImageAccess = token && (await services.auth.resolve(token)) ? 'editor' : 'visitor'

    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch) {
      const etag = await services.images.etagOf(id, parsed.data, accept, access)
      if (!etag) return notFound()
      if (ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        c.header('ETag', etag)
        c.header('Cache-Control', IMMUTABLE)
        c.header('Vary', 'Accept')
        return c.body(null, 304)
      }
    }

    const image = await services.images.render(id, parsed.data, accept, access)
    if (!image) return notFound()
    c.header('Content-Type', image.contentType)
    c.header('Content-Length', String(image.bytes.length))
    c.header('Cache-Control', IMMUTABLE)
    c.header('Vary', 'Accept')
    c.header('ETag', image.etag)
    // Buffers from fs and sharp sit on plain ArrayBuffers (never shared memory).
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200)
  })

  router.onError((err, c) => toErrorResponse(err, c, (e) => log.error({ err: e, path: c.req.path }, 'image request failed')))
  return router
}

const imageRecordSchema = zo
  .object({
    _id: zo.string(),
    filename: zo.string().openapi({ description: 'The original file name' }),
    contentType: zo.string(),
    width: zo.number().int(),
    height: zo.number().int(),
    bytes: zo.number().int(),
    alt: zo.string().openapi({ description: 'Alt text given at upload (a suggestion for each use)' }),
    createdAt: zo.string(),
  })
  .openapi('Image')

const listImages = editorRoute({
  method: 'get',
  path: '/list',
  summary: 'The media library: uploaded images newest first, a page at a time, optionally filtered by file name or alt text',
  request: {
    query: zo.object({
      q: zo.string().max(200).optional(),
      page: zo.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: zo.coerce.number().int().min(1).max(100).default(24),
    }),
  },
  responses: {
    200: json(
      zo.object({
        items: zo.array(imageRecordSchema),
        total: zo.number().int(),
        page: zo.number().int(),
        pageSize: zo.number().int(),
        pages: zo.number().int(),
      }),
      'One page of images',
    ),
    401: json(errorSchema, 'Not signed in'),
    ...errorResponses,
  },
})

const imageInfo = editorRoute({
  method: 'get',
  path: '/info',
  summary: 'One image of the library with where it is used',
  request: { query: zo.object({ imageId: idParam }) },
  responses: {
    200: json(imageRecordSchema.extend({ usage: zo.object({ pages: zo.number().int(), siteDocuments: zo.number().int() }) }), 'The image'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'No such image'),
    ...errorResponses,
  },
})

const deleteImage = editorRoute({
  method: 'post',
  path: '/delete',
  summary: 'Delete an image that no page (draft or published) and no site document uses',
  request: { body: { content: { 'application/json': { schema: zo.object({ imageId: idParam }) } }, required: true } },
  responses: {
    200: json(zo.object({ deleted: zo.literal(true) }), 'Deleted with its cached variants'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'No such image'),
    409: json(errorSchema, 'Still in use (details: how many pages and site documents)'),
    ...errorResponses,
  },
})

/** The media library API (mounted at /{API_PREFIX}/image): editors only. */
export const imageRouter = createRouter()
  .openapi(listImages, async (c) => {
    const { q, page, pageSize } = c.req.valid('query')
    return c.json(await c.var.services.images.list({ q, page, pageSize }), 200)
  })
  .openapi(imageInfo, async (c) => {
    const { imageId } = c.req.valid('query')
    const { images } = c.var.services
    const record = await images.get(imageId)
    if (!record) return c.json({ error: { code: 'not_found', message: `No image with id ${imageId}` } }, 404)
    return c.json({ ...record, usage: await images.usage(imageId) }, 200)
  })
  .openapi(deleteImage, async (c) => {
    const { imageId } = c.req.valid('json')
    const record = await c.var.services.images.get(imageId)
    if (!record || !(await c.var.services.images.removeUnused(imageId))) {
      return c.json({ error: { code: 'not_found', message: `No image with id ${imageId}` } }, 404)
    }
    await c.var.services.activity.record(
      { user: c.var.user },
      { kind: 'image', action: 'delete', subjectId: imageId, subject: record.filename },
    )
    return c.json({ deleted: true as const }, 200)
  })
