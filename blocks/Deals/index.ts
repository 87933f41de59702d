import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Deals',
  label: 'Deals and offers',
  picker: {
    title: 'Deals and offers',
    description: "Operators' current deals and offers from the listings of a category; each goes when it expires.",
    group: 'listings',
  },
  schema,
  allowedIn: ['contents'],
})
