import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { blockObject, text } from '../fields'

export const schema = blockObject('LinkList', {
  title: text(200),
  items: z.array(linkSchema).max(50).default([]),
})
export type Props = z.output<typeof schema>
