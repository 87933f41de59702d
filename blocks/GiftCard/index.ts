import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'GiftCard',
  label: 'Gift Card',
  schema,
  allowedIn: ['contents'],
})
