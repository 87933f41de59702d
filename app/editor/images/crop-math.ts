/**
 * Crop arithmetic of the image editor, pure so it is tested on its own. Crops are stored in SOURCE
 * pixels (ui/Img sends them as cx, cy, cw, ch); the cropper works in percentages of the picture
 * it shows (a smaller preview), so both directions go through the source size.
 */
import { coverCrop, type Crop, type Focal } from '#ui/image-url'

export interface Size {
  width: number
  height: number
}

/** react-easy-crop's Area: percentages (0..100) of the shown picture. */
export interface PercentArea {
  x: number
  y: number
  width: number
  height: number
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))

/** A crop pushed inside the source, in whole pixels, at least 1x1. */
export function clampCrop(crop: Crop, source: Size): Crop {
  const width = clamp(Math.round(crop.width), 1, source.width)
  const height = clamp(Math.round(crop.height), 1, source.height)
  const x = clamp(Math.round(crop.x), 0, source.width - width)
  const y = clamp(Math.round(crop.y), 0, source.height - height)
  return { x, y, width, height }
}

/** Cropper percentages to source pixels. */
export function percentToSource(area: PercentArea, source: Size): Crop {
  return clampCrop(
    {
      x: (area.x / 100) * source.width,
      y: (area.y / 100) * source.height,
      width: (area.width / 100) * source.width,
      height: (area.height / 100) * source.height,
    },
    source,
  )
}

/** Source pixels to cropper percentages (to show a stored crop again). */
export function sourceToPercent(crop: Crop, source: Size): PercentArea {
  const c = clampCrop(crop, source)
  return {
    x: (c.x / source.width) * 100,
    y: (c.y / source.height) * 100,
    width: (c.width / source.width) * 100,
    height: (c.height / source.height) * 100,
  }
}

/** Where the cropper starts for a breakpoint: its stored crop, else the largest box around the focal point. */
export function initialCrop(stored: Crop | undefined, source: Size, aspect: number, focal?: Focal | null): Crop {
  if (stored && stored.width > 0 && stored.height > 0) return clampCrop(stored, source)
  return coverCrop(source, aspect, focal)
}

/** The aspect of a size (width / height), 1 for a degenerate one. */
export function aspectOf(size: Size): number {
  return size.width > 0 && size.height > 0 ? size.width / size.height : 1
}

/** True when a crop keeps (nearly) the whole source: storing it would change nothing. */
export function isWholeImage(crop: Crop, source: Size): boolean {
  return crop.x <= 0 && crop.y <= 0 && crop.width >= source.width && crop.height >= source.height
}

/** A stored crop map with one breakpoint set or removed (undefined when no crop is left). */
export function withCrop(crops: Record<string, Crop> | undefined, key: string, crop: Crop | null): Record<string, Crop> | undefined {
  const next: Record<string, Crop> = { ...crops }
  if (crop) next[key] = crop
  else delete next[key]
  return Object.keys(next).length ? next : undefined
}

/** A focal point from a click at (offsetX, offsetY) in a box of the given size, rounded to 0.1 %. */
export function focalFromPoint(offsetX: number, offsetY: number, box: Size): Focal {
  const r = (v: number) => Math.round(clamp(v, 0, 1) * 1000) / 1000
  return { x: r(offsetX / box.width), y: r(offsetY / box.height) }
}

/** The focal point moved by a step (arrow keys), kept inside 0..1. */
export function nudgeFocal(focal: Focal | undefined, dx: number, dy: number): Focal {
  const r = (v: number) => Math.round(clamp(v, 0, 1) * 1000) / 1000
  return { x: r((focal?.x ?? 0.5) + dx), y: r((focal?.y ?? 0.5) + dy) }
}
