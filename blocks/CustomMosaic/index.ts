import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'CustomMosaic',
  label: 'Mosaic',
  schema,
  allowedIn: ['contents'],
})
