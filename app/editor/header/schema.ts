/**
 * The page header's video and overlayer (spec 01 §3, spec 02 §5): server-safe zod, so the same
 * rules can check saves (lib/content headerSchema can use these) and the sidebar editors here.
 */
import { z } from 'zod'
import { imageRefSchema } from '#lib/content'
import { texts } from '#lib/texts'

/** An https (or site-relative) address whose path ends in .mp4 (query and fragment allowed). */
export function isMp4Url(value: string): boolean {
  const v = value.trim()
  if (!v) return false
  let url: URL
  try {
    url = new URL(v, 'https://site.invalid')
  } catch {
    return false
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && /\.mp4$/i.test(url.pathname)
}

export const headerVideoSchema = z.object({
  link: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isMp4Url(v), texts.blockEditors.header.mp4Only)
    .default(''),
  poster: imageRefSchema.optional(),
})
export type HeaderVideo = z.output<typeof headerVideoSchema>

export const OVERLAYER_WIDTH_MIN = 10
export const OVERLAYER_WIDTH_MAX = 100
export const overlayerPositions = ['start', 'center', 'end'] as const

export const headerOverlayerSchema = z.object({
  image: imageRefSchema.default({ imageId: '', alt: '' }),
  position: z.enum(overlayerPositions).default('end'),
  width: z.number().int().min(OVERLAYER_WIDTH_MIN).max(OVERLAYER_WIDTH_MAX).default(30),
})
export type HeaderOverlayer = z.output<typeof headerOverlayerSchema>
