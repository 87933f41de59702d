import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Listings',
  label: 'Listings',
  picker: {
    title: 'Listings',
    description: "Operators' listings (places to stay, things to do) with filters and a map.",
    group: 'listings',
    sketch: 'results',
  },
  schema,
  allowedIn: ['contents'],
})
