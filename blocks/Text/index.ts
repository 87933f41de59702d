import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Text',
  label: 'Text',
  picker: {
    title: 'Text',
    description: 'Plain paragraphs, typed straight onto the page.',
    group: 'text',
    sample: {
      text: 'Cellar doors and country kitchens, balloons drifting over the vines at dawn, and 150 years of winemaking, an hour north of Adelaide.',
    },
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
