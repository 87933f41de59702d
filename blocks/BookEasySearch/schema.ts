import type { z } from 'zod'
import { gadgetTypeField } from '../BookEasy/schema'
import { colour, blockObject, text } from '../fields'

/** The provider's search gadget (dates, guests, type) on a background colour; results book through /booking. */
export const schema = blockObject('BookEasySearch', {
  title: text(200),
  type: gadgetTypeField(),
  backgroundColour: colour('redDarkest'),
})
export type Props = z.output<typeof schema>
