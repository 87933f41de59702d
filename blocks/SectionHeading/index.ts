import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'SectionHeading',
  label: 'Section Heading',
  picker: {
    title: 'Section heading',
    description: 'A large heading with a short line below it, to open a section.',
    group: 'text',
    sample: { title: 'Things to do', subtitle: 'Walks, wineries and markets' },
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
