/**
 * What a picture may be and how a request for one becomes a variant: the upload limits and formats,
 * the sizes and shapes visitors get (the width ladder, the aspect grid), and the one canonical plan
 * (crop, size, format, quality) equivalent requests share, with its cache key.
 */
import { createHash } from 'node:crypto'
import { coverCrop } from '#lib/image-url'
import { AppError, invalidInput } from '../errors.ts'

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

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'
export type OutputFormat = SourceFormat

export const FORMAT_INFO: Record<OutputFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  avif: { ext: 'avif', contentType: 'image/avif' },
  gif: { ext: 'gif', contentType: 'image/gif' },
}

const formatOfContentType = (contentType: string): SourceFormat =>
  (Object.keys(FORMAT_INFO) as SourceFormat[]).find((f) => FORMAT_INFO[f].contentType === contentType) ?? 'jpeg'

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

/** What planning a variant needs to know of its original. */
export interface SourceInfo {
  width: number
  height: number
  contentType: string
}

/** An original the pipeline renders from: an upload, or a provider's listing photo. */
export interface Source extends SourceInfo {
  /** Its folder in the cache (uploads: the image id; provider photos: _provider/{hash of the address}). */
  dir: string
  read(): Promise<Buffer>
}

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

export interface Plan {
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
export function planOf(
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

export const cacheKeyOf = (id: string, plan: Plan) =>
  createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, id, plan]))
    .digest('base64url')
    .slice(0, 32)

export const editorOnly = (message: string) =>
  new AppError('forbidden', `${message}; sign in as an editor to preview other variants`, { reason: EDITOR_ONLY_REASON })
