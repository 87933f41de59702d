import { z } from 'zod'
import { blockObject } from '../fields'

/** Spec 02 §3.5: Listings {categoryFilter, showExport}; 'none' (spec 02 §3.2) means no category filter. */
export const schema = blockObject('Listings', {
  categoryFilter: z.string().max(200).default('none'),
  showExport: z.boolean().default(false),
})
export type Props = z.output<typeof schema>
