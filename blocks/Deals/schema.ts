import { z } from 'zod'
import { blockObject, text } from '../fields'

/** The deals block (issue 35 point 5): a heading, the listing category whose deals it shows ('none': all), at most `limit` deals. */
export const schema = blockObject('Deals', {
  title: text(200),
  categoryFilter: z.string().max(200).default('none'),
  limit: z.number().int().min(1).max(24).default(6),
})
export type Props = z.output<typeof schema>
