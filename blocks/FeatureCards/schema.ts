import { z } from 'zod'
import { blockObject, image, link, text } from '../fields'

export const featureCardSchema = z.object({
  image: image(),
  title: text(200),
  description: text(600),
  link: link(),
})
/** Spec 02 §2.8: two image cards with a call to action and a learn-more link. */
export const schema = blockObject('FeatureCards', {
  heading: text(200),
  subheading: text(500),
  cta: link(),
  learnMore: link(),
  cardOne: featureCardSchema.default({
    image: { imageId: '', alt: '' },
    title: '',
    description: '',
    link: { text: '', href: '', type: 'page' },
  }),
  cardTwo: featureCardSchema.default({
    image: { imageId: '', alt: '' },
    title: '',
    description: '',
    link: { text: '', href: '', type: 'page' },
  }),
})
export type Props = z.output<typeof schema>
export type FeatureCard = z.output<typeof featureCardSchema>
