import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Listings',
  label: 'Listings',
  schema,
  allowedIn: ['contents'],
})
