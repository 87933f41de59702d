/**
 * Who else is here (issue 17 point 8): while a page is open its tab sends a heartbeat every few
 * seconds; the answer names the other editors on the page (since when) and the stored draft's
 * version, which the page's writer (page-saver.tsx) compares with the copy it is editing, so a
 * colleague's newer draft is known before this editor saves over it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { PRESENCE_HEARTBEAT_MS, presenceTexts, type PresenceAnswer, type PresentEditor } from '#lib/schedule'
import type { Collection } from '#lib/content'
import { postApi, postOnLeave } from '#ui/api.ts'
import { chrome } from '#ui/editor/classes.ts'
import { formatSiteClock } from './autosave.ts'
import { LOCALES, type LocaleCode, isLocaleCode } from '#lib/locales'

/** This browser tab's id: one per tab, kept for its lifetime. */
let tabId: string | null = null
function thisTab(): string {
  if (!tabId) tabId = `tab-${crypto.randomUUID()}`
  return tabId
}

export interface PresenceTarget {
  pageId: string
  collection: Collection
  /** The further language the page is edited in (null: the default language). */
  locale: LocaleCode | null
}

/**
 * Sends the heartbeat for `target` (none: nothing open) and answers the other editors on it.
 * `onStored` hears the stored draft's version with each answer; `check` sends one at once and
 * answers the stored version (null when the server could not be asked).
 */
export function usePresence(target: PresenceTarget | null, onStored: (stored: NonNullable<PresenceAnswer['page']>) => void) {
  const [others, setOthers] = useState<PresentEditor[]>([])
  const onStoredRef = useRef(onStored)
  useEffect(() => {
    onStoredRef.current = onStored
  })
  const pageId = target?.pageId
  const collection = target?.collection
  const locale = target?.locale ?? null
  const check = useCallback(async (): Promise<PresenceAnswer['page']> => {
    if (!pageId || !collection) return null
    try {
      const answer = await postApi('/presence/heartbeat', { pageId, collection, locale, tabId: thisTab(), sentAt: Date.now() })
      setOthers(answer.others)
      return answer.page
    } catch {
      return null
    }
  }, [pageId, collection, locale])
  useEffect(() => {
    if (!pageId || !collection) return
    let stopped = false
    let timer = 0
    const beat = async () => {
      try {
        const answer = await postApi('/presence/heartbeat', { pageId, collection, locale, tabId: thisTab(), sentAt: Date.now() })
        if (stopped) return
        setOthers(answer.others)
        if (answer.page) onStoredRef.current(answer.page)
      } catch {
        // Offline or signed out: the next beat tries again; the autosave status says what matters.
      } finally {
        if (!stopped) timer = window.setTimeout(() => void beat(), PRESENCE_HEARTBEAT_MS)
      }
    }
    void beat()
    // Back to a hidden tab: at once, not at the next beat.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      window.clearTimeout(timer)
      void beat()
    }
    document.addEventListener('visibilitychange', onVisible)
    // Leaving the page within the editor says so at once, and so does closing or reloading the tab
    // (else the colleagues would see this tab until PRESENCE_EXPIRY_SECONDS had passed). A page
    // kept by the browser to come back to beats again when it is shown.
    const leave = () => void postApi('/presence/leave', { pageId, tabId: thisTab(), sentAt: Date.now() }).catch(() => undefined)
    const onPageHide = () => postOnLeave('/presence/leave', { pageId, tabId: thisTab(), sentAt: Date.now() })
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      window.clearTimeout(timer)
      void beat()
    }
    window.addEventListener('pagehide', onPageHide)
    window.addEventListener('pageshow', onPageShow)
    return () => {
      stopped = true
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('pagehide', onPageHide)
      window.removeEventListener('pageshow', onPageShow)
      leave()
      setOthers([])
    }
  }, [pageId, collection, locale])
  return { others, check }
}

/** "Also here: Sam (since 14:32)": a small line in the editor's chrome, bottom right above the draft status. */
export function PresenceIndicator({
  others,
  locale,
  defaultLanguage,
}: {
  others: PresentEditor[]
  /** The language this editor is in (null: the default), and the default language's name. */
  locale: LocaleCode | null
  defaultLanguage: string
}) {
  if (!others.length) return null
  // Said only of a colleague in another language than this editor's.
  const languageOf = (other: PresentEditor) =>
    other.locale === locale ? null : other.locale && isLocaleCode(other.locale) ? LOCALES[other.locale].englishName : defaultLanguage
  return (
    <div
      role="status"
      aria-label={presenceTexts.label}
      data-presence=""
      className={`fixed right-2 bottom-[calc(var(--consent-banner-height,0px)+2.75rem)] ${chrome.z} flex max-w-[min(28rem,calc(100vw-1rem))] flex-wrap items-center gap-x-2 gap-y-1 rounded-md px-3 py-1.5 text-xs ${chrome.panel}`}
    >
      <span className="font-semibold text-neutral-800">{presenceTexts.alsoHere}</span>
      {others.map((o) => (
        <span key={o.username} data-present-editor={o.username} className="inline-flex items-center gap-1.5 text-neutral-800">
          <span
            aria-hidden="true"
            className="inline-flex size-5 items-center justify-center rounded-full bg-red text-[10px] font-bold text-white"
          >
            {o.username.slice(0, 1).toUpperCase()}
          </span>
          <span>
            <span className="font-medium">{o.username}</span>{' '}
            <span className="text-neutral-700">
              ({presenceTexts.since(formatSiteClock(o.since))}
              {languageOf(o) ? `, ${presenceTexts.inLanguage(languageOf(o)!)}` : ''})
            </span>
          </span>
        </span>
      ))}
    </div>
  )
}
