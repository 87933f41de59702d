/**
 * Stories and their chapter pages (spec 01 §3 Story, spec 02 §3.4), shared by the editor and the
 * server: the story document, what creating one needs, and how chapter page slugs are built.
 */
import { z } from 'zod'
import { imageRefSchema, linkSchema } from './content.ts'
import { normaliseSlug, storySlug } from './slug.ts'

export { storySlug }

export const storyInputSchema = z.object({
  title: z.string().trim().max(200).default(''),
  slug: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
})
export type StoryInput = z.input<typeof storyInputSchema>

/** Everything a story holds besides its id and slug. */
export const storySchema = storyInputSchema.extend({
  header: z.object({ image: imageRefSchema.default({ imageId: '', alt: '' }) }).default({ image: { imageId: '', alt: '' } }),
  upNext: z
    .object({
      inContainer: z.boolean().default(true),
      heading: z.string().max(200).default(''),
      subtitle: z.string().max(500).default(''),
      link: linkSchema.default({ text: '', href: '', type: 'page' }),
      image: imageRefSchema.default({ imageId: '', alt: '' }),
    })
    .default({ inContainer: true, heading: '', subtitle: '', link: { text: '', href: '', type: 'page' }, image: { imageId: '', alt: '' } }),
  overview: z.object({ type: z.string().max(40).default('list') }).default({ type: 'list' }),
})

/** A chapter page as the story lists it (published pages for visitors, every page for editors). */
export interface ChapterSummary {
  _id: string
  slug: string
  title: string
  description: string
  image: { imageId: string; alt: string } | null
  published: boolean
}

export interface Story extends z.output<typeof storySchema> {
  _id: string
  slug: string
  domainId: string
  published: boolean
  /** Bumped by every save; a save sends the version it loaded (no lost updates). */
  version: number
  lastPublished: string | null
  createdAt: string
  updatedAt: string
  /** The chapter pages of the story, in the order they were created. */
  chapters: ChapterSummary[]
}

/** What the story list answers (spec 01 §7 loadStories: _id and title, plus the slug). */
export interface StorySummary {
  _id: string
  title: string
  slug: string
  description: string
}

/** A page's reference to its story (spec 01 §3). */
export interface StoryRef {
  _id: string
  slug: string
}

const CHAPTERS = 'chapters/'

/** The page's own part of a chapter slug ('chapters/{story}/{page}' -> '{page}'). */
export function chapterPart(slug: string, story?: string): string {
  const normalised = normaliseSlug(slug)
  if (story && normalised.startsWith(`${CHAPTERS}${story}/`)) return normalised.slice(CHAPTERS.length + story.length + 1)
  if (normalised.startsWith(CHAPTERS))
    return normalised.slice(CHAPTERS.length).split('/').slice(1).join('/') || normalised.slice(CHAPTERS.length)
  return normalised
}

/** Spec 01 §2.1: a chapter page's stored slug is 'chapters/{story slug}/{page slug}'. */
export function chapterSlug(storySlugValue: string, pageSlug: string): string {
  const part = chapterPart(pageSlug, storySlugValue).replace(/^\/+|\/+$/g, '')
  return normaliseSlug(`${CHAPTERS}${storySlugValue}/${part}`)
}

/** The story slug a chapter page slug lives under ('chapters/{story}/...'), or null. */
export function storySlugOfChapter(slug: string): string | null {
  const match = /^chapters\/([^/]+)\//.exec(normaliseSlug(slug))
  return match ? match[1]! : null
}
