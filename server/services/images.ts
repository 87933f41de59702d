import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import type { Db } from '../db/client.ts'
import { images, listings, pages, siteDocuments, stories } from '../db/schema.ts'
import { coverCrop, listingPhotoKey } from '#lib/image-url'
import type { Listing } from '#lib/listings'
import { createPublicFetch, isBlockedAddressError, type Resolve } from '../integrations/public-fetch.ts'
import type { Response } from 'undici'
import type { Storage } from '../integrations/storage/index.ts'
import { AppError, conflict, invalidInput } from './errors.ts'
import { SITE_CHANGE, type ContentEventBus } from './events.ts'
import { normaliseTags } from './media/tags.ts'
import { refitUses, type FlaggedCrop, type RefitActor, type RefitResult } from './media/usage.ts'
import { createCacheBudget } from './image-cache-pruner.ts'
import type { ImageRecord } from '#lib/media'

export interface ImageLimits {
  maxBytes: number
  maxPixels: number
  maxDimension: number
}

/** What an upload may be (DESIGN.md, BEHAVIOUR-NOTES "Images"). */
export const IMAGE_LIMITS: ImageLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 50_000_000,
  /** Largest output side; requests above it are clamped. */
  maxDimension: 3840,
}

/** Bump when the render pipeline changes, so old cached variants are no longer used. */
const RENDER_VERSION = 1

/** Marks the invalid_input error of a file that is not an image we take (the API answers 415). */
export const UNSUPPORTED_REASON = 'unsupported_type'
export const UNSUPPORTED_MESSAGE = 'The file is not a supported image: upload a JPEG, PNG, WebP, AVIF or GIF'

export const IMAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'
type OutputFormat = SourceFormat

const FORMAT_INFO: Record<OutputFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  avif: { ext: 'avif', contentType: 'image/avif' },
  gif: { ext: 'gif', contentType: 'image/gif' },
}

const formatOfContentType = (contentType: string): SourceFormat =>
  (Object.keys(FORMAT_INFO) as SourceFormat[]).find((f) => FORMAT_INFO[f].contentType === contentType) ?? 'jpeg'

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

