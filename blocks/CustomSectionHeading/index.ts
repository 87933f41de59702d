import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomSectionHeading',
  label: 'Custom Section Heading',
  picker: {
    title: 'Two-part heading',
    description: 'A heading in two parts with a subtitle, for a standout section start.',
    group: 'text',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
