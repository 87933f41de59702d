import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'SplitContent',
  label: 'Split Content',
  picker: {
    title: 'Two columns',
    description: 'Two columns side by side, each holding its own blocks.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents'],
})
