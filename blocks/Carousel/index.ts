import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Carousel',
  label: 'Carousel',
  schema,
  allowedIn: ['contents'],
})
