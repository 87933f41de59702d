import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { cardSchema } from '../CardGrid/card'
import { blockObject, text } from '../fields'

export const schema = blockObject('CardCarousel', {
  title: text(200),
  description: text(600),
  button: linkSchema.optional(),
  items: z.array(cardSchema).max(24).default([]),
})
export type Props = z.output<typeof schema>
