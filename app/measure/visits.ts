/**
 * Page views and referrals (issue 37), loaded by the root after hydration for visitors only (its
 * own small chunk; editors are not counted). A page view is sent once per address shown; a click
 * on a link marked `data-referral` (a listing's Book Now, website, phone, e-mail and social links)
 * is a referral to the listing's operator.
 */
import { REFERRAL_ATTRIBUTE, REFERRAL_KINDS, type ReferralKind } from '#lib/results'
import { measure } from '#ui/measure'

let lastView = ''
let firstView = true

/** Sends the view of the address now shown, once (React may call twice for one navigation). */
export function pageView(address: string): void {
  if (address === lastView) return
  lastView = address
  // The referring site only on the first page of a visit, and only another site's host name.
  let referrer = ''
  if (firstView && document.referrer) {
    try {
      const host = new URL(document.referrer).hostname
      if (host !== location.hostname) referrer = host
    } catch {
      // An unreadable referrer is not told.
    }
  }
  firstView = false
  measure({ k: 'view', p: location.pathname, w: window.innerWidth, ...(referrer ? { r: referrer } : {}) })
}

const isReferralKind = (value: string | null): value is ReferralKind => REFERRAL_KINDS.includes(value as ReferralKind)

function onClick(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.(`a[${REFERRAL_ATTRIBUTE}]`)
  const kind = link?.getAttribute(REFERRAL_ATTRIBUTE) ?? null
  if (isReferralKind(kind)) measure({ k: 'referral', d: kind })
}

let installed = false

/** Listens for referral clicks (a middle click opens a tab too: auxclick). */
export function installReferrals(): void {
  if (installed) return
  installed = true
  document.addEventListener('click', onClick, { capture: true })
  document.addEventListener('auxclick', onClick, { capture: true })
}
