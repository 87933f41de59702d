import { chapterSlug } from '#lib/stories'
import type { EditorPage } from '../state/types.ts'
import { StorySelect } from './StorySelect.tsx'
import { useStories } from './use-stories.ts'

/**
 * Page Settings of a chapter page (spec 01 §2.13): its story. Choosing another story moves the
 * page's address under that story ('chapters/{story slug}/...').
 */
export function ChapterStoryField({ page, onChange }: { page: EditorPage; onChange: (next: EditorPage) => void }) {
  const { stories, error } = useStories()
  const current = (page.story as { _id?: unknown } | undefined)?._id
  const slug = typeof page.slug === 'string' ? page.slug : ''
  return (
    <StorySelect
      stories={stories}
      error={error}
      value={typeof current === 'string' ? current : ''}
      onChange={(story) => {
        if (!story) return
        onChange({ ...page, story: { _id: story._id, slug: story.slug }, slug: chapterSlug(story.slug, slug) })
      }}
    />
  )
}
