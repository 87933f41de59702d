import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { Logger } from '../log.ts'
import type { Services } from '../services/index.ts'
import type { TransformParams } from '../services/images.ts'
import { requireEditor } from './access.ts'
import type { ApiEnv } from './context.ts'
import { errorJson, toErrorResponse, zodDetails } from './errors.ts'
import { resolveSession, sameOriginWrites } from './session.ts'

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
}) satisfies z.ZodType<TransformParams>

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Images by id with on-the-fly transforms. Variants are rendered once and kept on disk, so the
 * answers can be cached for ever: an image's bytes never change under its id.
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
      const saved = await services.images.save({ bytes: Buffer.from(await file.arrayBuffer()), filename: file.name || 'upload', alt })
      return c.json(saved, 200)
    },
  )

  router.get('/:id', async (c) => {
    const parsed = imageQuerySchema.safeParse(c.req.query())
    if (!parsed.success) return errorJson(c, 400, 'Invalid image parameters', zodDetails(parsed.error))
    const id = c.req.param('id')
    const accept = c.req.header('accept')
    const notFound = () => errorJson(c, 404, `No image with id ${id}`)

    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch) {
      const etag = await services.images.etagOf(id, parsed.data, accept)
      if (!etag) return notFound()
      if (ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        c.header('ETag', etag)
        c.header('Cache-Control', IMMUTABLE)
        c.header('Vary', 'Accept')
        return c.body(null, 304)
      }
    }

    const image = await services.images.render(id, parsed.data, accept)
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
