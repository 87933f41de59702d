/**
 * componentType -> a loader of its View module. Visitors' browsers fetch only the views of the
 * blocks on the page in front of them (see view-cache.ts); the editor and the server register
 * every view at once (registry.tsx).
 */
import type { ComponentType } from 'react'
import type { BlockType } from './schemas'

/** Views differ in props; the cache hands each block its own type's view, so the props match. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's View takes its own block's props
export type ViewModule = { View: ComponentType<any> }

export const viewLoaders = {
  Anchor: () => import('./Anchor/View'),
  Chapters: () => import('./Chapters/View'),
  ConciergeForm: () => import('./ConciergeForm/View'),
  Carousel: () => import('./Carousel/View'),
  ImageNavigation: () => import('./ImageNavigation/View'),
  CustomLinkRight: () => import('./CustomLinkRight/View'),
  FeatureBlock: () => import('./FeatureBlock/View'),
  Vimeo: () => import('./Vimeo/View'),
  Youtube: () => import('./Youtube/View'),
  Logo: () => import('./Logo/View'),
  CustomMosaic: () => import('./CustomMosaic/View'),
  NewsletterForm: () => import('./NewsletterForm/View'),
  RegionMap: () => import('./RegionMap/View'),
  SplitContent: () => import('./SplitContent/View'),
  CustomContentSplit: () => import('./CustomContentSplit/View'),
  FormattedText: () => import('./FormattedText/View'),
  CardCarousel: () => import('./CardCarousel/View'),
  CardGrid: () => import('./CardGrid/View'),
  Contact: () => import('./Contact/View'),
  CustomSectionHeading: () => import('./CustomSectionHeading/View'),
  FeatureCards: () => import('./FeatureCards/View'),
  FeatureTiles: () => import('./FeatureTiles/View'),
  Image: () => import('./Image/View'),
  Link: () => import('./Link/View'),
  LinkList: () => import('./LinkList/View'),
  Listings: () => import('./Listings/View'),
  Quote: () => import('./Quote/View'),
  RichText: () => import('./RichText/View'),
  SectionHeading: () => import('./SectionHeading/View'),
  Text: () => import('./Text/View'),
  UpNext: () => import('./UpNext/View'),
  BookEasy: () => import('./BookEasy/View'),
  BookEasySearch: () => import('./BookEasySearch/View'),
  GiftCard: () => import('./GiftCard/View'),
} satisfies Record<BlockType, () => Promise<ViewModule>>
