import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'NewsletterForm',
  label: 'Newsletter Form',
  schema,
  allowedIn: ['contents', 'split'],
})
