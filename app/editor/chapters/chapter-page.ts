import { useState } from 'react'
import type { Collection } from '#lib/content'
import { chapterSlug, type StorySummary } from '#lib/stories'
import { texts } from '#lib/texts'
import { useStories } from './use-stories.ts'

export type NewPageType = 'page' | 'chapters'
export const pageTypeOptions = [
  { value: 'page', label: texts.chapters.pageTypes.page },
  { value: 'chapters', label: texts.chapters.pageTypes.chapters },
] as const

/**
 * What Create New Page needs for a chapter page (spec 01 §2.13, §2.14): the page type, the story
 * it belongs to, the collection and the stored slug ('chapters/{story slug}/{slug}').
 */
export function useNewPageType() {
  const [pageType, setPageType] = useState<NewPageType>('page')
  const [story, setStory] = useState<StorySummary | null>(null)
  const chapters = pageType === 'chapters'
  const { stories, error, reload } = useStories()
  const collection: Collection = chapters ? 'chapters' : 'pages'
  return {
    pageType,
    /** Switching to a chapter page asks for the stories afresh: one created since the dialog opened (here or in another tab) is offered. */
    setPageType: (type: NewPageType) => {
      setPageType(type)
      if (type === 'chapters') reload()
    },
    isChapter: chapters,
    story,
    setStory,
    stories,
    storiesError: error,
    collection,
    /** The slug as stored: chapter pages live under their story. */
    slugFor: (slug: string) => (chapters && story ? chapterSlug(story.slug, slug) : slug),
    /** Extra fields of the saved page. */
    pageFields: () => (chapters && story ? { template: 'chapter', pageType: 'chapters', story: { _id: story._id, slug: story.slug } } : {}),
    missingStory: chapters && !story,
  }
}
