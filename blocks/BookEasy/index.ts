import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'BookEasy',
  label: 'BookEasy',
  picker: {
    title: 'Booking widget',
    description: "One operator's availability, or everything of a type in the region, to book.",
    group: 'booking',
    sketch: 'booking',
  },
  schema,
  allowedIn: ['contents'],
})
