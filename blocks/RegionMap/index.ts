import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'RegionMap',
  label: 'Region Map',
  picker: {
    title: 'Region map',
    description: 'An interactive map of the region from the maps service.',
    group: 'media',
    sketch: 'map',
  },
  schema,
  allowedIn: ['contents'],
})
