import type { z } from 'zod'
import { blockObject, text } from '../fields'

export const schema = blockObject('CustomSectionHeading', {
  title: text(200),
  secondTitle: text(200),
  subtitle: text(500),
})
export type Props = z.output<typeof schema>
