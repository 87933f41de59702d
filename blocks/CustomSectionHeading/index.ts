import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomSectionHeading',
  label: 'Custom Section Heading',
  schema,
  allowedIn: ['contents', 'split'],
})
