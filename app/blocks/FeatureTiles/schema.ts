import { z } from 'zod'
import { colour, defaultsOf, defineBlock, image, link, text } from '../fields'

export const label = 'Feature Tiles'
export const tileSchema = z.object({
  image: image(),
  heading: text(200),
  copy: text(600),
  link: link(),
  learnMore: text(60),
})
export const schema = defineBlock('FeatureTiles', {
  title: text(200),
  tiles: z.array(tileSchema).max(12).default([]),
  backgroundColour: colour('softPink'),
})
export type Props = z.output<typeof schema>
export type Tile = z.output<typeof tileSchema>
export const defaults = defaultsOf(schema, 'FeatureTiles')
