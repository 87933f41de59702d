import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'LinkList',
  label: 'Link List',
  schema,
  allowedIn: ['contents', 'split'],
})
