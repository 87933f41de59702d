/**
 * The Content-Security-Policy of every page (issue 29 point 8, docs/decisions/027).
 *
 * Scripts: the site's own files ('self') and the inline scripts the framework writes (React
 * Router's context and route modules, scroll restoration, React's streaming scripts, the hydration
 * loader) by a per-response nonce on freshly rendered answers, by their sha256 hashes on pages kept
 * in the page cache (one stored copy serves many visitors: a nonce in it would be everybody's).
 * No 'unsafe-inline', no 'unsafe-eval'.
 *
 * Third parties: the booking provider's gadget and the map tiles when configured (the site's own
 * functions), the video players (loaded only when a visitor presses play), the frames and form
 * services a page's blocks name; analytics, the tag manager, the ad pixel and browser error
 * reporting only when configured and only in answers to a visitor who accepted them (the
 * `consent=accepted` cookie, app/consent/consent.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { DEMO_ANALYTICS_ID } from '#lib/demo-analytics'
import type { Config } from './config.ts'

/** A fresh nonce per rendered answer: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64')

/** Whether the request comes from a visitor who accepted the third parties that need consent. */
export function hasConsent(cookie: string | null | undefined): boolean {
  return !!cookie && /(?:^|;\s*)consent=accepted(?:;|$)/.test(cookie)
}

/** The origin of an address ('' when it is none): the smallest host source a policy may name. */
function originOf(address: string | null | undefined): string {
  if (!address) return ''
  try {
    const url = new URL(address)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : ''
  } catch {
    return ''
  }
}

/** The site's own third parties, from its configuration (the same for every page). */
export interface SiteParties {
  /** The booking provider's gadget script's origin ('' when not configured). */
  booking: string
  /** The map tiles' host source ('' when the built-in background is used). */
  tiles: string
  /** Where browser error reports go (SENTRY_DSN's origin), after consent. */
  sentry: string
}

export function siteParties(config: Pick<Config, 'bookeasy' | 'map' | 'sentry'>): SiteParties {
  // A tile template names its subdomains as {s}: any subdomain of that host.
  const tileTemplate = config.map?.tileUrl ?? ''
  let tiles = ''
  const match = /^(https?:\/\/)([^/]+)/.exec(tileTemplate)
  if (match) tiles = match[1] + match[2]!.replace(/^\{s\}\./, '*.')
  return { booking: originOf(config.bookeasy?.gadgetScriptUrl), tiles, sentry: originOf(config.sentry?.dsn) }
}

/**
 * What one page adds to its policy, recorded while it loads: the consent-bound third parties its
 * domain configures (site settings), and the frames and form services its blocks name.
 */
export class PagePolicy {
  readonly frames = new Set<string>()
  readonly forms = new Set<string>()
  analytics = false
  tagManager = false
  pixel = false

  /** The domain's consent-bound third parties (only well-formed ids count: app/consent/third-parties.ts). */
  thirdParties(configured: { analyticsId: string; tagManagerId: string; pixelId: string }) {
    // The demo's id loads the site's own stand-in (lib/demo-analytics.ts): no host to add.
    this.analytics = !!configured.analyticsId && configured.analyticsId !== DEMO_ANALYTICS_ID
    this.tagManager = !!configured.tagManagerId
    this.pixel = !!configured.pixelId
  }

  /** The blocks' embeds: a region map's frame, a newsletter form's service (anywhere in the page's contents). */
  embeds(contents: unknown) {
    const walk = (value: unknown, depth: number) => {
      if (depth > 20 || !value || typeof value !== 'object') return
      if (Array.isArray(value)) {
        for (const item of value) walk(item, depth + 1)
        return
      }
      const record = value as Record<string, unknown>
      if (typeof record.alpacaURL === 'string') this.add(this.frames, record.alpacaURL)
      if (typeof record.formAction === 'string') this.add(this.forms, record.formAction)
      for (const child of Object.values(record)) walk(child, depth + 1)
    }
    walk(contents, 0)
  }

