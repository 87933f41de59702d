import { z } from 'zod'
import { sanitizeRichText } from '#lib/sanitize'
import { translatable } from '#lib/translatable'
import { blockObject } from '../fields'

export const schema = blockObject('RichText', {
  html: translatable(z.string().max(100_000), 'rich')
    .default('')
    .transform((html) => sanitizeRichText(html)),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
