import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomMosaic',
  label: 'Mosaic',
  picker: {
    title: 'Picture mosaic',
    description: 'Seven linked pictures laid out as a mosaic of featured places.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
