import type { z } from 'zod'
import { gadgetTypeField } from '../BookEasy/schema'
import { colour, defaultsOf, defineBlock, text } from '../fields'

export const label = 'BookEasy Search'

/** The provider's search gadget (dates, guests, type) on a background colour; results book through /booking. */
export const schema = defineBlock('BookEasySearch', {
  title: text(200),
  type: gadgetTypeField(),
  backgroundColour: colour('redDarkest'),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'BookEasySearch')
