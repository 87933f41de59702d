import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CardGrid',
  label: 'Card Grid',
  schema,
  allowedIn: ['contents'],
})
