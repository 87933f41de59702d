import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'BookEasySearch',
  label: 'BookEasy Search',
  schema,
  allowedIn: ['contents'],
})
