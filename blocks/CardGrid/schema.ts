import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { blockObject, text } from '../fields'
import { cardSchema } from './card'

export const schema = blockObject('CardGrid', {
  title: text(200),
  description: text(600),
  button: linkSchema.optional(),
  items: z.array(cardSchema).max(48).default([]),
})
export type Props = z.output<typeof schema>
