import type { StoryInput } from '#lib/stories'
import { texts } from '#lib/texts'
import { ApiError, errorMessage, getApi, postApi } from '#ui/api.ts'

/**
 * The editor's story calls (spec 01 §7): obj/story lists, creates and deletes; chapters/loadStories
 * fills the 'Associate this page to a story' dropdown; chapters/loadStory, saveStory and
 * publishStory serve the story's detail in the Chapters panel.
 */
export const listStories = () => getApi('/obj/story')
export const loadStories = () => getApi('/chapters/loadStories')
export const createStory = (story: StoryInput) => postApi('/obj/story', { title: '', slug: '', description: '', ...story })
/** One story with its chapter pages; editors receive the draft (chapters/loadStory). */
export const loadStory = (storyId: string) => getApi('/chapters/loadStory', { storyId })
/** Saves the story's draft, or saves and publishes it (what chapter pages show visitors). */
export const storeStory = (story: { _id: string; version?: number; domainId?: string } & Record<string, unknown>, publish: boolean) =>
  publish ? postApi('/chapters/publishStory', { story }) : postApi('/chapters/saveStory', { story })

/** DELETE {api}/obj/story/{id}; `apiBase` is the root loader's (the editor's helpers only POST and GET). */
export async function deleteStory(apiBase: string, id: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${apiBase}/obj/story/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch {
    throw new ApiError(texts.toasts.unknownError, 0)
  }
  if (!response.ok) throw new ApiError(errorMessage(await response.json().catch(() => null)), response.status)
}
