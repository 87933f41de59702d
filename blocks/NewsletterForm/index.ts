import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'NewsletterForm',
  label: 'Newsletter Form',
  picker: {
    title: 'Newsletter sign-up',
    description: 'A form where visitors subscribe to the newsletter.',
    group: 'booking',
    sketch: 'form',
  },
  schema,
  allowedIn: ['contents', 'split'],
})
