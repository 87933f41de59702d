import { z } from 'zod'
import { blockObject, link } from '../fields'

export const schema = blockObject('Link', {
  link: link(),
  variant: z.enum(['primary', 'secondary']).default('primary'),
  align: z.enum(['left', 'center']).default('center'),
})
export type Props = z.output<typeof schema>
