import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Contact',
  label: 'Contact',
  picker: {
    title: 'Contact details',
    description: 'Addresses, phone numbers, e-mail and websites, each one tappable.',
    group: 'booking',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
