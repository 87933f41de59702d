import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import type { Db } from '../db/client.ts'
import { images, pages, siteDocuments } from '../db/schema.ts'
import { coverCrop } from '../../app/ui/image-url.ts'
import type { Storage } from '../integrations/storage/index.ts'
import { AppError, conflict, invalidInput } from './errors.ts'

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

export interface ImageRecord {
  _id: string
  filename: string
  contentType: string
  width: number
  height: number
  bytes: number
  alt: string
  createdAt: string
}

export interface ListImagesOptions {
  q?: string | undefined
  page?: number | undefined
  pageSize?: number | undefined
}

export interface ImageList {
  items: ImageRecord[]
  total: number
  page: number
  pageSize: number
  pages: number
}

export interface SaveImageInput {
  bytes: Buffer
  filename: string
  alt?: string
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
  limits?: Partial<ImageLimits>
}

type ImageRow = typeof images.$inferSelect

const toRecord = (row: ImageRow): ImageRecord => ({
  _id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  alt: row.alt,
  createdAt: row.createdAt.toISOString(),
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
function planOf(record: ImageRow, p: TransformParams, accept: string | null | undefined, max: number): Plan {
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
  const w = p.w === undefined ? undefined : Math.min(max, Math.max(1, Math.round(p.w * scale)))
  const h = p.h === undefined ? undefined : Math.min(max, Math.max(1, Math.round(p.h * scale)))
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

const cacheKeyOf = (id: string, plan: Plan) =>
  createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, id, plan]))
    .digest('base64url')
    .slice(0, 32)

export function createImageService(db: Db, storage: Storage, options: ImageServiceOptions) {
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options.limits }
  const cacheDir = path.resolve(options.cacheDir)
  const inFlight = new Map<string, Promise<Buffer>>()

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

  async function renderPlan(row: ImageRow, plan: Plan): Promise<Buffer> {
    const original = await readOriginal(row)
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

  async function cachedOrRender(row: ImageRow, plan: Plan, key: string): Promise<{ bytes: Buffer; rendered: boolean }> {
    const file = path.join(cacheDir, row.id, `${key}.${FORMAT_INFO[plan.format].ext}`)
    try {
      return { bytes: await fs.readFile(file), rendered: false }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
    // Concurrent requests for the same new variant share one render.
    let job = inFlight.get(key)
    if (!job) {
      job = (async () => {
        const bytes = await renderPlan(row, plan)
        await fs.mkdir(path.dirname(file), { recursive: true })
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
        await fs.writeFile(tmp, bytes)
        await fs.rename(tmp, file)
        return bytes
      })().finally(() => inFlight.delete(key))
      inFlight.set(key, job)
    }
    return { bytes: await job, rendered: true }
  }

  return {
    limits,

    /** Validates, stores the original and records it. Errors: invalid_input, too_large, conflict. */
    async save(input: SaveImageInput): Promise<ImageRecord> {
      const { bytes } = input
      if (bytes.length === 0) throw invalidInput('The file is empty')
      if (bytes.length > limits.maxBytes) {
        throw new AppError('too_large', `Images may be at most ${Math.round(limits.maxBytes / 1024 / 1024)} MB; this file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB`)
      }
      const id = input.id ?? randomUUID()
      if (!IMAGE_ID_PATTERN.test(id)) throw invalidInput('An image id is 1-100 letters, digits, - or _')

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
      if (await findRow(id)) throw conflict(`An image with id ${id} already exists`)

      const storageKey = `originals/${id}.${FORMAT_INFO[format].ext}`
      const contentType = FORMAT_INFO[format].contentType
      await storage.put(storageKey, bytes, contentType)
      const [row] = await db
        .insert(images)
        .values({ id, storageKey, filename: input.filename.slice(0, 255) || `${id}.${FORMAT_INFO[format].ext}`, contentType, width, height, bytes: bytes.length, alt: input.alt ?? '' })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return toRecord(row)
    },

    async get(id: string): Promise<ImageRecord | null> {
      const row = await findRow(id)
      return row ? toRecord(row) : null
    },

    /** The ETag a render would carry, without reading or rendering anything (for If-None-Match). */
    async etagOf(id: string, params: TransformParams, accept?: string | null): Promise<string | null> {
      const row = await findRow(id)
      if (!row) return null
      return `"${cacheKeyOf(row.id, planOf(row, params, accept, limits.maxDimension))}"`
    },

    /**
     * The transformed image; null for an unknown id. Invalid parameters (a crop outside the image,
     * t with a format that has no alpha) throw invalid_input.
     */
    async render(id: string, params: TransformParams, accept?: string | null): Promise<RenderedImage | null> {
      const row = await findRow(id)
      if (!row) return null
      const plan = planOf(row, params, accept, limits.maxDimension)
      const key = cacheKeyOf(row.id, plan)
      const { bytes, rendered } = await cachedOrRender(row, plan, key)
      return { bytes, contentType: FORMAT_INFO[plan.format].contentType, etag: `"${key}"`, rendered }
    },

    /**
     * The media library: uploaded images newest first, a page at a time, optionally only those whose
     * original file name or alt text contains `q` (any case).
     */
    async list(options: ListImagesOptions = {}): Promise<ImageList> {
      const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 24)))
      const page = Math.max(1, Math.floor(options.page ?? 1))
      const q = options.q?.trim()
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
      const where = pattern ? or(ilike(images.filename, pattern), ilike(images.alt, pattern)) : undefined
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(images)
          .where(where)
          .orderBy(desc(images.createdAt), desc(images.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(images).where(where),
      ])
      const total = Number(totals[0]?.total ?? 0)
      return { items: rows.map(toRecord), total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) }
    },

    /** How many pages (drafts or published copies) and site documents mention the image. */
    async usage(id: string): Promise<{ pages: number; siteDocuments: number }> {
      const needle = `%"${id.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`
      const mentions = (column: typeof pages.draft | typeof pages.publishedDoc | typeof siteDocuments.draft | typeof siteDocuments.publishedDoc) =>
        sql`coalesce(${column}::text, '') like ${needle}`
      const [[p], [d]] = await Promise.all([
        db.select({ n: count() }).from(pages).where(or(mentions(pages.draft), mentions(pages.publishedDoc))),
        db.select({ n: count() }).from(siteDocuments).where(or(mentions(siteDocuments.draft), mentions(siteDocuments.publishedDoc))),
      ])
      return { pages: Number(p?.n ?? 0), siteDocuments: Number(d?.n ?? 0) }
    },

    /** Deletes an image nothing uses any more (conflict when a page or site document still shows it). */
    async removeUnused(id: string): Promise<boolean> {
      if (!(await findRow(id))) return false
      const used = await this.usage(id)
      if (used.pages + used.siteDocuments > 0) {
        throw conflict(`This image is still used on ${used.pages} page(s) and ${used.siteDocuments} site document(s); remove it there first`, used)
      }
      return this.remove(id)
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
