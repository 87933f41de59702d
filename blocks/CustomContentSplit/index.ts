import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomContentSplit',
  label: 'Custom Content Split',
  schema,
  allowedIn: ['contents'],
})
