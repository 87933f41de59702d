import { z as zo } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { Logger } from '../log.ts'
import { AppError, invalidInput } from '../services/errors.ts'
import type { Services } from '../services/index.ts'
import { ProviderPhotoError, UNSUPPORTED_REASON, type ImageAccess, type TransformParams } from '../services/images.ts'
import { editorRoute, requireCapability, requireEditor } from './access.ts'
import { libraryFilters, librarySorts, libraryTypes, type BulkAction } from '../services/media/library.ts'
import { createRouter, type ApiEnv } from './context.ts'
import { errorJson, findUnstorableText, toErrorResponse, unstorableMessage, zodDetails } from './errors.ts'
import { errorResponses, errorSchema, idParam, json } from './schemas.ts'
import { resolveSession, sameOriginWrites, sessionTokenFrom } from './session.ts'

/** The activity log's entry for a change to the library, by the editor who made it. */
const logLibraryChange = (c: { var: ApiEnv['Variables'] }, entry: { action: string; subject: string; subjectId?: string }) =>
  c.var.services.activity.record({ user: c.var.user }, { kind: 'image', ...entry })

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
      // Bulk uploads into the folder open in the library, with its tags (comma-separated).
      const folderId = typeof form?.folderId === 'string' && form.folderId ? form.folderId.slice(0, 100) : null
      const tags = typeof form?.tags === 'string' ? form.tags.split(',') : []
      const unstorable = findUnstorableText({ alt, filename: file.name, folderId, tags }, 'form')
      if (unstorable) return errorJson(c, 400, unstorableMessage(unstorable), { path: unstorable.path })
      // The type comes from the bytes (sharp reads the header), never from the name or the declared type.
      try {
        const saved = await services.images.save({
          bytes: Buffer.from(await file.arrayBuffer()),
          filename: file.name || 'upload',
          alt,
          folderId,
          tags,
        })
        // An exact duplicate answers the file already in the library: nothing new was uploaded.
        if (saved.duplicate) return c.json(saved, 200)
        // In the activity log (issue 29 point 10): who put which picture in the media library.
        await logLibraryChange(c, { action: 'upload', subjectId: saved._id, subject: saved.filename })
        return c.json(saved, 200)
      } catch (err) {
        if (isUnsupported(err)) return errorJson(c, 415, err.message, undefined, 'unsupported_media_type')
        throw err
      }
    },
  )

  /**
   * Replace in place (issue 36 point 5): a new file under the same id and address. Every use shows
   * it at once, so this needs the right to publish (a publisher or an admin), checked here.
   */
  router.post(
    '/replace/:id',
    async (c, next) => {
      c.set('services', services)
      await next()
    },
    sameOriginWrites,
    resolveSession,
    requireEditor,
    requireCapability('publish'),
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: (c) => errorJson(c, 413, 'The file is larger than 20 MB') }),
    async (c) => {
      const id = c.req.param('id')
      const type = c.req.header('content-type') ?? ''
      if (!type.startsWith('multipart/form-data')) return errorJson(c, 400, 'Send the image as multipart/form-data in the field "file"')
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.file
      if (!(file instanceof File)) return errorJson(c, 400, 'Send the image in the field "file"')
      const unstorable = findUnstorableText({ filename: file.name }, 'form')
      if (unstorable) return errorJson(c, 400, unstorableMessage(unstorable), { path: unstorable.path })
      try {
        const replaced = await services.images.replace(id, Buffer.from(await file.arrayBuffer()), {
          userId: c.var.user?._id ?? null,
          username: c.var.user?.username ?? null,
        })
        if (!replaced) return errorJson(c, 404, `No image with id ${id}`)
        await logLibraryChange(c, { action: 'replace', subjectId: id, subject: replaced.image.filename })
        return c.json({ image: replaced.image, flagged: replaced.flagged, changed: replaced.changed.length }, 200)
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
    alt: zo.string().openapi({ description: 'The default alt text (suggested when the picture is placed, overridable on the page)' }),
    caption: zo.string(),
    credit: zo.string().openapi({ description: 'The photographer or source to credit' }),
    licence: zo.string().openapi({ description: 'Copyright or licence the picture is used under' }),
    folderId: zo.string().nullable(),
    tags: zo.array(zo.string()),
    focal: zo.object({ x: zo.number(), y: zo.number() }).nullable(),
    version: zo.number().int().openapi({ description: 'Bumped by each replace' }),
    trashedAt: zo.string().nullable(),
    createdAt: zo.string(),
    updatedAt: zo.string(),
  })
  .openapi('Image')

const useSchema = zo
  .object({
    kind: zo.enum(['page', 'story', 'listing', 'setting']),
    id: zo.string(),
    domainId: zo.string(),
    title: zo.string(),
    href: zo.string().openapi({ description: 'Where the use is edited' }),
    where: zo.enum(['draft', 'published', 'both']),
    places: zo.array(zo.string()).openapi({ description: "The header, a block ('Gallery #k3') or a field" }),
  })
  .openapi('MediaUse')

