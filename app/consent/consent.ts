/**
 * The visitor's consent choice for analytics, the ad pixel, the tag manager and error reporting:
 * remembered in local storage and a first-party cookie (`consent=accepted|declined`, 180 days).
 * Read in the browser only, so cached pages are the same for everybody.
 */
import { useSyncExternalStore } from 'react'
import { useBrowserStore } from '#ui/hooks/use-hydrated'

export type ConsentChoice = 'accepted' | 'declined'

export const CONSENT_KEY = 'consent'
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60
const CHANGED = 'consent:changed'

function fromCookie(): ConsentChoice | null {
  const match = /(?:^|;\s*)consent=(accepted|declined)(?:;|$)/.exec(document.cookie)
  return (match?.[1] as ConsentChoice | undefined) ?? null
}

export function readConsent(): ConsentChoice | null {
  if (typeof window === 'undefined') return null
  try {
    const stored = window.localStorage.getItem(CONSENT_KEY)
    if (stored === 'accepted' || stored === 'declined') return stored
  } catch {
    // storage disabled: the cookie still remembers
  }
  return fromCookie()
}

export function writeConsent(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice)
  } catch {
    // storage disabled
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${CONSENT_KEY}=${choice}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
  document.dispatchEvent(new Event(CHANGED))
}

/** The banner opened again from 'Cookie settings'. */
let reopened = false

export function reopenConsent() {
  reopened = true
  document.dispatchEvent(new Event(CHANGED))
}

export function closeConsent() {
  reopened = false
  document.dispatchEvent(new Event(CHANGED))
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) listener()
  }
  document.addEventListener(CHANGED, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    document.removeEventListener(CHANGED, listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** 'unknown' on the server and while hydrating; then the stored choice (or null) and whether the banner was reopened. */
export function useConsent(): { choice: ConsentChoice | null | 'unknown'; reopened: boolean } {
  const choice = useBrowserStore<ConsentChoice | null | 'unknown'>(subscribe, readConsent, () => 'unknown')
  const open = useSyncExternalStore(
    subscribe,
    () => reopened,
    () => false,
  )
  return { choice, reopened: open }
}
