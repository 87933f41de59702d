import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Youtube',
  label: 'Youtube',
  picker: {
    title: 'YouTube video',
    description: 'A YouTube video played on the page.',
    group: 'media',
  },
  schema,
  allowedIn: ['contents', 'split'],
})