/** Transform parameters, already parsed from the query string (server/api/img.ts). */
export interface TransformParams {
  w?: number | undefined
  h?: number | undefined
  cx?: number | undefined
  cy?: number | undefined
  cw?: number | undefined
  ch?: number | undefined
  s?: number | undefined
  f?: 'jpg' | 'webp' | 'png' | 'avif' | 'orig' | undefined
  t?: boolean | undefined
  b?: number | undefined
  q?: number | undefined
  /** Focal point (0..1): when w and h change the aspect, the kept part is centred on it. */
  fx?: number | undefined
  fy?: number | undefined
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

export interface ProviderPhotoOptions {
  /**
   * What a relative photo address (the demo's `/atdw-demo/images/...`) is fetched from: the
   * provider's API address (ATDW_API_URL; in the demo, the fake's loopback address). Unset: relative
   * addresses are not fetched.
   */
  relativeBase?: string | undefined
  /** How long the provider may take to send a photo (default 15 s); longer answers 504. */
  timeoutMs?: number | undefined
  /**
   * Hosts (host or host:port) whose photos may be fetched though they resolve to a private,
   * loopback or link-local address: the configured provider's own (relativeBase's host is always
   * allowed; in the demo and tests the fake provider runs on 127.0.0.1). Any other host on such an
   * address is refused (SSRF guard, checked when the connection is made: server/integrations/public-fetch.ts).
   */
  allowedHosts?: readonly string[] | undefined
  /** The name resolver (tests give one that answers as a rebinding name would); the system's by default. */
  resolve?: Resolve | undefined
}

/**
 * Who asks for a variant. Editors (a valid session) get exactly what they ask for. Visitors get the
 * sizes of the width ladder and the aspect grid (a request between steps is answered with the next
 * step), never q or b, and only the crops and focal points the published site uses: the variants a
 * visitor can have rendered are the finite set the site itself needs.
 */
export type ImageAccess = 'editor' | 'visitor'

/** Marks the error of a variant only editors may have rendered (the API answers 403). */
export const EDITOR_ONLY_REASON = 'editor_only_variant'

/**
 * Output widths visitors get: every width the site asks for (blocks/image-sizes.ts, the Img
 * boxes, their 2x and fluid steps) is answered with the first step at or above it.
 */
export const WIDTH_LADDER = [
  64, 96, 120, 160, 192, 240, 256, 320, 360, 400, 480, 540, 600, 640, 720, 750, 800, 960, 1080, 1200, 1280, 1440, 1600, 1920, 2160, 2400,
  2560, 3200, 3840,
] as const

/** The first ladder step at or above a width (the top step for anything larger). */
export function ladderWidth(width: number): number {
  return WIDTH_LADDER.find((step) => step >= width) ?? WIDTH_LADDER[WIDTH_LADDER.length - 1]!
}

/**
 * Box shapes visitors get: height/width as a fraction p/q with p, q <= 16. That holds the boxes of
 * the site's pictures that take their height from the picture (16:9, 5:4, 9:5...) exactly, and the
 * others (cropped by CSS anyway, e.g. 640x1000) within about 1 %. About 160 shapes.
 */
const ASPECT_GRID: readonly number[] = (() => {
  const values = new Set<number>()
  for (let p = 1; p <= 16; p++) for (let q = 1; q <= 16; q++) values.add(p / q)
  return [...values].sort((a, b) => a - b)
})()

/** The nearest shape of the grid to a height/width ratio. */
export function gridAspect(ratio: number): number {
  let lo = 0
  let hi = ASPECT_GRID.length - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (ASPECT_GRID[mid]! <= ratio) lo = mid
    else hi = mid
  }
  const a = ASPECT_GRID[lo]!
  const b = ASPECT_GRID[hi]!
  return Math.abs(ratio - a) <= Math.abs(b - ratio) ? a : b
}

/** A visitor's requested box on the ladder and the grid (scale s already applied). */
function visitorBox(w: number | undefined, h: number | undefined): { w: number | undefined; h: number | undefined } {
  if (w === undefined) return { w: undefined, h: h === undefined ? undefined : ladderWidth(h) }
  const width = ladderWidth(w)
  return { w: width, h: h === undefined ? undefined : Math.max(1, Math.round(width * gridAspect(h / w))) }
}

type ImageRow = typeof images.$inferSelect

/** What planning a variant needs to know of its original. */
interface SourceInfo {
  width: number
  height: number
  contentType: string
}

/** An original the pipeline renders from: an upload, or a provider's listing photo. */
interface Source extends SourceInfo {
  /** Its folder in the cache (uploads: the image id; provider photos: _provider/{hash of the address}). */
  dir: string
  read(): Promise<Buffer>
}

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

