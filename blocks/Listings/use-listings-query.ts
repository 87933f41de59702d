import { useCallback, useRef, useState } from 'react'
import type { FetchResponse } from '#lib/listings'
import { useLocale } from '#ui/locale'
import { postJson } from '#ui/visitor-api.ts'
import { fetchRequest, PAGE_SIZE, type GridFilters } from '../../listings/grid-filters'
import type { ListingsBlockData } from './data'

/** Spec 02 §9: a re-query shows its loading state at least this long. */
const FETCH_MIN_DELAY_MS = 200

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The grid's results: the server's first answer, then `listing/fetch` for each change of filters
 * (only the latest request's answer is kept) or Load More (appended).
 */
export function useListingsQuery(apiBase: string, categoryFilter: string, initial: ListingsBlockData | undefined) {
  const [result, setResult] = useState<FetchResponse | null>(initial?.result ?? null)
  const [pages, setPages] = useState(initial?.pages ?? 1)
  const [loading, setLoading] = useState(!initial?.result)
  const [loadingMore, setLoadingMore] = useState(false)
  const requestId = useRef(0)
  // Cards and words in the page's language (decision 030).
  const { locale } = useLocale()

  const query = useCallback(
    async (next: GridFilters, page: number, append: boolean) => {
      const id = ++requestId.current
      const body = fetchRequest(next, categoryFilter, page, PAGE_SIZE, locale)
      try {
        const [response] = await Promise.all([postJson(apiBase, '/listing/fetch', body), delay(FETCH_MIN_DELAY_MS)])
        const answer: FetchResponse = response
        if (id !== requestId.current) return null
        setResult((previous) => (append && previous ? { ...answer, listings: [...previous.listings, ...answer.listings] } : answer))
        setPages(page)
        return answer
      } catch (error) {
        // Spec 02 §8: listing grid fetch failures are not handled visibly.
        console.error(error)
        return null
      } finally {
        if (id === requestId.current) {
          setLoading(false)
          setLoadingMore(false)
        }
      }
    },
    [apiBase, categoryFilter, locale],
  )

  return { result, pages, loading, loadingMore, setLoading, setLoadingMore, query }
}
