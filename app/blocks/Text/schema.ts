import type { z } from 'zod'
import { defaultsOf, defineBlock, text } from '../fields'

export const label = 'Text'
export const schema = defineBlock('Text', {
  text: text(5000),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'Text')
