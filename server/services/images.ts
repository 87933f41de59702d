/**
 * The media library's pictures: uploads checked and stored whole, replaced in place, rendered into
 * the variants a request plans (images/plan.ts), cached on disk, and listing photos from the
 * provider through the same pipeline (images/provider-photos.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import type { Db } from '../db/client.ts'
import { images } from '../db/schema.ts'
import type { Storage } from '../integrations/storage/index.ts'
import { AppError, conflict, invalidInput } from './errors.ts'
import { SITE_CHANGE, type ContentEventBus } from './events.ts'
import { normaliseTags } from './media/tags.ts'
import { refitUses, type FlaggedCrop, type RefitActor, type RefitResult } from './media/usage.ts'
import { createCacheBudget } from './image-cache-pruner.ts'
import {
  cacheKeyOf,
  FORMAT_INFO,
  IMAGE_ID_PATTERN,
  IMAGE_LIMITS,
  planOf,
  UNSUPPORTED_MESSAGE,
  UNSUPPORTED_REASON,
  type ImageAccess,
  type ImageLimits,
  type Plan,
  type Source,
  type SourceFormat,
  type TransformParams,
} from './images/plan.ts'
import { assertVisitorVariant, createPublishedFramings } from './images/published-framings.ts'
import { assertVisitorPhotoVariant, createProviderPhotos, type ProviderPhotoOptions } from './images/provider-photos.ts'
import type { ImageRecord } from '#lib/media'

export {
  accepts,
  EDITOR_ONLY_REASON,
  gridAspect,
  IMAGE_ID_PATTERN,
  IMAGE_LIMITS,
  ladderWidth,
  UNSUPPORTED_MESSAGE,
  UNSUPPORTED_REASON,
  WIDTH_LADDER,
  type ImageAccess,
  type ImageLimits,
  type TransformParams,
} from './images/plan.ts'
export { ALT_MISSING_MESSAGE, imagesMissingAlt, type MissingAlt } from './images/missing-alt.ts'
export { listingPhotoAddresses, ProviderPhotoError, type ProviderPhotoOptions } from './images/provider-photos.ts'

/** A library file as the API answers it (lib/media.ts, shared with the editor). */
export type { ImageRecord }

export interface SaveImageInput {
  bytes: Buffer
  filename: string
  alt?: string
  folderId?: string | null
  tags?: string[]
  /** A chosen id (the demo uses stable ones); a random one otherwise. */
  id?: string
}

export interface RenderedImage {
  bytes: Buffer
  contentType: string
  /** Stable per variant: images are immutable, so the key alone identifies the bytes. */
  etag: string
  /** False when the bytes came from the disk cache. */
  rendered: boolean
}

export interface ImageServiceOptions {
  /** Folder for rendered variants (IMAGE_CACHE_DIR). */
  cacheDir: string
  /** Size the cache is kept under as variants are written (IMAGE_CACHE_MAX_MB); default 2 GB. */
  maxCacheBytes?: number | undefined
  /** Publishes: what visitors may have rendered (published crops and focal points) is looked up again. */
  events?: ContentEventBus
  limits?: Partial<ImageLimits>
  /** Fetching listing photos from the tourism provider. */
  providerPhotos?: ProviderPhotoOptions
}

type ImageRow = typeof images.$inferSelect

