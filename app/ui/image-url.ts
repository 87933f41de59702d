/**
 * Builds image addresses for the transform endpoint (BEHAVIOUR-NOTES "Images"):
 * `/img/{imageId}?w&h&cx&cy&cw&ch&s&f&q`. Pure, so the client, the server and tests share it.
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
  /** Scale multiplier for high-density screens (2 for a 2x srcset entry). */
  s?: number
  f?: ImageFormat
  q?: number
}

export const IMAGE_BASE = '/img'

const isSize = (v: number | 'auto' | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0

export function imageUrl(imageId: string, options: ImageUrlOptions = {}): string {
  const params = new URLSearchParams()
  if (isSize(options.w)) params.set('w', String(Math.round(options.w)))
  if (isSize(options.h)) params.set('h', String(Math.round(options.h)))
  const crop = options.crop
  if (crop && crop.width > 0 && crop.height > 0) {
    params.set('cx', String(Math.round(crop.x)))
    params.set('cy', String(Math.round(crop.y)))
    params.set('cw', String(Math.round(crop.width)))
    params.set('ch', String(Math.round(crop.height)))
  }
  // s=1 is the default; leaving it out keeps one cache entry per picture and size.
  if (options.s && options.s !== 1) params.set('s', String(options.s))
  if (options.f) params.set('f', options.f)
  if (options.q) params.set('q', String(Math.round(options.q)))
  const query = params.toString()
  return `${IMAGE_BASE}/${encodeURIComponent(imageId)}${query ? `?${query}` : ''}`
}

/** A `srcset` with 1x and 2x candidates for a fixed-size image. */
export function imageSrcSet(imageId: string, options: Omit<ImageUrlOptions, 's'> = {}): string {
  return `${imageUrl(imageId, options)} 1x, ${imageUrl(imageId, { ...options, s: 2 })} 2x`
}
