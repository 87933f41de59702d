import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'GiftCard',
  label: 'Gift Card',
  picker: {
    title: 'Gift vouchers',
    description: 'The gift voucher shop, with a title and a line of text.',
    group: 'booking',
    sketch: 'booking',
  },
  schema,
  allowedIn: ['contents'],
})
