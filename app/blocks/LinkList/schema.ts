import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { defaultsOf, defineBlock, text } from '../fields'

export const label = 'Link List'
export const schema = defineBlock('LinkList', {
  title: text(200),
  items: z.array(linkSchema).max(50).default([]),
})
export type Props = z.output<typeof schema>
export const defaults = defaultsOf(schema, 'LinkList')
