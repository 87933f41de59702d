import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'LinkList',
  label: 'Link List',
  picker: {
    title: 'List of links',
    description: 'A titled list of links to pages, files or other sites.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
