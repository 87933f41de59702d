import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Logo',
  label: 'Logo',
  picker: {
    title: 'Logo',
    description: "A partner's or award's logo at its own shape, with an optional link.",
    group: 'media',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
