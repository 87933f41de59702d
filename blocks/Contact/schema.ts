import { z } from 'zod'
import { imageRefSchema } from '#lib/content'
import { blockObject, text } from '../fields'

export const contactTypes = ['location', 'phone', 'email', 'url'] as const
export const contactMethodSchema = z.object({
  type: z.enum(contactTypes).default('phone'),
  text: text(200),
  /** Optional address; phone and email build theirs from the text when left empty. */
  link: z.string().max(2000).default(''),
})
export const schema = blockObject('Contact', {
  title: text(200),
  subtitle: text(500),
  image: imageRefSchema.extend({ show: z.boolean().default(false) }).default({ imageId: '', alt: '', show: false }),
  contactMethods: z.array(contactMethodSchema).max(12).default([]),
})
export type Props = z.output<typeof schema>
export type ContactMethod = z.output<typeof contactMethodSchema>
