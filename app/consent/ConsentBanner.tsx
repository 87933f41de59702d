/**
 * The consent banner: shown from the first paint (by the hydration loader, before the scripts) when
 * the site uses something that needs consent and the visitor has not chosen yet, or chose to change
 * their choice ('Cookie settings'). 'Accept' loads the configured third parties; 'Decline' loads
 * nothing. Not modal: the page stays usable.
 * It sits first in the tab order (right after the skip link) and is fixed at the bottom. Choosing
 * returns focus to where it was before the banner, else to the main content, without scrolling.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useTexts } from '#ui/locale'
import { closeConsent, readConsent, reopenConsent, useConsent, writeConsent, type ConsentChoice } from './consent'
import { loadThirdParties, needsConsent, needsReloadForConsent, trackPageView, type ThirdPartySettings } from './third-parties'

/**
 * While the banner is shown, its height is the page's --consent-banner-height: what else is fixed at
 * the foot of the window (the editor's undo/redo box, draft status and "Also here") stands on it
 * instead of covering its buttons (issue 31).
 */
function shareHeight(banner: HTMLElement | null) {
  if (!banner || typeof ResizeObserver === 'undefined') return
  const root = document.documentElement
  const observer = new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize ?? banner.offsetHeight
    root.style.setProperty('--consent-banner-height', `${Math.ceil(height)}px`)
  })
  observer.observe(banner)
  return () => {
    observer.disconnect()
    root.style.removeProperty('--consent-banner-height')
  }
}

export function ConsentBanner({ settings }: { settings: ThirdPartySettings | null }) {
  const t = useTexts().consent
  const { choice, reopened } = useConsent()
  const wanted = needsConsent(settings)
  const acceptRef = useRef<HTMLButtonElement>(null)
  /** Where focus was before it entered the banner ('Cookie settings' when reopened from there). */
  const cameFrom = useRef<HTMLElement | null>(null)
  const { pathname } = useLocation()

  // Consent given (now or on an earlier visit): the third parties load after first paint.
  useEffect(() => {
    if (wanted && choice === 'accepted') loadThirdParties(settings)
  }, [wanted, choice, settings])

  // Client-side page changes count as page views for the pixel.
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname !== firstPath.current && readConsent() === 'accepted') trackPageView()
  }, [pathname])

  // Reopened from 'Cookie settings': focus moves into the banner (the page stays where it is).
  useEffect(() => {
    if (reopened) acceptRef.current?.focus({ preventScroll: true })
  }, [reopened])

  if (!wanted || (choice !== null && choice !== 'unknown' && !reopened)) return null

  const choose = (next: ConsentChoice) => {
    const before = readConsent()
    writeConsent(next)
    closeConsent()
    // Scripts already running cannot be unloaded: withdrawing consent starts the page afresh. And
    // this page's Content-Security-Policy names no third party's host before consent: accepting
    // loads the page again with them (the consent cookie tells the server).
    if (before === 'accepted' && next === 'declined') window.location.reload()
    else if (before !== 'accepted' && next === 'accepted' && needsReloadForConsent(settings)) window.location.reload()
    else returnFocus()
  }

  // Focus goes back where it came from, else to the main content, never scrolling the page: the
  // banner is fixed, so the visitor is still reading where they were (issue 31, visitors).
  const returnFocus = () => {
    const back = cameFrom.current
    cameFrom.current = null
    const target = back && back.isConnected && !back.classList.contains('skip-link') ? back : document.getElementById('main')
    target?.focus({ preventScroll: true })
  }

  const noteOrigin = (event: React.FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from
  }

  return (
    <section
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      data-consent-banner=""
      // In the page for everyone (cached pages are the same for all): hidden until the browser knows
      // whether a choice is stored. The hydration loader shows it before the first paint when none
      // is, and takes a choice made before the scripts run (app/document/hydration-loader.ts).
      hidden={choice === 'unknown'}
      data-reload-on-accept={needsReloadForConsent(settings) ? '' : undefined}
      ref={shareHeight}
      onFocus={noteOrigin}
      className="fixed inset-x-0 bottom-0 z-40 border-t-4 border-red bg-white text-ink shadow-[0_-8px_30px_rgba(0,0,0,0.15)]"
    >
      <div className="container-site flex flex-col gap-4 py-5 md:flex-row md:items-center md:justify-between md:gap-10">
        <div className="max-w-3xl">
          <h2 id="consent-title" className="font-display text-xl font-semibold text-red-darkest">
            {t.title}
          </h2>
          <p id="consent-text" className="mt-1 text-[0.95rem] text-ink-soft">
            {t.text}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <button ref={acceptRef} type="button" className="button" data-consent-choice="accepted" onClick={() => choose('accepted')}>
            {t.accept}
          </button>
          <button type="button" className="button button--ghost" data-consent-choice="declined" onClick={() => choose('declined')}>
            {t.decline}
          </button>
        </div>
      </div>
    </section>
  )
}

/** 'Cookie settings' under the footer: reopens the banner to change the choice. */
export function ConsentSettings({ settings }: { settings: ThirdPartySettings | null }) {
  const t = useTexts().consent
  if (!needsConsent(settings)) return null
  return (
    <div className="bg-red-darkest text-sm text-white/85">
      <div className="container-site border-t border-white/15 py-4">
        <button
          id="consent-settings"
          type="button"
          className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          onClick={reopenConsent}
        >
          {t.settings}
        </button>
      </div>
    </div>
  )
}
