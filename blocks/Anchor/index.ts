import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Anchor',
  label: 'Anchor',
  schema,
  allowedIn: ['contents', 'split'],
})
