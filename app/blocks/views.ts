/**
 * componentType -> View, without the schemas: this is all a visitor's browser needs (the page
 * loader has already validated and filled in the props on the server).
 */
import type { ComponentType } from 'react'
import type { BlockProps, BlockType } from './schemas'
import { View as Anchor } from './Anchor/View'
import { View as Chapters } from './Chapters/View'
import { View as ConciergeForm } from './ConciergeForm/View'
import { View as Carousel } from './Carousel/View'
import { View as ImageNavigation } from './ImageNavigation/View'
import { View as CustomLinkRight } from './CustomLinkRight/View'
import { View as FeatureBlock } from './FeatureBlock/View'
import { View as Vimeo } from './Vimeo/View'
import { View as Youtube } from './Youtube/View'
import { View as Logo } from './Logo/View'
import { View as CustomMosaic } from './CustomMosaic/View'
import { View as NewsletterForm } from './NewsletterForm/View'
import { View as RegionMap } from './RegionMap/View'
import { View as SplitContent } from './SplitContent/View'
import { View as CustomContentSplit } from './CustomContentSplit/View'
import { View as FormattedText } from './FormattedText/View'
import { View as CardCarousel } from './CardCarousel/View'
import { View as CardGrid } from './CardGrid/View'
import { View as Contact } from './Contact/View'
import { View as CustomSectionHeading } from './CustomSectionHeading/View'
import { View as FeatureCards } from './FeatureCards/View'
import { View as FeatureTiles } from './FeatureTiles/View'
import { View as Image } from './Image/View'
import { View as Link } from './Link/View'
import { View as LinkList } from './LinkList/View'
import { View as Listings } from './Listings/View'
import { View as Quote } from './Quote/View'
import { View as RichText } from './RichText/View'
import { View as SectionHeading } from './SectionHeading/View'
import { View as Text } from './Text/View'
import { View as UpNext } from './UpNext/View'
import { View as BookEasy } from './BookEasy/View'
import { View as BookEasySearch } from './BookEasySearch/View'
import { View as GiftCard } from './GiftCard/View'

export const blockViews: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  Chapters,
  ConciergeForm,
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
  Carousel,
  ImageNavigation,
  CustomLinkRight,
  FeatureBlock,
  Vimeo,
  Youtube,
  Logo,
  CustomMosaic,
  NewsletterForm,
  RegionMap,
  SplitContent,
  CustomContentSplit,
  FormattedText,
  Listings,
  BookEasy,
  BookEasySearch,
  GiftCard,
}
