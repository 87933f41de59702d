import type { z } from 'zod'
import { colour, blockObject, image, link, text } from '../fields'

export const schema = blockObject('UpNext', {
  heading: text(200),
  subheading: text(500),
  image: image(),
  backgroundColour: colour('redDarkest'),
  link: link(),
})
export type Props = z.output<typeof schema>