/** True when the Accept header lists the type with a non-zero q. */
export function accepts(accept: string | null | undefined, type: string): boolean {
  if (!accept) return false
  return accept.split(',').some((part) => {
    const [media, ...params] = part.trim().toLowerCase().split(';')
    if (media?.trim() !== type) return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

interface Plan {
  crop: { left: number; top: number; width: number; height: number } | null
  width: number
  height: number
  format: OutputFormat
  quality: number
  blur: number | null
  alpha: boolean
  /** f=orig with nothing to change: the stored bytes are the answer. */
  passthrough: boolean
}

/**
 * Turns the request into one canonical plan, so equivalent requests (w=5000 on a 2000 px image and
 * w=2000, s=2 with w=400 and w=800...) share one cached variant.
 */
function planOf(
  record: SourceInfo,
  p: TransformParams,
  accept: string | null | undefined,
  max: number,
  access: ImageAccess = 'editor',
): Plan {
  const cropKeys = [p.cx, p.cy, p.cw, p.ch]
  let crop: Plan['crop'] = null
  if (cropKeys.some((v) => v !== undefined)) {
    if (cropKeys.some((v) => v === undefined)) throw invalidInput('Invalid crop: cx, cy, cw and ch go together')
    const left = Math.max(0, Math.round(p.cx ?? 0))
    const top = Math.max(0, Math.round(p.cy ?? 0))
    const right = Math.min(record.width, Math.round((p.cx ?? 0) + (p.cw ?? 0)))
    const bottom = Math.min(record.height, Math.round((p.cy ?? 0) + (p.ch ?? 0)))
    if (right - left < 1 || bottom - top < 1) {
      throw invalidInput(`Invalid crop: the rectangle lies outside the ${record.width}x${record.height} image`)
    }
    crop = { left, top, width: right - left, height: bottom - top }
    if (crop.left === 0 && crop.top === 0 && crop.width === record.width && crop.height === record.height) crop = null
  }
  const sw = crop?.width ?? record.width
  const sh = crop?.height ?? record.height

  const scale = p.s ?? 1
  let w = p.w === undefined ? undefined : Math.min(max, Math.max(1, Math.round(p.w * scale)))
  let h = p.h === undefined ? undefined : Math.min(max, Math.max(1, Math.round(p.h * scale)))
  if (access === 'visitor') ({ w, h } = visitorBox(w, h))
  let width = sw
  let height = sh
  if (w !== undefined && h !== undefined) {
    // Never enlarge: shrink the requested box, keeping its aspect, until it fits in the source.
    const k = Math.min(1, sw / w, sh / h)
    width = Math.max(1, Math.round(w * k))
    height = Math.max(1, Math.round(h * k))
  } else if (w !== undefined) {
    width = Math.min(w, sw)
    height = Math.max(1, Math.round((sh * width) / sw))
  } else if (h !== undefined) {
    height = Math.min(h, sh)
    width = Math.max(1, Math.round((sw * height) / sh))
  }
  if (width > max || height > max) {
    const k = max / Math.max(width, height)
    width = Math.max(1, Math.round(width * k))
    height = Math.max(1, Math.round(height * k))
  }
  // A focal point decides which part survives a change of aspect (instead of the centre): the kept
  // rectangle becomes an explicit crop, so equivalent requests still share one cached variant.
  if ((p.fx !== undefined || p.fy !== undefined) && Math.abs(width / height - sw / sh) > 0.005) {
    const region = crop ?? { left: 0, top: 0, width: record.width, height: record.height }
    const focal = {
      x: ((p.fx ?? 0.5) * record.width - region.left) / region.width,
      y: ((p.fy ?? 0.5) * record.height - region.top) / region.height,
    }
    const kept = coverCrop({ width: region.width, height: region.height }, width / height, focal)
    crop = { left: region.left + kept.x, top: region.top + kept.y, width: kept.width, height: kept.height }
  }

  const source = formatOfContentType(record.contentType)
  let format: OutputFormat
  if (p.t && (p.f === 'jpg' || p.f === 'avif')) throw invalidInput('Transparent output (t) needs f=png or f=webp')
  if (p.f === 'orig') format = source
  else if (p.f === 'jpg') format = 'jpeg'
  else if (p.f) format = p.f
  else if (p.t) format = accepts(accept, 'image/webp') ? 'webp' : 'png'
  // WebP by default, AVIF only on request: measured here, a first AVIF render of a 1600 px hero
  // took 2.7 s against 0.7 s for WebP, and a visitor waits for that first render.
  else if (accepts(accept, 'image/webp')) format = 'webp'
  else format = 'jpeg'

  const alpha = format !== 'jpeg' && (p.t === true || p.f === 'orig')
  const blur = p.b ?? null
  const passthrough = p.f === 'orig' && !crop && width === record.width && height === record.height && blur === null
  // Quality means nothing for lossless output or untouched bytes; leaving it out dedupes the cache.
  const quality = passthrough || format === 'png' || format === 'gif' ? 0 : (p.q ?? 70)
  return { crop, width, height, format, quality, blur, alpha, passthrough }
}

/** A replaced picture's variants (and ETags) differ from the first version's; the first keeps its old keys. */
const variantIdOf = (row: Pick<ImageRow, 'id' | 'version'>) => (row.version > 1 ? `${row.id}@v${row.version}` : row.id)

const cacheKeyOf = (id: string, plan: Plan) =>
  createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, id, plan]))
    .digest('base64url')
    .slice(0, 32)

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

