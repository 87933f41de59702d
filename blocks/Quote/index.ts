import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Quote',
  label: 'Quote',
  picker: {
    title: 'Quote',
    description: 'A highlighted quotation with the name of who said it.',
    group: 'text',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
