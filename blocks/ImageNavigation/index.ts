import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'ImageNavigation',
  label: 'Image Navigation',
  picker: {
    title: 'Links beside a picture',
    description: 'A list of links next to a large picture, on a coloured band.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
