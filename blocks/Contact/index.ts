import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Contact',
  label: 'Contact',
  schema,
  allowedIn: ['contents', 'split'],
})
