import { z } from 'zod'
import { blockObject } from '../fields'

export const schema = blockObject('Anchor', {
  id: z
    .string()
    .max(80)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, numbers, - and _ only')
    .default(''),
})
export type Props = z.output<typeof schema>
