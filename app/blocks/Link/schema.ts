import { z } from 'zod'
import { defaultsOf, defineBlock, link } from '../fields'

export const label = 'Link'
export const schema = defineBlock('Link', {
  link: link(),
  variant: z.enum(['primary', 'secondary']).default('primary'),
  align: z.enum(['left', 'center']).default('center'),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'Link')
