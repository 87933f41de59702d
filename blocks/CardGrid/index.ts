import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CardGrid',
  label: 'Card Grid',
  picker: {
    title: 'Card grid',
    description: 'Cards in rows of three or four, each with a picture, a title and a link.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