const editorOnly = (message: string) =>
  new AppError('forbidden', `${message}; sign in as an editor to preview other variants`, { reason: EDITOR_ONLY_REASON })

/** Refuses what visitors may not have rendered: q, b, and crops or focal points the published site does not give the image. */
async function assertVisitorVariant(imageId: string, p: TransformParams, plan: Plan, framings: PublishedFramings) {
  if (p.q !== undefined) throw editorOnly('The quality (q) is not one of the variants the site uses')
  if (p.b !== undefined) throw editorOnly('Blurred (b) variants are not ones the site uses')
  // A crop or focal point that changes nothing (the whole image, the same aspect) makes no new variant.
  if (!plan.crop) return
  const crop = [p.cx, p.cy, p.cw, p.ch].every((v) => v !== undefined) ? cropKey(p.cx!, p.cy!, p.cw!, p.ch!) : null
  const focal = p.fx !== undefined || p.fy !== undefined ? focalKey(p.fx ?? 0.5, p.fy ?? 0.5) : null
  if (!crop && !focal) return
  const known = (used: UsedFramings) => (!crop || used.crops.has(crop)) && (!focal || used.focals.has(focal))
  if (known(await framings.of(imageId))) return
  // Published a moment ago? Look again (at most once a second per image) before refusing.
  if (known(await framings.of(imageId, true))) return
  throw editorOnly('This crop or focal point is not one the published site uses for this image')
}

const cropKey = (x: number, y: number, width: number, height: number) => [x, y, width, height].map((v) => Math.round(v)).join(',')
const r3 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000
/** As lib/image-url.ts writes a focal point: 0..1 with three decimals. */
const focalKey = (x: number, y: number) => `${r3(x)},${r3(y)}`

interface UsedFramings {
  crops: Set<string>
  focals: Set<string>
  at: number
}

type PublishedFramings = ReturnType<typeof createPublishedFramings>

/**
 * The crops and focal points the published site uses for each image: every object carrying the
 * image's id in a published page, site document, listing or story, with its `crop` (one rectangle
 * or one per breakpoint) and `focal`. Kept for a minute per image; looked up again on a miss at most
 * once a second, one look-up at a time.
 */
