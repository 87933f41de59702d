import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureBlock',
  label: 'Feature Block',
  picker: {
    title: 'Feature',
    description: 'A picture beside a title, a description and a button.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
