import type { z } from 'zod'
import { blockObject, link } from '../fields'

export const schema = blockObject('CustomLinkRight', {
  link: link(),
})
export type Props = z.output<typeof schema>
