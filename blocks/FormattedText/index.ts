import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FormattedText',
  label: 'Formatted Text',
  schema,
  allowedIn: ['contents', 'split'],
})
