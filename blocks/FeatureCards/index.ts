import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureCards',
  label: 'Feature Cards',
  schema,
  allowedIn: ['contents'],
})
