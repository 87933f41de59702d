import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Logo',
  label: 'Logo',
  schema,
  allowedIn: ['contents', 'split'],
})
