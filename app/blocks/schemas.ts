/**
 * componentType -> zod schema. Server-safe (no React): the API validates saves with it and the page
 * loader normalises stored blocks with it, so views always receive complete, clean props.
 */
import type { z } from 'zod'
import { blockSchema, type StoredBlock } from '#lib/content'
import { allows } from './containers'
import type { ContainerId } from './editing'
import * as Anchor from './Anchor/schema'
import * as Chapters from './Chapters/schema'
import * as ConciergeForm from './ConciergeForm/schema'
import * as Carousel from './Carousel/schema'
import * as ImageNavigation from './ImageNavigation/schema'
import * as CustomLinkRight from './CustomLinkRight/schema'
import * as FeatureBlock from './FeatureBlock/schema'
import * as Vimeo from './Vimeo/schema'
import * as Youtube from './Youtube/schema'
import * as Logo from './Logo/schema'
import * as CustomMosaic from './CustomMosaic/schema'
import * as NewsletterForm from './NewsletterForm/schema'
import * as RegionMap from './RegionMap/schema'
import * as SplitContent from './SplitContent/schema'
import * as CustomContentSplit from './CustomContentSplit/schema'
import * as FormattedText from './FormattedText/schema'
import * as CardCarousel from './CardCarousel/schema'
import * as CardGrid from './CardGrid/schema'
import * as Contact from './Contact/schema'
import * as CustomSectionHeading from './CustomSectionHeading/schema'
import * as FeatureCards from './FeatureCards/schema'
import * as FeatureTiles from './FeatureTiles/schema'
import * as Image from './Image/schema'
import * as Link from './Link/schema'
import * as LinkList from './LinkList/schema'
import * as Listings from './Listings/schema'
import * as Quote from './Quote/schema'
import * as RichText from './RichText/schema'
import * as SectionHeading from './SectionHeading/schema'
import * as Text from './Text/schema'
import * as UpNext from './UpNext/schema'
import * as BookEasy from './BookEasy/schema'
import * as BookEasySearch from './BookEasySearch/schema'
import * as GiftCard from './GiftCard/schema'

export const blockModules = {
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
} as const

export type BlockType = keyof typeof blockModules
export type BlockProps<T extends BlockType> = z.output<(typeof blockModules)[T]['schema']>
export type AnyBlock = { [T in BlockType]: BlockProps<T> }[BlockType]
/** What may be written for a block before defaults are filled in (demo content, API input). */
export type BlockInput<T extends BlockType> = z.input<(typeof blockModules)[T]['schema']>

export const blockSchemas = Object.fromEntries(Object.entries(blockModules).map(([type, mod]) => [type, mod.schema])) as {
  [T in BlockType]: (typeof blockModules)[T]['schema']
}

export const blockTypes = Object.keys(blockModules) as BlockType[]

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === 'string' && Object.hasOwn(blockModules, type)
}

export interface BlockIssue {
  path: (string | number)[]
  message: string
}

export type ValidateResult = { ok: true; block: AnyBlock } | { ok: false; issues: BlockIssue[] }

function toIssues(error: z.ZodError, prefix: (string | number)[] = []): BlockIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: issue.message,
  }))
}

/** Checks one stored block against its schema; fills defaults and cleans rich text on the way. */
export function validateBlock(block: unknown): ValidateResult {
  const base = blockSchema.safeParse(block)
  if (!base.success) return { ok: false, issues: toIssues(base.error) }
  const type = base.data.componentType
  if (!isBlockType(type)) return { ok: false, issues: [{ path: ['componentType'], message: `Unknown block type '${type}'` }] }
  const parsed = blockSchemas[type].safeParse(block)
  if (!parsed.success) return { ok: false, issues: toIssues(parsed.error) }
  return { ok: true, block: parsed.data as AnyBlock }
}

/**
 * Validates a whole contents list: each block against its schema and against what the container
 * allows (spec 02 §2.8; lists nested in blocks check theirs, see SplitContent/nested.ts). Issue
 * paths start with the block's index.
 */
export function validateContents(
  contents: unknown,
  container: ContainerId = 'contents',
): { ok: true; contents: AnyBlock[] } | { ok: false; issues: BlockIssue[] } {
  if (!Array.isArray(contents)) return { ok: false, issues: [{ path: [], message: 'Expected a list of blocks' }] }
  const out: AnyBlock[] = []
  const issues: BlockIssue[] = []
  contents.forEach((block, index) => {
    const result = validateBlock(block)
    if (!result.ok) issues.push(...result.issues.map((i) => ({ ...i, path: [index, ...i.path] })))
    else if (!allows(container, result.block.componentType))
      issues.push({ path: [index, 'componentType'], message: `${result.block.componentType} cannot be placed here` })
    else out.push(result.block)
  })
  return issues.length ? { ok: false, issues } : { ok: true, contents: out }
}

/**
 * For rendering: keeps the blocks that validate (with defaults filled in) and drops the rest, so
 * an unknown or broken block never reaches a visitor.
 */
export function normaliseContents(contents: readonly StoredBlock[] | readonly unknown[] | undefined): AnyBlock[] {
  const out: AnyBlock[] = []
  for (const block of contents ?? []) {
    const result = validateBlock(block)
    if (result.ok) out.push(result.block)
  }
  return out
}
