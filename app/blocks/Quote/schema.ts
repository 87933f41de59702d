import type { z } from 'zod'
import { defaultsOf, defineBlock, image, text } from '../fields'

export const label = 'Quote'
export const schema = defineBlock('Quote', {
  text: text(1000),
  quotee: text(200),
  image: image(),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'Quote')
