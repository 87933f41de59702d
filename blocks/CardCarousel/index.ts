import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CardCarousel',
  label: 'Card Carousel',
  schema,
  allowedIn: ['contents'],
})
