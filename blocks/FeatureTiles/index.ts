import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureTiles',
  label: 'Feature Tiles',
  picker: {
    title: 'Feature tiles',
    description: 'Picture tiles with a heading, short copy and a link, on a coloured band.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
