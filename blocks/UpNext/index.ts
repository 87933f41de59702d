import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'UpNext',
  label: 'Up Next',
  picker: {
    title: 'Up next',
    description: 'A banner pointing visitors to the next page to read.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
