import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'BookEasy',
  label: 'BookEasy',
  schema,
  allowedIn: ['contents'],
})
