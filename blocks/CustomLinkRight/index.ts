import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomLinkRight',
  label: 'Link (right-aligned)',
  picker: {
    title: 'Right-aligned link',
    description: 'A text link on the right, with an icon showing where it goes.',
    group: 'layout',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
