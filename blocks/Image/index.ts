import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Image',
  label: 'Image',
  schema,
  allowedIn: ['contents', 'split'],
})