  private add(into: Set<string>, address: string) {
    const origin = originOf(address.trim())
    if (origin) into.add(origin)
  }
}

/** The video players a visitor starts by pressing play (blocks/Youtube/video-id.ts). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']
/** Google's documented hosts for gtag.js and the tag manager; Meta's for the pixel. */
const GOOGLE_TAGS = 'https://www.googletagmanager.com'
const GOOGLE_ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']
const META_SCRIPT = 'https://connect.facebook.net'
const META_PIXEL = 'https://www.facebook.com'

export interface PolicyInput {
  /** The inline scripts allowed: `'nonce-…'` or `'sha256-…'` sources. */
  scripts: readonly string[]
  site: SiteParties
  page: PagePolicy | null
  /** The visitor accepted the consent-bound third parties. */
  consented: boolean
  /**
   * A signed-in editor's page (or a draft link's): the editor previews what is being typed (a map's
   * or a video's address, a picture from anywhere) before it is saved, so frames and images may come
   * from any https address.
   */
  editor: boolean
}

export function contentSecurityPolicy({ scripts, site, page, consented, editor }: PolicyInput): string {
  const script = ["'self'", ...scripts]
  const img = ["'self'", 'data:', 'blob:']
  const connect = ["'self'"]
  const frame = ["'self'", ...VIDEO_PLAYERS]
  const form = ["'self'"]
  if (site.booking) {
    script.push(site.booking)
    img.push(site.booking)
    connect.push(site.booking)
    frame.push(site.booking)
  }
  if (site.tiles) img.push(site.tiles)
  if (page) {
    frame.push(...page.frames)
    form.push(...page.forms)
    // The newsletter form posts with fetch first (blocks/NewsletterForm/View.tsx).
    connect.push(...page.forms)
  }
  if (consented && page) {
    if (page.analytics || page.tagManager) {
      script.push(GOOGLE_TAGS)
      img.push(GOOGLE_TAGS, ...GOOGLE_ANALYTICS)
      connect.push(GOOGLE_TAGS, ...GOOGLE_ANALYTICS)
    }
    if (page.tagManager) frame.push(GOOGLE_TAGS)
    if (page.pixel) {
      script.push(META_SCRIPT)
      img.push(META_PIXEL)
      connect.push(META_PIXEL, META_SCRIPT)
    }
  }
  if (consented && site.sentry) connect.push(site.sentry)
  if (editor) {
    img.push('https:')
    frame.push('https:')
  }
  const list = (sources: string[]) => [...new Set(sources)].join(' ')
  return [
    "default-src 'self'",
    `script-src ${list(script)}`,
    // Inline styles stay allowed (docs/decisions/027): the editor's toasts (sonner, also on the
    // cacheable /login page) and the booking provider's script add <style> elements at run time
    // without a nonce. A style cannot run script; what CSS could send out goes only to the image
    // and font sources below.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list(img)}`,
    "font-src 'self' data:",
    `connect-src ${list(connect)}`,
    `frame-src ${list(frame)}`,
    "media-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${list(form)}`,
    "frame-ancestors 'self'",
  ].join('; ')
}

/** The policy of answers that are not pages (the API's JSON, images, error text): nothing may run. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

/**
 * The policy of pages in development: Vite's client and React's refresh runtime write inline
 * scripts and styles of their own and talk over a WebSocket. Framing, plugins and <base> stay shut.
 */
export const DEVELOPMENT_POLICY = "object-src 'none'; base-uri 'none'; frame-ancestors 'self'"

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/**
 * The sha256 sources of a page's inline scripts, as the browser hashes them (the exact text between
 * the tags, UTF-8). Data blocks are hashed too: the hydration loader runs React Router's module
 * script from one (app/document/hydration-loader.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(match[1]!)) continue
    const body = match[2]!
    if (!body) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}
