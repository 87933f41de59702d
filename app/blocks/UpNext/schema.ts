import type { z } from 'zod'
import { colour, defaultsOf, defineBlock, image, link, text } from '../fields'

export const label = 'Up Next'
export const schema = defineBlock('UpNext', {
  heading: text(200),
  subheading: text(500),
  image: image(),
  backgroundColour: colour('redDarkest'),
  link: link(),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'UpNext')
