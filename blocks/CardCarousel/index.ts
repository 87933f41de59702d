import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CardCarousel',
  label: 'Card Carousel',
  picker: {
    title: 'Card slider',
    description: 'A row of cards that visitors scroll sideways.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
})
