/**
 * A page's scheduled publishes and unpublishes (issue 17 point 6) as the editor shows them: on the
 * menu's Publish Page item and in its panel. One copy per page in this module, shared by both; while
 * one is pending it is asked for again once due, so the menu follows when it has run.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { PageSchedule } from '#lib/schedule'
import type { Collection } from '#lib/content'
import { getApi } from '#ui/api.ts'

export interface PageSchedules {
  pending: PageSchedule[]
  recent: PageSchedule[]
}

const EMPTY: PageSchedules = { pending: [], recent: [] }
const cache = new Map<string, PageSchedules>()
const listeners = new Set<() => void>()
const keyOf = (collection: string, pageId: string, locale: string | null) => `${collection}:${pageId}:${locale ?? ''}`

/** A further language's schedules are its own (decision 025): `locale` names it, null the default language. */
export async function refreshSchedules(collection: Collection, pageId: string, locale: string | null = null): Promise<PageSchedules> {
  const data = await getApi('/schedule/forPage', { pageId, collection, ...(locale ? { locale } : {}) })
  cache.set(keyOf(collection, pageId, locale), data)
  for (const listener of listeners) listener()
  return data
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The page's schedules. With `watch` (one caller, the menu), they are loaded when the page opens
 * and asked for again a moment after the next one is due; `onRan` hears that one has run.
 */
export function usePageSchedules(
  collection: Collection,
  pageId: string | null,
  options: { watch?: boolean; onRan?: () => void; locale?: string | null } = {},
) {
  const locale = options.locale ?? null
  const key = pageId ? keyOf(collection, pageId, locale) : ''
  const data = useSyncExternalStore(
    subscribe,
    () => (key ? (cache.get(key) ?? EMPTY) : EMPTY),
    () => EMPTY,
  )
  const refresh = useCallback(
    () => (pageId ? refreshSchedules(collection, pageId, locale) : Promise.resolve(EMPTY)),
    [collection, pageId, locale],
  )
  const { watch, onRan } = options

  useEffect(() => {
    if (!watch || !pageId) return
    void refresh().catch(() => undefined)
  }, [watch, pageId, refresh])

  const next = data.pending[0]
  useEffect(() => {
    if (!watch || !pageId || !next) return
    // A moment after it is due (each instance ticks every few seconds), then every few seconds until it has run.
    const wait = Math.max(Date.parse(next.dueAt) - Date.now() + 1500, 3000)
    const timer = window.setTimeout(
      () => {
        void refresh()
          .then((fresh) => {
            if (!fresh.pending.some((s) => s.id === next.id)) onRan?.()
          })
          .catch(() => undefined)
      },
      Math.min(wait, 2 ** 31 - 1),
    )
    return () => window.clearTimeout(timer)
  }, [watch, pageId, next, refresh, onRan])

  return { ...data, refresh }
}
