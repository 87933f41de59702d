import type { z } from 'zod'
import { blockObject, text } from '../fields'

/** The provider's gift voucher gadget, with a title and a line of text; 'Gift Card Error' when it fails. */
export const schema = blockObject('GiftCard', {
  title: text(200),
  text: text(1000),
})
export type Props = z.output<typeof schema>
