import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Vimeo',
  label: 'Vimeo',
  picker: {
    title: 'Vimeo video',
    description: 'A Vimeo video played on the page.',
    group: 'media',
  },
  schema,
  allowedIn: ['contents', 'split'],
})
