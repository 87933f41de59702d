import { z } from 'zod'
import { focalSchema, linkSchema } from '#lib/content'
import { cropMap, blockObject, text } from '../fields'

/** Spec 02 §3.5: imageId, crop, alt, navLink, hasFilter, inContainer, caption. */
export const schema = blockObject('Image', {
  imageId: z.string().max(100).default(''),
  crop: cropMap(),
  alt: text(300),
  /** Image editor (H3): focal point for breakpoints without a crop; decorative allows an empty alt. */
  focal: focalSchema.optional(),
  decorative: z.boolean().optional(),
  /** The file's version after a replace in place (issue 36): in the picture's address. */
  v: z.number().int().min(1).optional(),
  caption: text(300),
  navLink: linkSchema.optional(),
  hasFilter: z.boolean().default(false),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
