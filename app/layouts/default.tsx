import { data, Outlet } from 'react-router'
import { SiteFooter } from '~/site/SiteFooter'
import { SiteHeader } from '~/site/SiteHeader'
import { useSiteOverride } from '~/site/site-override'
import { CartCount } from '#ui/booking/CartCount'
import { ErrorPage } from '~/site/ErrorPage'
import type { BookingSettings } from '#ui/booking/settings'
import { ConsentBanner, ConsentSettings } from '~/consent/ConsentBanner'
import { configuredThirdParties, type ThirdPartySettings } from '~/consent/third-parties'
import type { Route } from './+types/default'
import { useTexts } from '#ui/locale'

/**
 * The site's icons (public/, written by scripts/generate-icons.ts from the grape mark):
 * /favicon.ico (16, 32 and 48 px, also the address browsers ask for by themselves), the
 * home-screen icon and the web manifest (which names icon.svg for installs). No SVG favicon in the
 * page: Chromium draws one as a document of its own on the page's main thread, a 50 ms task in a
 * Lighthouse trace of the home page, in the middle of the load (issue 16).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

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
  const loaded = await context.services.siteDocuments.loadAll(domainId, which)
  const docs = { nav: loaded.nav.doc, footer: loaded.footer.doc, siteSettings: loaded.siteSettings.doc }
  // In a further language: its texts field by field over the default language's (decision 025).
  const {
    nav,
    footer,
    siteSettings: s,
  } = context.locale === context.languages.default
    ? docs
    : await context.services.translations.siteDocumentsIn(domainId, context.locale, which, docs)
  // Loaded in the browser only after the visitor's consent (app/consent).
  const thirdParty: ThirdPartySettings = {
    analyticsId: s.analyticsId ?? '',
    pixelId: s.pixelId ?? '',
    tagManagerId: s.tagManagerId ?? '',
    sentry,
  }
  // The page's Content-Security-Policy names these hosts for visitors who accepted (server/content-security-policy.ts).
  context.contentPolicy?.thirdParties(configuredThirdParties(thirdParty))
  return { nav, footer, siteSettings: { og: s.og, twitter: s.twitter }, booking, thirdParty }
}

type LayoutData = Route.ComponentProps['loaderData']

/** Header, navigation and footer around the page (or around the error page, below). */
function SiteChrome({ loaderData, children }: { loaderData: LayoutData; children: React.ReactNode }) {
  // While an editor edits the navigation or footer in place, their working copy shows instead.
  const override = useSiteOverride()
  const nav = override.nav ?? loaderData.nav
  const footer = override.footer ?? loaderData.footer
  const siteName = nav?.siteName ?? ''
  const t = useTexts().site
  return (
    <div className="flex min-h-svh flex-col">
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      <ConsentBanner settings={loaderData.thirdParty} />
      {nav ? <SiteHeader nav={nav} editing={!!override.nav} /> : null}
      <div className="flex-1">{children}</div>
      {footer ? <SiteFooter footer={footer} siteName={siteName} editing={!!override.footer} /> : null}
      <ConsentSettings settings={loaderData.thirdParty} />
      <CartCount />
    </div>
  )
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome loaderData={loaderData}>
      <Outlet />
    </SiteChrome>
  )
}

/**
 * A page of this layout that fails (a missing page answers 404) keeps the site around it: the
 * visitor still has the navigation, the footer and a search box. When the layout's own data could
 * not be loaded (the database is down: 503) the bare error page of app/root.tsx shows instead.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const data = loaderData as LayoutData | undefined
  if (!data) return <ErrorPage error={error} />
  return (
    <SiteChrome loaderData={data}>
      <ErrorPage error={error} inSite siteName={data.nav?.siteName ?? ''} />
    </SiteChrome>
  )
}
