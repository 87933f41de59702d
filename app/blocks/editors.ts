/**
 * componentType -> the block's sidebar editor (spec 02 §2.9), from each block's own Editor.tsx.
 * Imported only by the in-page editor (lazy chunk): visitors never download these.
 */
import type { ComponentType } from 'react'
import type { Path, PathSegment } from './editing'
import { Editor as Carousel } from './Carousel/Editor'
import { Editor as Contact } from './Contact/Editor'
import { Editor as CustomContentSplit } from './CustomContentSplit/Editor'
import { Editor as CustomMosaic } from './CustomMosaic/Editor'
import { Editor as FeatureBlock } from './FeatureBlock/Editor'
import { Editor as FeatureTiles } from './FeatureTiles/Editor'
import { Editor as FormattedText } from './FormattedText/Editor'
import { Editor as ImageNavigation } from './ImageNavigation/Editor'
import { Editor as Logo } from './Logo/Editor'
import { Editor as NewsletterForm } from './NewsletterForm/Editor'
import { Editor as RegionMap } from './RegionMap/Editor'
import { Editor as SplitContent } from './SplitContent/Editor'
import { Editor as UpNext } from './UpNext/Editor'
import { Editor as Vimeo } from './Vimeo/Editor'
import { Editor as Youtube } from './Youtube/Editor'
import { Editor as BookEasy } from './BookEasy/Editor'
import { Editor as BookEasySearch } from './BookEasySearch/Editor'
import { Editor as Listings } from './Listings/Editor'

export interface BlockEditorProps<B = Record<string, unknown>> {
  /** Absolute path of the block in the page. */
  path: Path
  /** The block as currently edited. */
  block: B
  /** Sets a value at a path relative to the block (one undoable edit). */
  set: (relativePath: string | readonly PathSegment[], value: unknown) => void
}

// Each block with settings beyond its in-place fields adds one line here, e.g.
//   import { Editor as SplitContent } from './SplitContent/Editor'
export const blockEditors: Partial<Record<string, ComponentType<BlockEditorProps>>> = {
  Listings,
  Carousel,
  Contact,
  CustomContentSplit,
  CustomMosaic,
  FeatureBlock,
  FeatureTiles,
  FormattedText,
  ImageNavigation,
  Logo,
  NewsletterForm,
  RegionMap,
  SplitContent,
  UpNext,
  Vimeo,
  Youtube,
  BookEasy,
  BookEasySearch,
}
