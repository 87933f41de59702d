import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Vimeo',
  label: 'Vimeo',
  schema,
  allowedIn: ['contents', 'split'],
})
