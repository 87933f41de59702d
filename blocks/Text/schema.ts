import type { z } from 'zod'
import { blockObject, text } from '../fields'

export const schema = blockObject('Text', {
  text: text(5000),
})
export type Props = z.output<typeof schema>
