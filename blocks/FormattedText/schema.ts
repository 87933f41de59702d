import { z } from 'zod'
import { blockObject, text } from '../fields'

/**
 * Text typed with light formatting marks (see ./format.ts): blank lines for paragraphs, '## ' for
 * headings, '- ' and '1. ' for lists, **bold** and *italic*. Stored as typed; rendered safely.
 */
export const schema = blockObject('FormattedText', {
  text: text(20_000),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
