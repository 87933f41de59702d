import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Link',
  label: 'Link',
  schema,
  allowedIn: ['contents', 'split'],
})
