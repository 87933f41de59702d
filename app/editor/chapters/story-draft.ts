import type { ImageRef, Link } from '#lib/content'
import type { Story } from '#lib/stories'

/**
 * What the story editor in the Chapters panel edits (spec 01 §3 Story): the title, slug and
 * description, the header image and the 'up next' teaser. Small pure helpers, tested on their own.
 */
export interface StoryDraft {
  title: string
  slug: string
  description: string
  headerImage: ImageRef
  upNext: {
    inContainer: boolean
    heading: string
    subtitle: string
    link: Link
    image: ImageRef
  }
}

const noImage = (): ImageRef => ({ imageId: '', alt: '' })

/** The editable copy of a loaded story. */
export function draftOf(story: Story): StoryDraft {
  return {
    title: story.title,
    slug: story.slug,
    description: story.description,
    headerImage: { ...noImage(), ...story.header.image },
    upNext: {
      inContainer: story.upNext.inContainer,
      heading: story.upNext.heading,
      subtitle: story.upNext.subtitle,
      link: { ...story.upNext.link },
      image: { ...noImage(), ...story.upNext.image },
    },
  }
}

/** The story as chapters/saveStory and chapters/publishStory take it, with the version it was loaded at. */
export function storyPayload(story: Pick<Story, '_id' | 'version'>, draft: StoryDraft) {
  return {
    _id: story._id,
    version: story.version,
    title: draft.title,
    slug: draft.slug,
    description: draft.description,
    header: { image: draft.headerImage },
    upNext: draft.upNext,
  }
}

/**
 * Another picture for an image field: the crop and focal point belonged to the previous picture's
 * pixels, so they go; an empty id removes the picture. The alt text stays with the field.
 */
export function withImage(image: ImageRef, imageId: string): ImageRef {
  return { imageId, alt: imageId ? image.alt : '', ...(image.decorative !== undefined && imageId ? { decorative: image.decorative } : {}) }
}

/** Whether the editor changed anything since the story was loaded or saved. */
export function isDirty(saved: StoryDraft, current: StoryDraft): boolean {
  return JSON.stringify(saved) !== JSON.stringify(current)
}
