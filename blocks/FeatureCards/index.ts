import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureCards',
  label: 'Feature Cards',
  picker: {
    title: 'Two feature cards',
    description: 'Two picture cards under a heading, with a button and a learn-more link.',
    group: 'cards',
  },
  schema,
  allowedIn: ['contents'],
  staticView: true,
})
