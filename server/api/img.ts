import { Hono } from 'hono'
import { z } from 'zod'
import type { Logger } from '../log.ts'
import type { Services } from '../services/index.ts'
import type { TransformParams } from '../services/images.ts'
import { errorJson, toErrorResponse, zodDetails } from './errors.ts'

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
 * Uploads (POST /img/upload) arrive with editor sign-in, not before.
 */
export function createImgRouter(services: Services, log: Logger) {
  const router = new Hono()

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
