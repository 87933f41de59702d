import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'ConciergeForm',
  label: 'Concierge Form',
  picker: {
    title: 'Trip enquiry form',
    description: 'A form where visitors ask the visitor centre to plan their trip.',
    group: 'booking',
    sketch: 'form',
  },
  schema,
  allowedIn: ['contents'],
})
