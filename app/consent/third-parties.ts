import { DEMO_ANALYTICS_ID, DEMO_ANALYTICS_SCRIPT } from '#lib/demo-analytics'

/**
 * Third-party scripts that need the visitor's consent: page analytics (Google Analytics 4), the ad
 * pixel (Meta), the tag manager (Google Tag Manager) — their IDs come from the site settings — and
 * browser error reporting (Sentry, when SENTRY_DSN is set). Each loads only when configured, only
 * after consent, once per page, after first paint (async, never render-blocking).
 */

export interface ThirdPartySettings {
  analyticsId: string
  pixelId: string
  tagManagerId: string
  sentry: { dsn: string; environment: string } | null
}

/** Only well-formed IDs reach a script address. */
const patterns = {
  analyticsId: /^(G|UA|AW|DC)-[A-Z0-9-]{4,30}$/i,
  tagManagerId: /^GTM-[A-Z0-9]{4,12}$/i,
  pixelId: /^\d{6,20}$/,
}

export function configuredThirdParties(settings: ThirdPartySettings | null | undefined) {
  return {
    analyticsId: settings?.analyticsId && patterns.analyticsId.test(settings.analyticsId) ? settings.analyticsId : '',
    tagManagerId: settings?.tagManagerId && patterns.tagManagerId.test(settings.tagManagerId) ? settings.tagManagerId : '',
    pixelId: settings?.pixelId && patterns.pixelId.test(settings.pixelId) ? settings.pixelId : '',
    sentry: settings?.sentry?.dsn ? settings.sentry : null,
  }
}

/** Is there anything to ask consent for? */
export function needsConsent(settings: ThirdPartySettings | null | undefined): boolean {
  const c = configuredThirdParties(settings)
  return !!(c.analyticsId || c.tagManagerId || c.pixelId || c.sentry)
}

/**
 * Whether accepting needs a page of its own: the hosts of the configured third parties are in a
 * page's Content-Security-Policy only when the page was asked for with consent given (the server
 * reads the consent cookie: server/content-security-policy.ts), and a page's policy cannot grow
 * after it loaded. The demo's analytics stand-in is the site's own file and needs none.
 */
export function needsReloadForConsent(settings: ThirdPartySettings | null | undefined): boolean {
  const c = configuredThirdParties(settings)
  return !!((c.analyticsId && c.analyticsId !== DEMO_ANALYTICS_ID) || c.tagManagerId || c.pixelId || c.sentry)
}

type Queue = unknown[]
interface ThirdPartyWindow {
  dataLayer?: Queue
  gtag?: (...args: unknown[]) => void
  fbq?: ((...args: unknown[]) => void) & {
    queue?: Queue
    loaded?: boolean
    version?: string
    push?: unknown
    callMethod?: (...args: unknown[]) => void
  }
  _fbq?: unknown
}

function addScript(src: string) {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return
  const tag = document.createElement('script')
  tag.async = true
  tag.src = src
  document.head.appendChild(tag)
}

const loaded = new Set<string>()

function once(key: string, load: () => void) {
  if (loaded.has(key)) return
  loaded.add(key)
  load()
}

/** After the page has painted and the browser is idle. */
function afterFirstPaint(work: () => void) {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: 2000 })
    else setTimeout(work, 1)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

export function loadThirdParties(settings: ThirdPartySettings | null | undefined) {
  const c = configuredThirdParties(settings)
  const w: ThirdPartyWindow = window as Window & ThirdPartyWindow
  afterFirstPaint(() => {
    if (c.analyticsId) {
      once(`ga:${c.analyticsId}`, () => {
        w.dataLayer = w.dataLayer ?? []
        // gtag.js reads the `arguments` objects it is given, as its own snippet does.
        w.gtag = function gtag() {
          // eslint-disable-next-line prefer-rest-params
          w.dataLayer!.push(arguments)
        }
        w.gtag('js', new Date())
        w.gtag('config', c.analyticsId)
        // The demo's id loads the site's own no-op stand-in: the demo asks for nothing external.
        addScript(
          c.analyticsId === DEMO_ANALYTICS_ID
            ? DEMO_ANALYTICS_SCRIPT
            : `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(c.analyticsId)}`,
        )
      })
    }
    if (c.tagManagerId) {
      once(`gtm:${c.tagManagerId}`, () => {
        w.dataLayer = w.dataLayer ?? []
        w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
        addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(c.tagManagerId)}`)
      })
    }
    if (c.pixelId) {
      once(`pixel:${c.pixelId}`, () => {
        if (!w.fbq) {
          const fbq = function (...args: unknown[]) {
            if (fbq.callMethod) fbq.callMethod(...args)
            else fbq.queue!.push(args)
          } as NonNullable<ThirdPartyWindow['fbq']>
          fbq.push = fbq
          fbq.loaded = true
          fbq.version = '2.0'
          fbq.queue = []
          w.fbq = fbq
          w._fbq = fbq
        }
        w.fbq('init', c.pixelId)
        w.fbq('track', 'PageView')
        addScript('https://connect.facebook.net/en_US/fbevents.js')
      })
    }
    if (c.sentry) {
      const { dsn, environment } = c.sentry
      once('sentry', () => {
        import('@sentry/browser')
          .then((Sentry) => Sentry.init({ dsn, environment }))
          .catch((error: unknown) => console.warn('error reporting could not start:', error))
      })
    }
  })
}

/** A client-side page change, for the pixel (analytics records history changes itself). */
export function trackPageView() {
  const w: ThirdPartyWindow = window as Window & ThirdPartyWindow
  if (loaded.size && w.fbq) w.fbq('track', 'PageView')
}
