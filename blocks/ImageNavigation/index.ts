import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'ImageNavigation',
  label: 'Image Navigation',
  schema,
  allowedIn: ['contents'],
})
