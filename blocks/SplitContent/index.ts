import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'SplitContent',
  label: 'Split Content',
  schema,
  allowedIn: ['contents'],
})
