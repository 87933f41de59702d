import { z } from 'zod'
import { sanitizeRichText } from '#lib/sanitize'
import { defaultsOf, defineBlock } from '../fields'

export const label = 'Rich Text'
export const schema = defineBlock('RichText', {
  html: z
    .string()
    .max(100_000)
    .default('')
    .transform((html) => sanitizeRichText(html)),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'RichText')
