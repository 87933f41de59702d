import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Text',
  label: 'Text',
  schema,
  allowedIn: ['contents', 'split'],
})
