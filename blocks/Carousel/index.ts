import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Carousel',
  label: 'Carousel',
  picker: {
    title: 'Slideshow',
    description: 'Up to five slides, each with a picture, a title, text and a button.',
    group: 'media',
  },
  schema,
  allowedIn: ['contents'],
})
