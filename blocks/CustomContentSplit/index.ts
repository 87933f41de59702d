import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomContentSplit',
  label: 'Custom Content Split',
  picker: {
    title: 'Two columns on colour',
    description: 'Two columns of blocks on a coloured band, with a heading.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents'],
})
