import { z } from 'zod'
import { parseDmy } from '#lib/dates'
import { DEFAULT_GADGET_TYPE, gadgetTypes } from '#lib/gadget-types'
import { colour, blockObject, text } from '../fields'

/** A gadget type code: 524 accommodation (default), 534 tours, 548 events, 552 car hire, 0 packages. */
export const gadgetTypeField = () =>
  z.coerce
    .number()
    .int()
    .refine((id) => gadgetTypes.some((t) => t.id === id), 'Choose one of the booking types')
    .default(DEFAULT_GADGET_TYPE)

/**
 * The provider's booking widget: with a product id its details gadget (that product's availability,
 * 'Book' leads to /booking), without one its region gadget (everything of the type in the region).
 */
export const schema = blockObject('BookEasy', {
  title: text(200),
  /** The provider's product (operator) id, e.g. a listing's bookEasyCode. */
  productID: z
    .string()
    .trim()
    .max(40)
    .regex(/^$|^[0-9]+$/, 'The product id is a number')
    .default(''),
  type: gadgetTypeField(),
  /** First date offered, DD/MM/YYYY (optional): a real date (not 31/02/2027). */
  defaultDate: z
    .string()
    .trim()
    .max(10)
    .refine((date) => date === '' || parseDmy(date) !== null, 'Use DD/MM/YYYY')
    .default(''),
  backgroundColour: colour('softPink'),
})
export type Props = z.output<typeof schema>
