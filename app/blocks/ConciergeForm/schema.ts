import type { z } from 'zod'
import { defaultsOf, defineBlock } from '../fields'

export const label = 'Concierge Form'
/** Spec 02 §2.8: the concierge form has no fields of its own; its settings are the site's (Concierge Form panel). */
export const schema = defineBlock('ConciergeForm', {})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'ConciergeForm')
