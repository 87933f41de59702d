import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomLinkRight',
  label: 'Link (right-aligned)',
  schema,
  allowedIn: ['contents', 'split'],
})
