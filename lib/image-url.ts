/**
 * Builds image addresses for the transform endpoint (BEHAVIOUR-NOTES "Images"):
 * `/img/{imageId}?w&h&cx&cy&cw&ch&fx&fy&s&f&q` (fx, fy: focal point, an addition of this product). Pure, so the client, the server and tests share it.
 */
export interface Crop {
  x: number
  y: number
  width: number
  height: number
}

export type ImageFormat = 'jpg' | 'webp' | 'png' | 'avif' | 'orig'

export interface ImageUrlOptions {
  /** Output size in CSS pixels; 'auto' (or nothing) leaves the dimension out of the address. */
  w?: number | 'auto'
  h?: number | 'auto'
  crop?: Crop | null
  /** Focal point (0..1) the server keeps in view when w and h change the aspect; ignored with a crop. */
  focal?: Focal | null
  /** Scale multiplier for high-density screens (2 for a 2x srcset entry). */
  s?: number
  f?: ImageFormat
  q?: number
  /** The file's version after a replace in place (issue 36): a new address, so browsers and the CDN fetch the new picture. */
  v?: number
}

export const IMAGE_BASE = '/img'

const isSize = (v: number | 'auto' | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0

export function imageUrl(imageId: string, options: ImageUrlOptions = {}): string {
  const query = imageQuery(options)
  return `${IMAGE_BASE}/${encodeURIComponent(imageId)}${query ? `?${query}` : ''}`
}

/** The transform query (w, h, crop or focal point, s, f, q) shared by every image address. */
function imageQuery(options: ImageUrlOptions): string {
  const params = new URLSearchParams()
  if (isSize(options.w)) params.set('w', String(Math.round(options.w)))
  if (isSize(options.h)) params.set('h', String(Math.round(options.h)))
  const crop = options.crop
  if (crop && crop.width > 0 && crop.height > 0) {
    params.set('cx', String(Math.round(crop.x)))
    params.set('cy', String(Math.round(crop.y)))
    params.set('cw', String(Math.round(crop.width)))
    params.set('ch', String(Math.round(crop.height)))
  } else if (options.focal && (options.focal.x !== 0.5 || options.focal.y !== 0.5)) {
    // The centre is the server's default: leaving it out keeps one cache entry per picture and size.
    params.set('fx', String(Math.round(clamp(options.focal.x, 0, 1) * 1000) / 1000))
    params.set('fy', String(Math.round(clamp(options.focal.y, 0, 1) * 1000) / 1000))
  }
  // s=1 is the default; leaving it out keeps one cache entry per picture and size.
  if (options.s && options.s !== 1) params.set('s', String(options.s))
  if (options.f) params.set('f', options.f)
  if (options.q) params.set('q', String(Math.round(options.q)))
  if (options.v && options.v > 1) params.set('v', String(Math.round(options.v)))
  return params.toString()
}

/** A `srcset` with 1x and 2x candidates for a fixed-size image. */
export function imageSrcSet(imageId: string, options: Omit<ImageUrlOptions, 's'> = {}): string {
  return `${imageUrl(imageId, options)} 1x, ${imageUrl(imageId, { ...options, s: 2 })} 2x`
}

/** Widths offered to a fluid image (with a `sizes` attribute), as fractions of its nominal width. */
export const FLUID_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2] as const

/**
 * A `srcset` with width descriptors for a fluid image: the browser picks by its `sizes` and the
 * screen density. Every candidate keeps the w x h aspect; none is below 160 px.
 */
export function imageWidthSrcSet(imageId: string, options: Omit<ImageUrlOptions, 's'> & { w: number; h?: number | 'auto' }): string {
  return widthSrcSet((o) => imageUrl(imageId, o), options)
}

function widthSrcSet(
  urlOf: (options: ImageUrlOptions) => string,
  options: Omit<ImageUrlOptions, 's'> & { w: number; h?: number | 'auto' },
): string {
  const { w, h } = options
  const seen = new Set<number>()
  const candidates: string[] = []
  for (const step of FLUID_STEPS) {
    const width = Math.round(w * step)
    if (width < 160 && step !== 1) continue
    if (seen.has(width)) continue
    seen.add(width)
    const height = typeof h === 'number' ? Math.round((h * width) / w) : h
    candidates.push(`${urlOf({ ...options, w: width, h: height })} ${width}w`)
  }
  return candidates.join(', ')
}

/**
 * A provider's listing photo (ATDW) goes through the same pipeline, by listing and key:
 * `/img/listing/{listingId}/{key}?w&h&s&f`. The key names one photo address stored with the listing
 * (never the address itself: the server fetches only what the stored listing holds), and changes
 * when the provider's address changes, so the answer can be cached for ever.
 */
export const LISTING_PHOTO_BASE = `${IMAGE_BASE}/listing`

/** Key of a photo address: 53 bits of a cyrb53 hash in base 36 (pure, the same in browser and server). */
export function listingPhotoKey(photoUrl: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < photoUrl.length; i++) {
    const ch = photoUrl.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** The address of a listing's provider photo through the image pipeline (crops are not offered). */
export function listingPhotoUrl(listingId: string, photoUrl: string, options: Omit<ImageUrlOptions, 'crop' | 'focal'> = {}): string {
  const query = imageQuery(options)
  return `${LISTING_PHOTO_BASE}/${encodeURIComponent(listingId)}/${listingPhotoKey(photoUrl)}${query ? `?${query}` : ''}`
}

/** A `srcset` with width descriptors for a provider photo shown fluid (with a `sizes` attribute). */
export function listingPhotoSrcSet(listingId: string, photoUrl: string, options: { w: number; h?: number | 'auto' }): string {
  return widthSrcSet((o) => listingPhotoUrl(listingId, photoUrl, o), options)
}

export interface Focal {
  x: number
  y: number
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))

/**
 * The largest rectangle of the given aspect (width / height) inside a source, centred on the focal
 * point (0..1, default the centre) and pushed back inside the edges. Whole source pixels.
 */
export function coverCrop(source: { width: number; height: number }, aspect: number, focal?: Focal | null): Crop {
  const fx = clamp(focal?.x ?? 0.5, 0, 1)
  const fy = clamp(focal?.y ?? 0.5, 0, 1)
  let width = source.width
  let height = source.height
  if (source.width / source.height > aspect) width = clamp(Math.round(source.height * aspect), 1, source.width)
  else height = clamp(Math.round(source.width / aspect), 1, source.height)
  const x = clamp(Math.round(fx * source.width - width / 2), 0, source.width - width)
  const y = clamp(Math.round(fy * source.height - height / 2), 0, source.height - height)
  return { x, y, width, height }
}

/** CSS object-position for a focal point ('50% 50%' without one). */
export function objectPosition(focal?: Focal | null): string {
  const pct = (v: number) => `${Math.round(clamp(v, 0, 1) * 1000) / 10}%`
  return `${pct(focal?.x ?? 0.5)} ${pct(focal?.y ?? 0.5)}`
}
