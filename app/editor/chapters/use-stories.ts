import { useCallback, useEffect, useState } from 'react'
import type { StorySummary } from '#lib/stories'
import { messageOf } from '#ui/api.ts'
import { loadStories } from './stories-api.ts'

/** The domain's stories for a dropdown; null while loading. */
export function useStories(): { stories: StorySummary[] | null; error: string | null; reload: () => void } {
  const [stories, setStories] = useState<StorySummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const reload = useCallback(() => {
    loadStories()
      .then((list) => {
        setStories(list)
        setError(null)
      })
      .catch((err: unknown) => setError(messageOf(err)))
  }, [])
  useEffect(reload, [reload])
  return { stories, error, reload }
}
