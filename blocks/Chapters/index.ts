import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Chapters',
  label: 'Chapters',
  picker: {
    title: 'Chapters',
    description: 'Numbered chapters, each with a picture, a summary and more to read.',
    group: 'cards',
    sketch: 'slider',
  },
  schema,
  allowedIn: ['contents'],
})
