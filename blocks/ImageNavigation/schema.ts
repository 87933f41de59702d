import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { colour, blockObject, image, text } from '../fields'
import { fontColours } from './colours'

/** Spec 02 §3.5: links beside an image, optionally reversed, on a background colour. */
export const schema = blockObject('ImageNavigation', {
  title: text(200),
  backgroundColour: colour('softPink'),
  fontColour: z.enum(fontColours).default(''),
  reversed: z.boolean().default(false),
  imageCaption: text(300),
  links: z.array(linkSchema).max(12).default([]),
  image: image(),
})
export type Props = z.output<typeof schema>
