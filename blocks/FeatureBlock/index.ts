import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureBlock',
  label: 'Feature Block',
  schema,
  allowedIn: ['contents'],
})
