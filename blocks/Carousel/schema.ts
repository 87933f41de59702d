import { z } from 'zod'
import { linkSchema, linkTypes } from '#lib/content'
import { blockObject, image, text } from '../fields'

/** Spec 02 §5 and §9: no more than 5 items. */
export const CAROUSEL_MAX_ITEMS = 5

/** A palette key (lib/palette.ts) and its label, as the colour picker stores it. */
export const backgroundSchema = z.object({ value: z.string().max(40).default('softPink'), label: z.string().max(60).default('Soft Pink') })

export const carouselItemSchema = z.object({
  /** The slide's own link type (spec 02 §3.5 `link {type}`): how the button below opens. */
  link: z.object({ type: z.enum(linkTypes).default('page') }).default({ type: 'page' }),
  title: text(200),
  description: text(800),
  button: linkSchema.extend({ icon: z.string().max(40).default('') }).default({ text: '', href: '', type: 'page', icon: '' }),
  image: image(),
})

export const schema = blockObject('Carousel', {
  title: text(200),
  reversed: z.boolean().default(false),
  background: backgroundSchema.default({ value: 'softPink', label: 'Soft Pink' }),
  items: z.array(carouselItemSchema).max(CAROUSEL_MAX_ITEMS, `A carousel holds at most ${CAROUSEL_MAX_ITEMS} items`).default([]),
})
export type Props = z.output<typeof schema>
export type CarouselItem = z.output<typeof carouselItemSchema>
