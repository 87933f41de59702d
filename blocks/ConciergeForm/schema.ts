import type { z } from 'zod'
import { blockObject } from '../fields'

/** Spec 02 §2.8: the concierge form has no fields of its own; its settings are the site's (Concierge Form panel). */
export const schema = blockObject('ConciergeForm', {})
export type Props = z.output<typeof schema>
