/**
 * Image sizes of the blocks (spec 02 §9). Kept apart from the schemas so views can use them
 * without pulling zod into the visitor's bundle.
 */
export const imageSizes = {
  imageBlock: { desktop: { width: 1080, height: 600 }, mobile: { width: 450, height: 250 } },
  card: { width: 333, height: 500 },
  featureTile: { width: 300, height: 300 },
  featureCard: { width: 600, height: 450 },
  contact: { width: 400, height: 400 },
  carousel: { width: 1920, height: 1080 },
} as const
