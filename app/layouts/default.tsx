import { data, Outlet } from 'react-router'
import { SiteFooter } from '~/ui/site/SiteFooter'
import { SiteHeader } from '~/ui/site/SiteHeader'
import { useSiteOverride } from '~/ui/site/site-override'
import { CartCount } from '~/ui/booking/CartCount'
import type { BookingSettings } from '~/ui/booking/settings'
import { ConsentBanner, ConsentSettings } from '~/ui/consent/ConsentBanner'
import type { ThirdPartySettings } from '~/ui/consent/third-parties'
import type { Route } from './+types/default'

// The grape mark as an inline SVG icon: no extra request, and no 404 for /favicon.ico.
const favicon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#981A31"/><g fill="#FCF9F9"><circle cx="16" cy="17" r="3.2"/><circle cx="23" cy="17" r="3.2"/><circle cx="19.5" cy="22.5" r="3.2"/><circle cx="13" cy="22.5" r="2.6"/><circle cx="26" cy="22.5" r="2.6"/><circle cx="16.5" cy="28" r="2.8"/><circle cx="22.5" cy="28" r="2.8"/></g></svg>',
  )

export const links: Route.LinksFunction = () => [{ rel: 'icon', type: 'image/svg+xml', href: favicon }]

export async function loader({ context }: Route.LoaderArgs) {
  if (context.unavailable) throw data(null, { status: 503 })
  const domainId = context.domain?._id
  // What the browser needs for the booking gadgets (public values only, never secrets).
  const be = context.services.config.bookeasy
  const booking: BookingSettings | null = be
    ? { scriptUrl: be.gadgetScriptUrl, vcId: be.vcId, key: be.key, live: be.live, mapsKey: be.mapsKey }
    : null
  const sentry = context.services.config.sentry ?? null
  if (!domainId) return { nav: null, footer: null, siteSettings: null, booking, thirdParty: null }
  // Editors see (and edit) the drafts; visitors only ever the published copies.
  const which = context.user ? 'draft' : 'published'
  const { nav, footer, siteSettings } = await context.services.siteDocuments.loadAll(domainId, which)
  const s = siteSettings.doc
  // Loaded in the browser only after the visitor's consent (app/ui/consent).
  const thirdParty: ThirdPartySettings = {
    analyticsId: s.analyticsId ?? '',
    pixelId: s.pixelId ?? '',
    tagManagerId: s.tagManagerId ?? '',
    sentry,
  }
  return { nav: nav.doc, footer: footer.doc, siteSettings: { og: s.og, twitter: s.twitter }, booking, thirdParty }
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  // While an editor edits the navigation or footer in place, their working copy shows instead.
  const override = useSiteOverride()
  const nav = override.nav ?? loaderData.nav
  const footer = override.footer ?? loaderData.footer
  const siteName = nav?.siteName ?? ''
  return (
    <div className="flex min-h-svh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ConsentBanner settings={loaderData.thirdParty} />
      {nav ? <SiteHeader nav={nav} editing={!!override.nav} /> : null}
      <div className="flex-1">
        <Outlet />
      </div>
      {footer ? <SiteFooter footer={footer} siteName={siteName} editing={!!override.footer} /> : null}
      <ConsentSettings settings={loaderData.thirdParty} />
      <CartCount />
    </div>
  )
}
