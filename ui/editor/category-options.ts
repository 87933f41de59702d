import { useEffect, useState } from 'react'
import { NONE_CATEGORY, type ListingCategorySummary } from '#lib/listings'
import { getApi, messageOf } from '#ui/api'

/**
 * The listing categories a block can filter by (listing/loadCategories, then 'None'), for its
 * sidebar editor's select. A filter whose category is gone (or still loading) stays selectable
 * rather than silently changing.
 */
export function useCategoryOptions(current: string): { options: { value: string; label: string }[]; error: string | null } {
  const [categories, setCategories] = useState<ListingCategorySummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getApi('/listing/loadCategories', {}, { signal: controller.signal })
      .then(setCategories)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])
  const options = [
    ...(categories ?? []).filter((c) => c._id !== NONE_CATEGORY._id).map((c) => ({ value: c._id, label: c.name || c._id })),
    { value: NONE_CATEGORY._id, label: NONE_CATEGORY.name },
  ]
  if (!options.some((o) => o.value === current)) options.unshift({ value: current, label: current })
  return { options, error }
}
