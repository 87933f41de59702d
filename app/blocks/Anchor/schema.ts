import { z } from 'zod'
import { defaultsOf, defineBlock } from '../fields'

export const label = 'Anchor'
export const schema = defineBlock('Anchor', {
  id: z
    .string()
    .max(80)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, numbers, - and _ only')
    .default(''),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'Anchor')
