import type { z } from 'zod'
import { defaultsOf, defineBlock, link } from '../fields'

export const label = 'Link (right-aligned)'
export const schema = defineBlock('CustomLinkRight', {
  link: link(),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'CustomLinkRight')
