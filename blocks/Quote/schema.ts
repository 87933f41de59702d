import type { z } from 'zod'
import { blockObject, image, text } from '../fields'

export const schema = blockObject('Quote', {
  text: text(1000),
  quotee: text(200),
  image: image(),
})
export type Props = z.output<typeof schema>
