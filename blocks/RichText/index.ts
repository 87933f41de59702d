import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'RichText',
  label: 'Rich Text',
  schema,
  allowedIn: ['contents', 'split'],
})
