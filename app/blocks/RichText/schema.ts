import { z } from 'zod'
import { defaultsOf, defineBlock } from '../fields'
import { sanitizeRichText } from './sanitize'

export const label = 'Rich Text'
export const schema = defineBlock('RichText', {
  html: z.string().max(100_000).default('').transform(sanitizeRichText),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'RichText')
