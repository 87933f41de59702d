import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'BookEasySearch',
  label: 'BookEasy Search',
  picker: {
    title: 'Booking search',
    description: 'Visitors search availability by dates, guests and type, then book.',
    group: 'booking',
    sketch: 'booking',
  },
  schema,
  allowedIn: ['contents'],
})
