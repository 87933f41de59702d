import type { z } from 'zod'
import { defaultsOf, defineBlock, text } from '../fields'

export const label = 'Custom Section Heading'
export const schema = defineBlock('CustomSectionHeading', {
  title: text(200),
  secondTitle: text(200),
  subtitle: text(500),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'CustomSectionHeading')
