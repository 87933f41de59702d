import { z } from 'zod'
import { sanitizeRichText } from '#lib/sanitize'
import { blockObject, image, link, richText, text } from '../fields'

/**
 * Spec 02 §3.5: link, image, title, inContainer, subtitle, description, hideHeaders, hideLists.
 * The description is rich text; hideHeaders and hideLists keep headings and lists out of it.
 */
const shape = blockObject('FeatureBlock', {
  link: link(),
  image: image(),
  title: text(200),
  subtitle: text(300),
  description: richText(20_000),
  inContainer: z.boolean().default(true),
  hideHeaders: z.boolean().default(false),
  hideLists: z.boolean().default(false),
})
export const schema = shape.transform((block) => ({
  ...block,
  description: sanitizeRichText(block.description, { headers: block.hideHeaders, lists: block.hideLists }),
}))
export type Props = z.output<typeof schema>
