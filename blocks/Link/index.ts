import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Link',
  label: 'Link',
  picker: {
    title: 'Button',
    description: 'A single button linking to a page, a file or another site.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
