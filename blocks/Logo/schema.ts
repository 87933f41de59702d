import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { blockObject, image } from '../fields'

/** A logo at its own proportions (a freeform image), optionally linked, at a chosen width. */
export const schema = blockObject('Logo', {
  image: image(),
  navLink: linkSchema.optional(),
  maxWidth: z.number().int().min(40).max(800).default(240),
  align: z.enum(['left', 'center', 'right']).default('center'),
})
export type Props = z.output<typeof schema>
