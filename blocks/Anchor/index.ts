import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Anchor',
  label: 'Anchor',
  picker: {
    title: 'Jump target',
    description: 'An invisible marker that links on the page can jump to.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
