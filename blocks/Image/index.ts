import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'Image',
  label: 'Image',
  picker: {
    title: 'Image',
    description: 'One picture, cropped for desktop and phone, with a caption.',
    group: 'media',
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
