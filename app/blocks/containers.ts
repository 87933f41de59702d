/**
 * Which block types each container lets an editor add (spec 02 §2.8 "contents container").
 * Server-safe and React-free: the API checks saved pages against it, the editor's block picker
 * offers only what the container allows. Types not in the library yet are skipped by both.
 */
import type { ContainerId } from './editing'

/** Spec 02 §2.8: what the contents container allows in nested areas (and on the page itself). */
const contentsTypes = [
  'LinkList',
  'Text',
  'RichText',
  'FormattedText',
  'CardCarousel',
  'CardGrid',
  'Listings',
  'Vimeo',
  'Youtube',
  'Carousel',
  'Image',
  'BookEasy',
  'BookEasySearch',
  'UpNext',
  'FeatureTiles',
  'FeatureCards',
  'FeatureBlock',
  'ImageNavigation',
  'SplitContent',
  'CustomContentSplit',
  'NewsletterForm',
  'Chapters',
  'Contact',
  'RegionMap',
  'SectionHeading',
  'ConciergeForm',
  'Anchor',
  'Link',
  'GiftCard',
  // Page-level blocks of the same library that the spec lists elsewhere in §2.8.
  'CustomSectionHeading',
  'Quote',
  'Logo',
  'CustomMosaic',
  'CustomLinkRight',
] as const

/** Split content sides take a narrower list (spec 02 §2.8: "exact list not shown"): text, media and links. */
const splitTypes = [
  'Text',
  'RichText',
  'FormattedText',
  'SectionHeading',
  'CustomSectionHeading',
  'Image',
  'Vimeo',
  'Youtube',
  'Link',
  'CustomLinkRight',
  'LinkList',
  'Contact',
  'Quote',
  'Anchor',
  'Logo',
  'NewsletterForm',
] as const

export const containers: Record<ContainerId, readonly string[]> = {
  contents: contentsTypes,
  split: splitTypes,
}

export function allows(container: ContainerId, componentType: string): boolean {
  return containers[container].includes(componentType)
}
