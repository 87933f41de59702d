import { z } from 'zod'
import { colour, blockObject, image, link, text } from '../fields'

export const tileSchema = z.object({
  image: image(),
  heading: text(200),
  copy: text(600),
  link: link(),
  learnMore: text(60),
})
export const schema = blockObject('FeatureTiles', {
  title: text(200),
  tiles: z.array(tileSchema).max(12).default([]),
  backgroundColour: colour('softPink'),
})
export type Props = z.output<typeof schema>
export type Tile = z.output<typeof tileSchema>