function createPublishedFramings(db: Db) {
  const cache = new Map<string, UsedFramings>()
  const pending = new Map<string, Promise<UsedFramings>>()
  let queue: Promise<unknown> = Promise.resolve()

  async function load(imageId: string): Promise<UsedFramings> {
    const needle = `%"${imageId.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`
    const mentions = (
      column: typeof pages.publishedDoc | typeof siteDocuments.publishedDoc | typeof listings.publicDoc | typeof stories.publishedDoc,
    ) => sql`${column}::text like ${needle}`
    const docs = await Promise.all([
      db.select({ doc: pages.publishedDoc }).from(pages).where(mentions(pages.publishedDoc)),
      db.select({ doc: siteDocuments.publishedDoc }).from(siteDocuments).where(mentions(siteDocuments.publishedDoc)),
      db.select({ doc: listings.publicDoc }).from(listings).where(mentions(listings.publicDoc)),
      db.select({ doc: stories.publishedDoc }).from(stories).where(mentions(stories.publishedDoc)),
    ])
    const used: UsedFramings = { crops: new Set(), focals: new Set(), at: Date.now() }
    const isCrop = (v: unknown): v is { x: number; y: number; width: number; height: number } => {
      const c = v as Record<string, unknown> | null
      return !!c && typeof c === 'object' && ['x', 'y', 'width', 'height'].every((k) => typeof c[k] === 'number')
    }
    const stack: unknown[] = docs.flat().map((r) => r.doc)
    while (stack.length) {
      const node = stack.pop()
      if (Array.isArray(node)) stack.push(...node)
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>
        if (o.imageId === imageId) {
          const crops = isCrop(o.crop) ? [o.crop] : o.crop && typeof o.crop === 'object' ? Object.values(o.crop) : []
          for (const c of crops) if (isCrop(c)) used.crops.add(cropKey(c.x, c.y, c.width, c.height))
          const f = o.focal as { x?: unknown; y?: unknown } | undefined
          if (f && typeof f.x === 'number' && typeof f.y === 'number') used.focals.add(focalKey(f.x, f.y))
        }
        for (const v of Object.values(o)) if (v && typeof v === 'object') stack.push(v)
      }
    }
    return used
  }

  return {
    clear: () => cache.clear(),
    async of(imageId: string, fresh = false): Promise<UsedFramings> {
      const cached = cache.get(imageId)
      const age = cached ? Date.now() - cached.at : Infinity
      if (cached && age < 60_000 && (!fresh || age < 1000)) return cached
      // One look-up per image, one at a time: refused guesses cannot pile up database scans.
      let job = pending.get(imageId)
      if (!job) {
        job = queue
          .then(() => load(imageId))
          .then((used) => {
            cache.delete(imageId)
            cache.set(imageId, used)
            if (cache.size > 2000) cache.delete(cache.keys().next().value!)
            return used
          })
          .finally(() => pending.delete(imageId))
        queue = job.catch(() => undefined)
        pending.set(imageId, job)
      }
      return job
    },
  }
}

export interface MissingAlt {
  /** Dotted path of the alt field, e.g. 'contents.2.image.alt' or 'header.image.alt'. */
  path: string
  message: string
  code: 'alt_missing'
}

export const ALT_MISSING_MESSAGE = (n: number) =>
  n === 1
    ? 'An image has no alt text. Describe it (or mark it decorative) before publishing.'
    : `${n} images have no alt text. Describe each one (or mark it decorative) before publishing.`

/**
 * The pictures of a page that visitors would get without a text alternative: every object inside
 * the header and the contents that carries an imageId, is not marked decorative (nor hidden with
 * show: false) and has an empty alt. Generic, so new blocks are covered without registering.
 */
export function imagesMissingAlt(page: { header?: unknown; contents?: unknown }): MissingAlt[] {
  const found: MissingAlt[] = []
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, String(i)]))
      return
    }
    if (typeof value !== 'object' || value === null) return
    const node = value as Record<string, unknown>
    if (typeof node.imageId === 'string' && node.imageId.trim() && node.decorative !== true && node.show !== false) {
      const alt = typeof node.alt === 'string' ? node.alt.trim() : ''
      if (!alt) found.push({ path: [...path, 'alt'].join('.'), message: 'Alt text is required', code: 'alt_missing' })
    }
    for (const [key, child] of Object.entries(node)) if (typeof child === 'object' && child !== null) walk(child, [...path, key])
  }
  walk(page.header, ['header'])
  walk(page.contents, ['contents'])
  return found
}

/** Provider photo folders in the cache: a name no image id can take (ids start with a letter or digit). */
const PROVIDER_DIR = '_provider'
const LISTING_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/
const PHOTO_KEY_PATTERN = /^[0-9a-z]{1,16}$/

/** The provider could not give a listing photo: 502 (it failed or sent no image) or 504 (it did not answer in time). */
export class ProviderPhotoError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
    this.name = 'ProviderPhotoError'
  }
}

/** The photo addresses of a listing document: its image and its gallery (provider multimedia of type IMAGE). */
export function listingPhotoAddresses(doc: Listing | null | undefined): string[] {
  if (!doc) return []
  const found = new Set<string>()
  const url = doc.image?.value?.url
  if (url) found.add(url)
  for (const m of [...(doc.multimedia?.value ?? []), ...(doc.atdw?.multimedia ?? [])]) {
    if (m.attributeIdMultimediaContent === 'IMAGE' && m.serverPath) found.add(m.serverPath)
  }
  return [...found]
}

