import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { cardSchema } from '../CardGrid/card'
import { defaultsOf, defineBlock, text } from '../fields'

export const label = 'Card Carousel'
export const schema = defineBlock('CardCarousel', {
  title: text(200),
  description: text(600),
  button: linkSchema.optional(),
  items: z.array(cardSchema).max(24).default([]),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'CardCarousel')
