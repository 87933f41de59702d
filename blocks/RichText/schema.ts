import { z } from 'zod'
import { sanitizeRichText } from '#lib/sanitize'
import { blockObject } from '../fields'

export const schema = blockObject('RichText', {
  html: z
    .string()
    .max(100_000)
    .default('')
    .transform((html) => sanitizeRichText(html)),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
