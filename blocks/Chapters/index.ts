import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Chapters',
  label: 'Chapters',
  schema,
  allowedIn: ['contents'],
})