export const toRecord = (row: ImageRow): ImageRecord => ({
  _id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  alt: row.alt,
  caption: row.caption,
  credit: row.credit,
  licence: row.licence,
  folderId: row.folderId,
  tags: row.tags,
  focal: row.focalX === null || row.focalY === null ? null : { x: row.focalX, y: row.focalY },
  version: row.version,
  trashedAt: row.trashedAt ? row.trashedAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** A replaced picture's variants (and ETags) differ from the first version's; the first keeps its old keys. */
const variantIdOf = (row: Pick<ImageRow, 'id' | 'version'>) => (row.version > 1 ? `${row.id}@v${row.version}` : row.id)

export function createImageService(db: Db, storage: Storage, options: ImageServiceOptions) {
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options.limits }
  const cacheDir = path.resolve(options.cacheDir)
  const inFlight = new Map<string, Promise<Buffer>>()
  const budget = createCacheBudget(cacheDir, options.maxCacheBytes ?? 2048 * 1024 * 1024)
  const framings = createPublishedFramings(db)
  const providerPhotos = createProviderPhotos(db, cacheDir, budget, limits, options.providerPhotos ?? {})
  // This instance's publishes take effect at once; other instances' after a second (a miss looks again).
  options.events?.on('published', () => framings.clear())

  async function findRow(id: string): Promise<ImageRow | null> {
    if (!IMAGE_ID_PATTERN.test(id)) return null
    const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1)
    return row ?? null
  }

  async function readOriginal(row: ImageRow): Promise<Buffer> {
    const bytes = await storage.get(row.storageKey)
    if (!bytes) throw new AppError('unavailable', `The stored file of image ${row.id} is missing`)
    return bytes
  }

  const sourceOfRow = (row: ImageRow): Source => ({
    dir: row.id,
    width: row.width,
    height: row.height,
    contentType: row.contentType,
    read: () => readOriginal(row),
  })

  async function renderPlan(row: Source, plan: Plan): Promise<Buffer> {
    const original = await row.read()
    if (plan.passthrough) return original
    let img = sharp(original, { limitInputPixels: limits.maxPixels }).autoOrient()
    if (plan.crop) img = img.extract(plan.crop)
    if (plan.width !== (plan.crop?.width ?? row.width) || plan.height !== (plan.crop?.height ?? row.height)) {
      img = img.resize(plan.width, plan.height, { fit: 'cover', position: 'centre' })
    }
    if (plan.blur !== null) img = img.blur(plan.blur)
    if (!plan.alpha) img = img.flatten({ background: '#ffffff' })
    switch (plan.format) {
      case 'jpeg':
        img = img.jpeg({ quality: plan.quality, progressive: true })
        break
      case 'webp':
        img = img.webp({ quality: plan.quality, effort: 4 })
        break
      case 'avif':
        // Effort 2 keeps a first AVIF render well under a second; the result is cached anyway.
        img = img.avif({ quality: plan.quality, effort: 2 })
        break
      case 'png':
        img = img.png({ compressionLevel: 7 })
        break
      case 'gif':
        img = img.gif()
        break
    }
    return img.toBuffer()
  }

  async function cachedOrRender(
    row: Source,
    plan: Plan,
    key: string,
    mayRender: () => Promise<void>,
  ): Promise<{ bytes: Buffer; rendered: boolean }> {
    const file = path.join(cacheDir, row.dir, `${key}.${FORMAT_INFO[plan.format].ext}`)
    try {
      return { bytes: await fs.readFile(file), rendered: false }
    } catch {
      // Not cached, or the cache folder cannot be read: render it (GET /health reports the folder).
    }
    // A variant already on disk costs nothing to serve; only a new one must be one the caller may have.
    await mayRender()
    // Concurrent requests for the same new variant share one render.
    let job = inFlight.get(key)
    if (!job) {
      job = (async () => {
        const bytes = await renderPlan(row, plan)
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
        try {
          await fs.mkdir(path.dirname(file), { recursive: true })
          await fs.writeFile(tmp, bytes)
          await fs.rename(tmp, file)
        } catch {
          // A cache that cannot be written (read-only, full) costs speed, not the picture: it is
          // served uncached, and GET /health reports the folder.
          await fs.rm(tmp, { force: true }).catch(() => {})
          return bytes
        }
        // The cache limit holds as variants are written, not only when the hourly pruning runs.
        await budget.added(bytes.length)
        return bytes
      })().finally(() => inFlight.delete(key))
      inFlight.set(key, job)
    }
    return { bytes: await job, rendered: true }
  }

  async function findByHash(hash: string): Promise<ImageRow | null> {
    const [row] = await db.select().from(images).where(eq(images.contentHash, hash)).limit(1)
    return row ?? null
  }

  /** Stores an original; a store that cannot take it is refused clearly (503), never half-kept. */
  async function store(key: string, bytes: Buffer, contentType: string) {
    try {
      await storage.put(key, bytes, contentType)
    } catch (err) {
      await storage.delete(key).catch(() => {})
      if (err instanceof AppError) throw err
      throw new AppError(
        'unavailable',
        'The picture could not be stored just now (the media storage did not take it); nothing was saved. Please try again shortly.',
      )
    }
  }

  /** Tells the page cache and the CDN (through the content bus) which published content shows a replaced picture. */
  function announce(changed: RefitResult['changed']) {
    const bus = options.events
    if (!bus) return
    const byDomain = new Map<string, { pages: string[]; stories: boolean; listings: boolean; site: boolean }>()
    for (const c of changed) {
      const entry = byDomain.get(c.domainId) ?? { pages: [], stories: false, listings: false, site: false }
      if (c.kind === 'page') entry.pages.push(c.id)
      else if (c.kind === 'story') entry.stories = true
      else if (c.kind === 'listing') entry.listings = true
      else entry.site = true
      byDomain.set(c.domainId, entry)
    }
    for (const [domainId, entry] of byDomain) {
      if (entry.site) {
        bus.emit('published', domainId, SITE_CHANGE)
        continue
      }
      if (entry.pages.length) bus.emit('published', domainId, { kind: 'pages', ids: entry.pages })
      if (entry.stories) bus.emit('published', domainId, { kind: 'stories' })
      if (entry.listings) bus.emit('published', domainId, { kind: 'listings' })
    }
  }

  /** What an upload or a replacement must be: a supported image within the limits, whole. */
  async function inspect(bytes: Buffer) {
    if (bytes.length === 0) throw invalidInput('The file is empty')
    if (bytes.length > limits.maxBytes) {
      throw new AppError(
        'too_large',
        `Images may be at most ${Math.round(limits.maxBytes / 1024 / 1024)} MB; this file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
      )
    }
    const unsupported = () => invalidInput(UNSUPPORTED_MESSAGE, { reason: UNSUPPORTED_REASON })
    let meta: Metadata
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    } catch {
      throw unsupported()
    }
    const format: SourceFormat | undefined =
      meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif'
        ? meta.format
        : meta.format === 'heif' && meta.compression === 'av1'
          ? 'avif'
          : undefined
    if (!format) throw unsupported()
    const { width, height } = meta.autoOrient
    if (width * height > limits.maxPixels) {
      throw new AppError('too_large', `Images may be at most ${limits.maxPixels / 1_000_000} megapixels; this one is ${width}x${height}`)
    }
    try {
      // The header can be fine while the data is cut short; a small decode finds that now, not on every render.
      await sharp(bytes, { limitInputPixels: limits.maxPixels }).resize(32, 32, { fit: 'inside' }).raw().toBuffer()
    } catch {
      throw invalidInput('The image file is damaged or incomplete')
    }
    const hash = createHash('sha256').update(bytes).digest('hex')
    return { format, contentType: FORMAT_INFO[format].contentType, width, height, hash }
  }

  return {
    limits,

    /**
     * Validates, stores the original and records it. An exact duplicate (same bytes) answers the
     * file already in the library (restored from the trash if it was there) with `duplicate: true`.
     * The bytes are stored before the row is written and removed again if the row cannot be: an
     * upload is kept whole or not at all. Errors: invalid_input, too_large, conflict, unavailable.
     */
    async save(input: SaveImageInput): Promise<ImageRecord & { duplicate?: true }> {
      const id = input.id ?? randomUUID()
      if (!IMAGE_ID_PATTERN.test(id)) throw invalidInput('An image id is 1-100 letters, digits, - or _')
      const checked = await inspect(input.bytes)
      if (input.id && (await findRow(id))) throw conflict(`An image with id ${id} already exists`)
      const existing = await findByHash(checked.hash)
      // A chosen id (the demo's stable ones) is kept even for bytes the library has: the content
      // refers to it. Only uploads are answered with the file already there.
      if (existing && !input.id) {
        if (existing.trashedAt) {
          const [restored] = await db.update(images).set({ trashedAt: null }).where(eq(images.id, existing.id)).returning()
          return { ...toRecord(restored ?? existing), duplicate: true }
        }
        return { ...toRecord(existing), duplicate: true }
      }
      if (await findRow(id)) throw conflict(`An image with id ${id} already exists`)

      const storageKey = `originals/${id}.${FORMAT_INFO[checked.format].ext}`
      await store(storageKey, input.bytes, checked.contentType)
      try {
        const [row] = await db
          .insert(images)
          .values({
            id,
            storageKey,
            filename: input.filename.slice(0, 255) || `${id}.${FORMAT_INFO[checked.format].ext}`,
            contentType: checked.contentType,
            width: checked.width,
            height: checked.height,
            bytes: input.bytes.length,
            alt: input.alt ?? '',
            folderId: input.folderId ?? null,
            tags: normaliseTags(input.tags ?? []),
            contentHash: existing ? null : checked.hash,
          })
          .returning()
        if (!row) throw new Error('insert returned no row')
        return toRecord(row)
      } catch (err) {
        // Never half-kept: the row could not be written, so the stored bytes go too.
        await storage.delete(storageKey).catch(() => {})
        // The same bytes uploaded twice at once: the second answers the first.
        const twin = await findByHash(checked.hash)
        if (twin) return { ...toRecord(twin), duplicate: true }
        if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') {
          throw invalidInput('No such folder')
        }
        throw err
      }
    },

    /**
     * Replaces the picture under the same id and address (issue 36 point 5): the new original is
     * stored under a new key before anything changes, then in one transaction the record takes it
     * (version + 1) and every use is refitted (crops kept where they still fit, flagged where not;
     * each use carries the new version, so every address changes). Afterwards the old original and
     * the cached variants go, and the uses are announced on the content bus (page cache, CDN purge).
     * The file keeps its name and the facts kept with it (alt text, credit...): the team's name for
     * the picture, not the name of the file that replaced it. Each document whose editor's copy
     * changes gets a new version saved by `by` (an editor holding the old one merges or is refused).
     */
    async replace(
      id: string,
      bytes: Buffer,
      by: RefitActor = { userId: null, username: null },
    ): Promise<{ image: ImageRecord; flagged: FlaggedCrop[]; changed: RefitResult['changed'] } | null> {
      const row = await findRow(id)
      if (!row) return null
      const checked = await inspect(bytes)
      const twin = await findByHash(checked.hash)
      if (twin && twin.id !== id) throw conflict(`This picture is already in the library as ${twin.filename}`, { imageId: twin.id })
      const version = row.version + 1
      const storageKey = `originals/${id}.v${version}.${FORMAT_INFO[checked.format].ext}`
      await store(storageKey, bytes, checked.contentType)
      let result: { row: ImageRow; refit: RefitResult }
      try {
        result = await db.transaction(async (tx) => {
          // The row is locked first: two replaces of one picture take turns.
          const [current] = await tx.select().from(images).where(eq(images.id, id)).for('update')
          if (!current || current.version !== row.version)
            throw conflict('This picture was replaced meanwhile; reload the library and try again')
          const [updated] = await tx
            .update(images)
            .set({
              storageKey,
              contentType: checked.contentType,
              width: checked.width,
              height: checked.height,
              bytes: bytes.length,
              contentHash: checked.hash,
              version,
              updatedAt: new Date(),
            })
            .where(eq(images.id, id))
            .returning()
          const refit = await refitUses(tx, id, version, current, checked, by)
          return { row: updated!, refit }
        })
      } catch (err) {
        await storage.delete(storageKey).catch(() => {})
        throw err
      }
      if (row.storageKey !== storageKey) await storage.delete(row.storageKey).catch(() => {})
      await fs.rm(path.join(cacheDir, row.id), { recursive: true, force: true }).catch(() => {})
      announce(result.refit.changed)
      return { image: toRecord(result.row), flagged: result.refit.flagged, changed: result.refit.changed }
    },

    async get(id: string): Promise<ImageRecord | null> {
      const row = await findRow(id)
      return row ? toRecord(row) : null
    },

    /** The ETag a render would carry, without reading or rendering anything (for If-None-Match). */
    async etagOf(id: string, params: TransformParams, accept?: string | null, access: ImageAccess = 'editor'): Promise<string | null> {
      const row = await findRow(id)
      if (!row || (row.trashedAt && access === 'visitor')) return null
      return `"${cacheKeyOf(variantIdOf(row), planOf(row, params, accept, limits.maxDimension, access))}"`
    },

    /**
     * The transformed image; null for an unknown id. Invalid parameters (a crop outside the image,
     * t with a format that has no alpha) throw invalid_input. A visitor asking for a new variant the
     * site does not use (q, b, or a crop or focal point no published content gives this image)
     * gets forbidden (details.reason EDITOR_ONLY_REASON).
     */
    async render(
      id: string,
      params: TransformParams,
      accept?: string | null,
      access: ImageAccess = 'editor',
    ): Promise<RenderedImage | null> {
      const row = await findRow(id)
      // A file in the trash is gone for visitors; editors still see it there (restorable for 30 days).
      if (!row || (row.trashedAt && access === 'visitor')) return null
      const plan = planOf(row, params, accept, limits.maxDimension, access)
      const key = cacheKeyOf(variantIdOf(row), plan)
      const mayRender = async () => {
        if (access === 'visitor') await assertVisitorVariant(row.id, params, plan, framings)
      }
      const { bytes, rendered } = await cachedOrRender(sourceOfRow(row), plan, key, mayRender)
      return { bytes, contentType: FORMAT_INFO[plan.format].contentType, etag: `"${key}"`, rendered }
    },

    /**
     * A listing's provider photo through the same pipeline: the photo is the address stored with the
     * listing (its image, its gallery) whose listingPhotoKey is `key`, never an address from the
     * request. Visitors reach published listings only, editors their working copies too. The
     * original is fetched once and kept in the cache folder with its variants (it is fetched again
     * if the cache limit removed it). Null for an unknown listing or key; ProviderPhotoError when
     * the provider cannot give the photo.
     */
    async renderListingPhoto(
      listingId: string,
      key: string,
      params: TransformParams,
      accept?: string | null,
      access: ImageAccess = 'editor',
    ): Promise<RenderedImage | null> {
      const address = await providerPhotos.addressOf(listingId, key, access)
      if (!address) return null
      if (access === 'visitor') assertVisitorPhotoVariant(params)
      const source = await providerPhotos.source(address)
      const plan = planOf(source, params, accept, limits.maxDimension, access)
      const cacheKey = cacheKeyOf(source.dir, plan)
      const { bytes, rendered } = await cachedOrRender(source, plan, cacheKey, async () => {})
      return { bytes, contentType: FORMAT_INFO[plan.format].contentType, etag: `"${cacheKey}"`, rendered }
    },

    /** Removes the record, the original and every cached variant. */
    async remove(id: string): Promise<boolean> {
      const row = await findRow(id)
      if (!row) return false
      await db.delete(images).where(eq(images.id, id))
      await storage.delete(row.storageKey)
      await fs.rm(path.join(cacheDir, row.id), { recursive: true, force: true })
      return true
    },
  }
}

export type ImageService = ReturnType<typeof createImageService>
