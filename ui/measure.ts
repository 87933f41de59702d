/**
 * The visitor's side of first-party measurement (issue 37, docs/decisions/036): one sendBeacon
 * per event, to the site's own API, after the page is shown. Nothing is stored in the browser (no
 * cookie, no localStorage), and a browser that asks not to be tracked (Do Not Track, Global
 * Privacy Control) sends nothing. Blocks call measure() for what only they see (a search's
 * results, the grid's filters, a trip shared); until the root has said whether this visit is
 * measured (not for signed-in editors) and where the API is, events wait here.
 */
import type { Beacon } from '#lib/results'

type Event = Omit<Beacon, 'p'> & { p?: string }

let endpoint: string | null = null
let enabled = false
const waiting: Event[] = []

/** Called once hydrated by the root: the API's address (API_PREFIX) and whether this visit is measured. */
export function startMeasuring(apiBase: string, measured: boolean) {
  endpoint = `${apiBase.replace(/\/+$/, '')}/results/beacon`
  enabled = measured
  for (const event of waiting.splice(0)) if (enabled) send(event)
}

/** Whether the browser asked not to be tracked (DNT or Sec-GPC): then nothing is measured. */
export function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true || (window as { doNotTrack?: string }).doNotTrack === '1'
}

function send(event: Event): boolean {
  if (!endpoint || !navigator.sendBeacon || optedOut()) return false
  const body: Beacon = { ...event, p: event.p ?? location.pathname }
  // text/plain: a "simple" request, which sendBeacon sends without a preflight in every browser.
  try {
    return navigator.sendBeacon(endpoint, new Blob([JSON.stringify(body)], { type: 'text/plain' }))
  } catch {
    return false
  }
}

/** Reports one event about the page being shown (kept until the root starts measuring). */
export function measure(event: Event): void {
  if (typeof navigator === 'undefined') return
  const located = { ...event, p: event.p ?? location.pathname }
  if (endpoint === null) {
    if (waiting.length < 20) waiting.push(located)
    return
  }
  if (enabled) send(located)
}
