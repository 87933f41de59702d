import { z } from 'zod'
import { image, link, text } from '../fields'

/** A card (spec 02 §3.5), shared by CardGrid and CardCarousel. Image 333x500. */
export const cardSchema = z.object({
  image: image(),
  title: text(200),
  description: text(600),
  link: link(),
})
export type Card = z.output<typeof cardSchema>
