import type { z } from 'zod'
import { defaultsOf, defineBlock, text } from '../fields'

export const label = 'Gift Card'

/** The provider's gift voucher gadget, with a title and a line of text; 'Gift Card Error' when it fails. */
export const schema = defineBlock('GiftCard', {
  title: text(200),
  text: text(1000),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'GiftCard')