const folderSchema = zo.object({ _id: zo.string(), parentId: zo.string().nullable(), name: zo.string() }).openapi('MediaFolder')
const imageIdBody = (extra: Record<string, zo.ZodTypeAny> = {}) => ({
  body: { content: { 'application/json': { schema: zo.object({ imageId: idParam, ...extra }) } }, required: true },
})
const text = (max: number) => zo.string().max(max)
const tagList = zo.array(zo.string().max(60)).max(30)
const notSignedIn = { 401: json(errorSchema, 'Not signed in') }
const noImage = { 404: json(errorSchema, 'No such image') }

const listImages = editorRoute({
  method: 'get',
  path: '/list',
  summary:
    'The media library a page at a time: search (file name, alt text, caption, credit, tags), a folder, a tag, a filter, a type, a sort; or the trash',
  request: {
    query: zo.object({
      q: zo.string().max(200).optional(),
      folder: zo.string().max(100).optional().openapi({ description: "A folder's id, or 'none' for files in no folder" }),
      tag: zo.string().max(60).optional(),
      filter: zo.enum(libraryFilters).optional(),
      type: zo.enum(libraryTypes).optional(),
      sort: zo.enum(librarySorts).optional(),
      trashed: zo.enum(['true', 'false']).optional(),
      page: zo.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: zo.coerce.number().int().min(1).max(200).default(24),
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
    ...notSignedIn,
    ...errorResponses,
  },
})

const imageInfo = editorRoute({
  method: 'get',
  path: '/info',
  summary: 'One file of the library with every place that uses it',
  request: { query: zo.object({ imageId: idParam }) },
  responses: {
    200: json(imageRecordSchema.extend({ uses: zo.array(useSchema) }), 'The image and its uses'),
    ...notSignedIn,
    ...noImage,
    ...errorResponses,
  },
})

const updateImage = editorRoute({
  method: 'post',
  path: '/update',
  summary: 'Changes the facts kept with a file: default alt text, caption, credit, licence, tags, folder, focal point, name',
  request: imageIdBody({
    alt: text(300).optional(),
    caption: text(1000).optional(),
    credit: text(300).optional(),
    licence: text(300).optional(),
    filename: text(255).optional(),
    tags: tagList.optional(),
    folderId: zo.string().max(100).nullable().optional(),
    focal: zo
      .object({ x: zo.number().min(0).max(1), y: zo.number().min(0).max(1) })
      .nullable()
      .optional(),
  }),
  responses: { 200: json(imageRecordSchema, 'The file as saved'), ...notSignedIn, ...noImage, ...errorResponses },
})

const deleteImage = editorRoute({
  method: 'post',
  path: '/delete',
  summary: 'Moves a file nothing uses to the trash (restorable for 30 days); refused while any page, story, listing or setting uses it',
  request: imageIdBody(),
  responses: {
    200: json(zo.object({ deleted: zo.literal(true), image: imageRecordSchema }), 'In the trash'),
    ...notSignedIn,
    ...noImage,
    409: json(errorSchema, 'Still in use (details.uses: every place that uses it)'),
    ...errorResponses,
  },
})

const restoreImage = editorRoute({
  method: 'post',
  path: '/restore',
  summary: 'Takes a file back out of the trash',
  request: imageIdBody(),
  responses: { 200: json(imageRecordSchema, 'Restored'), ...notSignedIn, ...noImage, ...errorResponses },
})

const bulkImages = editorRoute({
  method: 'post',
  path: '/bulk',
  summary: 'Moves, tags, untags or trashes many files; the files that could not be changed are listed with why',
  request: {
    body: {
      content: {
        'application/json': {
          schema: zo.object({
            imageIds: zo.array(idParam).min(1).max(1000),
            action: zo.enum(['move', 'tag', 'untag', 'trash']),
            folderId: zo.string().max(100).nullable().optional(),
            tags: tagList.optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(
      zo.object({
        done: zo.array(zo.string()),
        refused: zo.array(zo.object({ imageId: zo.string(), message: zo.string(), uses: zo.array(useSchema).optional() })),
      }),
      'What was done and what was refused',
    ),
    ...notSignedIn,
    ...errorResponses,
  },
})

const listFolders = editorRoute({
  method: 'get',
  path: '/folders',
  summary: "The library's folders (nested by parentId)",
  responses: { 200: json(zo.object({ folders: zo.array(folderSchema) }), 'Every folder'), ...notSignedIn, ...errorResponses },
})

const createFolder = editorRoute({
  method: 'post',
  path: '/folders/create',
  summary: 'Makes a folder, at the top or inside another',
  request: {
    body: {
      content: { 'application/json': { schema: zo.object({ name: text(80), parentId: zo.string().max(100).nullable().optional() }) } },
      required: true,
    },
  },
  responses: {
    200: json(folderSchema, 'The folder'),
    ...notSignedIn,
    409: json(errorSchema, 'A folder of that name is there already'),
    ...errorResponses,
  },
})

const renameFolder = editorRoute({
  method: 'post',
  path: '/folders/rename',
  summary: 'Renames a folder',
  request: { body: { content: { 'application/json': { schema: zo.object({ folderId: idParam, name: text(80) }) } }, required: true } },
  responses: { 200: json(folderSchema, 'The folder'), ...notSignedIn, 409: json(errorSchema, 'Name taken'), ...errorResponses },
})

const deleteFolder = editorRoute({
  method: 'post',
  path: '/folders/delete',
  summary: 'Deletes an empty folder',
  request: { body: { content: { 'application/json': { schema: zo.object({ folderId: idParam }) } }, required: true } },
  responses: {
    200: json(zo.object({ deleted: zo.literal(true) }), 'Deleted'),
    ...notSignedIn,
    409: json(errorSchema, 'Not empty'),
    ...errorResponses,
  },
})

const listTags = editorRoute({
  method: 'get',
  path: '/tags',
  summary: 'Every tag of the library with how many files carry it',
  responses: {
    200: json(zo.object({ tags: zo.array(zo.object({ tag: zo.string(), count: zo.number().int() })) }), 'The tags'),
    ...notSignedIn,
    ...errorResponses,
  },
})

/** The media library API (mounted at /{API_PREFIX}/image): editors only. */
export const imageRouter = createRouter()
  .openapi(listImages, async (c) => {
    const { trashed, ...query } = c.req.valid('query')
    return c.json(await c.var.services.media.list({ ...query, trashed: trashed === 'true' }), 200)
  })
  .openapi(imageInfo, async (c) => {
    const { imageId } = c.req.valid('query')
    return c.json(await c.var.services.media.info(imageId), 200)
  })
  .openapi(updateImage, async (c) => {
    const { imageId, ...patch } = c.req.valid('json')
    const image = await c.var.services.media.update(imageId, patch)
    await logLibraryChange(c, { action: 'update', subjectId: imageId, subject: image.filename })
    return c.json(image, 200)
  })
  .openapi(deleteImage, async (c) => {
    const { imageId } = c.req.valid('json')
    const image = await c.var.services.media.trash(imageId)
    await logLibraryChange(c, { action: 'delete', subjectId: imageId, subject: image.filename })
    return c.json({ deleted: true as const, image }, 200)
  })
  .openapi(restoreImage, async (c) => {
    const { imageId } = c.req.valid('json')
    const image = await c.var.services.media.restore(imageId)
    await logLibraryChange(c, { action: 'restore', subjectId: imageId, subject: image.filename })
    return c.json(image, 200)
  })
  .openapi(bulkImages, async (c) => {
    const { imageIds, action, folderId, tags } = c.req.valid('json')
    const change: BulkAction =
      action === 'move' ? { action, folderId: folderId ?? null } : action === 'trash' ? { action } : { action, tags: tags ?? [] }
    if ((action === 'tag' || action === 'untag') && !tags?.length) throw invalidInput('Name at least one tag')
    const result = await c.var.services.media.bulk(imageIds, change)
    if (result.done.length) {
      const n = result.done.length
      await logLibraryChange(c, { action: action === 'trash' ? 'delete' : action, subject: n === 1 ? `1 file` : `${n} files` })
    }
    return c.json(result, 200)
  })
  .openapi(listFolders, async (c) => c.json({ folders: await c.var.services.media.folders() }, 200))
  .openapi(createFolder, async (c) => {
    const { name, parentId } = c.req.valid('json')
    const folder = await c.var.services.media.createFolder(name, parentId ?? null)
    await logLibraryChange(c, { action: 'create-folder', subjectId: folder._id, subject: folder.name })
    return c.json(folder, 200)
  })
  .openapi(renameFolder, async (c) => {
    const { folderId, name } = c.req.valid('json')
    const folder = await c.var.services.media.renameFolder(folderId, name)
    await logLibraryChange(c, { action: 'rename-folder', subjectId: folderId, subject: folder.name })
    return c.json(folder, 200)
  })
  .openapi(deleteFolder, async (c) => {
    const { folderId } = c.req.valid('json')
    const name = await c.var.services.media.deleteFolder(folderId)
    await logLibraryChange(c, { action: 'delete-folder', subjectId: folderId, subject: name })
    return c.json({ deleted: true as const }, 200)
  })
  .openapi(listTags, async (c) => c.json({ tags: await c.var.services.media.tags() }, 200))
