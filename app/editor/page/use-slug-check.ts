import { useEffect, useState } from 'react'
import type { Collection } from '#lib/content'
import { normaliseSlug } from '#lib/slug'
import { getApi } from '#ui/api.ts'

export type SlugStatus = 'idle' | 'checking' | 'free' | 'taken' | 'error'

/** How long typing must pause before the address is checked. */
export const SLUG_CHECK_DELAY_MS = 300

/**
 * Whether a slug is free in the domain, checked on the server (page/checkSlug answers the id of
 * the page holding it, or null) a moment after typing stops. The page's own id is excluded.
 */
export function useSlugCheck(
  slug: string,
  { excludeId, collection = 'pages', enabled = true }: { excludeId?: string; collection?: Collection; enabled?: boolean } = {},
): SlugStatus {
  const normalised = normaliseSlug(slug)
  const key = `${collection}\n${excludeId ?? ''}\n${normalised}`
  const [result, setResult] = useState<{ key: string; status: 'free' | 'taken' | 'error' } | null>(null)

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      getApi('/page/checkSlug', { slug: normalised, id: excludeId, collection }, { signal: controller.signal })
        .then((holder) => setResult({ key, status: holder ? 'taken' : 'free' }))
        .catch(() => {
          if (!controller.signal.aborted) setResult({ key, status: 'error' })
        })
    }, SLUG_CHECK_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, normalised, excludeId, collection, enabled])

  if (!enabled) return 'idle'
  return result?.key === key ? result.status : 'checking'
}
