import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FeatureTiles',
  label: 'Feature Tiles',
  schema,
  allowedIn: ['contents'],
})