interface StoredPhotoInfo extends SourceInfo {
  url: string
}

function createProviderPhotos(
  db: Db,
  cacheDir: string,
  budget: ReturnType<typeof createCacheBudget>,
  limits: ImageLimits,
  options: ProviderPhotoOptions,
) {
  const timeoutMs = options.timeoutMs ?? 15_000
  const fetching = new Map<string, Promise<{ bytes: Buffer; info: StoredPhotoInfo }>>()
  const allowed = [...(options.allowedHosts ?? [])]
  if (options.relativeBase) {
    try {
      allowed.push(new URL(options.relativeBase).host)
    } catch {
      // Not an address: nothing to allow.
    }
  }
  // The SSRF guard: a photo's host may not be at a private, loopback or link-local address, unless
  // it is the configured provider's (or one allowed explicitly); checked at connect time, every hop.
  const publicFetch = createPublicFetch({ allowedHosts: allowed, resolve: options.resolve })

  /** Only http(s) addresses; a relative one against the provider's address (the demo). */
  function resolve(address: string): URL | null {
    let url: URL
    try {
      url =
        address.startsWith('/') && !address.startsWith('//') && options.relativeBase
          ? new URL(address, options.relativeBase)
          : new URL(address)
    } catch {
      return null
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return url
  }

  const dirOf = (address: string) => path.join(PROVIDER_DIR, createHash('sha256').update(address).digest('base64url').slice(0, 32))

  async function download(address: string, dir: string): Promise<{ bytes: Buffer; info: StoredPhotoInfo }> {
    const url = resolve(address)
    if (!url) throw new ProviderPhotoError(502, 'The stored photo address cannot be fetched')
    let res: Response
    try {
      const signal = AbortSignal.timeout(timeoutMs)
      // Redirects are followed by hand, each address checked like the first (at most 3).
      let target = url
      for (let hop = 0; ; hop++) {
        res = await publicFetch(target, { signal, redirect: 'manual', headers: { accept: 'image/*' } })
        const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null
        if (!location) break
        await res.body?.cancel().catch(() => {})
        const next = hop < 3 ? resolve(new URL(location, target).toString()) : null
        if (!next) throw new ProviderPhotoError(502, 'The tourism provider redirected this photo too often or elsewhere')
        target = next
      }
    } catch (err) {
      if (err instanceof ProviderPhotoError) throw err
      if (isBlockedAddressError(err)) throw new ProviderPhotoError(502, 'The stored photo address is not on the public internet')
      const name = (err as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ProviderPhotoError(504, `The tourism provider did not send the photo within ${Math.round(timeoutMs / 1000)} s`)
      }
      throw new ProviderPhotoError(502, 'The tourism provider could not be reached for this photo')
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw new ProviderPhotoError(502, `The tourism provider answered ${res.status} for this photo`)
    }
    const declared = Number(res.headers.get('content-length') ?? 0)
    if (declared > limits.maxBytes) {
      await res.body?.cancel().catch(() => {})
      throw new ProviderPhotoError(502, "The provider's photo is larger than images may be")
    }
    const chunks: Buffer[] = []
    let size = 0
    try {
      const reader = res.body?.getReader()
      for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
        size += part.value.length
        if (size > limits.maxBytes) {
          await reader.cancel().catch(() => {})
          throw new ProviderPhotoError(502, "The provider's photo is larger than images may be")
        }
        chunks.push(Buffer.from(part.value))
      }
    } catch (err) {
      if (err instanceof ProviderPhotoError) throw err
      const name = (err as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ProviderPhotoError(504, `The tourism provider did not send the photo within ${Math.round(timeoutMs / 1000)} s`)
      }
      throw new ProviderPhotoError(502, 'The tourism provider broke off sending the photo')
    }
    const bytes = Buffer.concat(chunks)
    let meta: Metadata
    try {
      meta = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata()
    } catch {
      throw new ProviderPhotoError(502, 'The tourism provider sent something that is not an image')
    }
    const format: SourceFormat | undefined =
      meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif'
        ? meta.format
        : meta.format === 'heif' && meta.compression === 'av1'
          ? 'avif'
          : undefined
    if (!format || !meta.autoOrient?.width || !meta.autoOrient.height) {
      throw new ProviderPhotoError(502, 'The tourism provider sent something that is not an image')
    }
    const info: StoredPhotoInfo = {
      url: address,
      width: meta.autoOrient.width,
      height: meta.autoOrient.height,
      contentType: FORMAT_INFO[format].contentType,
    }
    // Kept like a variant: written whole (temporary file, then rename), counted against the cache limit.
    try {
      const folder = path.join(cacheDir, dir)
      await fs.mkdir(folder, { recursive: true })
      for (const [name, data] of [
        ['original', bytes],
        ['source.json', Buffer.from(JSON.stringify(info))],
      ] as const) {
        const tmp = path.join(folder, `${name}.${randomBytes(6).toString('hex')}.tmp`)
        await fs.writeFile(tmp, data)
        await fs.rename(tmp, path.join(folder, name))
      }
      await budget.added(bytes.length)
    } catch {
      // An unwritable cache costs speed, not the picture.
    }
    return { bytes, info }
  }

  /** The original, from the cache or (once, shared by concurrent requests) from the provider. */
  function fetchOnce(address: string, dir: string) {
    let job = fetching.get(dir)
    if (!job) {
      job = download(address, dir).finally(() => fetching.delete(dir))
      fetching.set(dir, job)
    }
    return job
  }

  return {
    /** The stored address behind a listing and key, or null (unknown listing, key, or not visible to the caller). */
    async addressOf(listingId: string, key: string, access: ImageAccess): Promise<string | null> {
      if (!LISTING_ID_PATTERN.test(listingId) || !PHOTO_KEY_PATTERN.test(key)) return null
      const [row] = await db
        .select({ doc: listings.doc, publicDoc: listings.publicDoc, published: listings.published })
        .from(listings)
        .where(eq(listings.id, listingId))
        .limit(1)
      if (!row) return null
      const docs = [row.published ? row.publicDoc : null, access === 'editor' ? row.doc : null]
      for (const doc of docs) {
        const found = listingPhotoAddresses(doc).find((address) => listingPhotoKey(address) === key)
        if (found) return found
      }
      return null
    },

    async source(address: string): Promise<Source> {
      const dir = dirOf(address)
      const folder = path.join(cacheDir, dir)
      let info: StoredPhotoInfo | null = null
      try {
        const stored = JSON.parse(await fs.readFile(path.join(folder, 'source.json'), 'utf8')) as StoredPhotoInfo
        if (stored.url === address) info = stored
      } catch {
        // Not fetched yet (or pruned).
      }
      if (!info) info = (await fetchOnce(address, dir)).info
      return {
        dir,
        width: info.width,
        height: info.height,
        contentType: info.contentType,
        read: async () => {
          try {
            return await fs.readFile(path.join(folder, 'original'))
          } catch {
            return (await fetchOnce(address, dir)).bytes
          }
        },
      }
    },
  }
}

/** Visitors get the sizes and formats of the pipeline; crops, focal points, q and b are not variants the site uses for provider photos. */
function assertVisitorPhotoVariant(p: TransformParams) {
  if (p.q !== undefined) throw editorOnly('The quality (q) is not one of the variants the site uses')
  if (p.b !== undefined) throw editorOnly('Blurred (b) variants are not ones the site uses')
  if ([p.cx, p.cy, p.cw, p.ch, p.fx, p.fy].some((v) => v !== undefined)) {
    throw editorOnly('Listing photos are shown uncropped')
  }
}
