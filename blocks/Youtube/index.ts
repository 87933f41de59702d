import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Youtube',
  label: 'Youtube',
  schema,
  allowedIn: ['contents', 'split'],
})
