import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { defaultsOf, defineBlock, image } from '../fields'

export const label = 'Logo'
/** A logo at its own proportions (a freeform image), optionally linked, at a chosen width. */
export const schema = defineBlock('Logo', {
  image: image(),
  navLink: linkSchema.optional(),
  maxWidth: z.number().int().min(40).max(800).default(240),
  align: z.enum(['left', 'center', 'right']).default('center'),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'Logo')
