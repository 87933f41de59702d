import { z } from 'zod'
import { colour, blockObject, text } from '../fields'
import { fontColours } from '../ImageNavigation/colours'
import { checkGap, splitShape } from '../SplitContent/schema'

/**
 * Split content on a coloured band with an optional heading: the same two block lists and the
 * same settings as SplitContent (spec 02 §5), plus background and font colour.
 */
export const schema = blockObject('CustomContentSplit', {
  ...splitShape,
  title: text(200),
  backgroundColour: colour('softPink'),
  fontColour: z.enum(fontColours).default(''),
}).superRefine(checkGap)
export type Props = z.output<typeof schema>
