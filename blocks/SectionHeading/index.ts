import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'SectionHeading',
  label: 'Section Heading',
  schema,
  allowedIn: ['contents', 'split'],
})
