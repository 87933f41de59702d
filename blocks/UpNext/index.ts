import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'UpNext',
  label: 'Up Next',
  schema,
  allowedIn: ['contents'],
})
