/**
 * The fake provider's pictures: the demo's SVG scenes (server/demo/scenes.ts), one variant per
 * address, rasterised by sharp on first request and kept in a small in-memory cache.
 */
import sharp from 'sharp'
import { sceneNames, sceneSvg } from '../../server/demo/scenes.ts'

export const FAKE_IMAGE_WIDTH = 1200
export const FAKE_IMAGE_HEIGHT = 675

const cache = new Map<string, Promise<Buffer>>()
const MAX_CACHED = 200

export function renderFakeImage(scene: string, variant: number, width?: number): Promise<Buffer> | null {
  if (!sceneNames.includes(scene)) return null
  const w = Math.min(FAKE_IMAGE_WIDTH, Math.max(100, Math.round(width ?? FAKE_IMAGE_WIDTH)))
  const key = `${scene}/${variant}/${w}`
  let image = cache.get(key)
  if (!image) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
    image = sharp(Buffer.from(sceneSvg(scene, variant)))
      .resize(w, Math.round((w * FAKE_IMAGE_HEIGHT) / FAKE_IMAGE_WIDTH), { fit: 'cover' })
      .jpeg({ quality: 78 })
      .toBuffer()
    image.catch(() => cache.delete(key))
    cache.set(key, image)
  }
  return image
}
