/**
 * componentType -> View, without the schemas: this is all a visitor's browser needs (the page
 * loader has already validated and filled in the props on the server).
 */
import type { ComponentType } from 'react'
import type { BlockProps, BlockType } from './schemas'
import { View as Anchor } from './Anchor/View'
import { View as CardCarousel } from './CardCarousel/View'
import { View as CardGrid } from './CardGrid/View'
import { View as Contact } from './Contact/View'
import { View as CustomSectionHeading } from './CustomSectionHeading/View'
import { View as FeatureCards } from './FeatureCards/View'
import { View as FeatureTiles } from './FeatureTiles/View'
import { View as Image } from './Image/View'
import { View as Link } from './Link/View'
import { View as LinkList } from './LinkList/View'
import { View as Quote } from './Quote/View'
import { View as RichText } from './RichText/View'
import { View as SectionHeading } from './SectionHeading/View'
import { View as Text } from './Text/View'
import { View as UpNext } from './UpNext/View'

export const blockViews: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  SectionHeading,
  CustomSectionHeading,
  Text,
  RichText,
  Image,
  LinkList,
  CardGrid,
  CardCarousel,
  Quote,
  FeatureTiles,
  FeatureCards,
  Contact,
  UpNext,
  Anchor,
  Link,
}
