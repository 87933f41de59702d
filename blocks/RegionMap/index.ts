import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'RegionMap',
  label: 'Region Map',
  schema,
  allowedIn: ['contents'],
})
