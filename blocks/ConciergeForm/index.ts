import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'ConciergeForm',
  label: 'Concierge Form',
  schema,
  allowedIn: ['contents'],
})
