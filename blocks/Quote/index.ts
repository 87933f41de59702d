import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Quote',
  label: 'Quote',
  schema,
  allowedIn: ['contents', 'split'],
})
