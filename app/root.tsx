import { lazy, Suspense, useEffect, useState } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { reloadAfterChunkError } from './document/chunk-reload'
import { ErrorPage } from './site/ErrorPage'
import { useApiBase } from '#ui/hooks/use-api-base'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { HYDRATION_LOADER } from './document/hydration-loader'
import { replayEarlyInput } from './document/replay-early-input'
import { SITE_STYLES_ID, useSiteStyles } from './site/site-styles'
import { localeAlternates, localePath } from '#lib/locales'
import { PageLocaleContext, pageLocaleOf } from '#ui/locale'
import { useNonce } from './document/nonce'
import { startMeasuring } from '#ui/measure'

/** The signed-in editor (only what the browser needs), or null for visitors; the page's language. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const u = context.user
  return {
    user: u ? { _id: u._id, username: u.username, email: u.email, roles: u.roles } : null,
    /** Where the editor calls the API (the server's API_PREFIX). */
    apiBase: `/${context.services.config.apiPrefix}`,
    /** The page's language and the domain's languages (ui/locale.tsx `useLocale`). */
    locale: context.locale,
    languages: context.languages,
    /** For the absolute addresses of `hreflang` links. */
    origin: new URL(request.url).origin,
  }
}

/**
 * The same page in each language the domain offers, and `x-default` (the default language, for
 * visitors whose language is not offered): search engines show each visitor their own.
 */
function LanguageAlternates() {
  const root = useRouteLoaderData<typeof loader>('root')
  // Without the query, as the canonical address is (a grid's filters are not other pages).
  const { pathname } = useLocation()
  if (!root || root.languages.others.length === 0) return null
  return (
    <>
      {localeAlternates(pathname, root.languages).map(({ locale, path }) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={`${root.origin}${path}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${root.origin}${localePath(pathname, root.languages.default, root.languages)}`} />
    </>
  )
}

/**
 * The in-page editor, in its own chunk with its own stylesheet (app/EditorRoot.ts): a dynamic
 * import, so a visitor's page never downloads either.
 * A failed chunk download reloads the page (at most once a minute, spec 01 §4) and otherwise fails.
 */
const EditorRoot = lazy(() =>
  import('./EditorRoot').catch((error: unknown) => {
    reloadAfterChunkError()
    throw error
  }),
)

/**
 * Renders the editor in the browser, after hydration, when it is wanted: (a) an editor is signed
 * in; (b) the address carries `token` and `email` (the password-recovery link, spec 01 §2.5); or
 * (c) the address has a `login` query parameter (`/?login`, `/stay?login`): that is how a
 * signed-out editor reaches the menu's Login item, since visitors get no editor at all (the /login
 * page, on the blank layout, does the same). Once loaded
 * it stays for the rest of the visit (in-app links drop the query parameter).
 */
function EditorGate() {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const user = rootData?.user ?? null
  const apiBase = useApiBase()
  const { search, pathname } = useLocation()
  const params = new URLSearchParams(search)
  const wanted = !!user || (params.has('token') && params.has('email')) || params.has('login') || pathname === '/login'
  const [loaded, setLoaded] = useState(false)
  if (wanted && !loaded) setLoaded(true)
  // False on the server and while hydrating, true afterwards: the editor never touches the SSR markup.
  const hydrated = useHydrated()
  if (!hydrated || !(wanted || loaded)) return null
  return (
    <Suspense fallback={null}>
      <EditorRoot user={user} apiBase={apiBase} />
    </Suspense>
  )
}

/** Spec 01 §4: Vite reports a failed chunk preload with this event; reload (once a minute) instead of failing. */
function useChunkErrorReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkError()) event.preventDefault()
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => window.removeEventListener('vite:preloadError', onPreloadError)
  }, [])
}

/** Marks the document once React has hydrated it (block views load first): tests and scripts wait on it. */
function useHydratedMark() {
  useEffect(() => {
    replayEarlyInput()
    document.documentElement.dataset.hydrated = 'true'
  }, [])
}

/**
 * First-party measurement (issue 37): after hydration (the page has been shown), a visitor's
 * browser loads the small measuring chunk and reports the view of each address it shows, and
 * referral clicks. Signed-in editors are not counted.
 */
function useVisitorMeasure() {
  const signedIn = Boolean(useRouteLoaderData<typeof loader>('root')?.user)
  const apiBase = useApiBase()
  const { pathname, search } = useLocation()
  useEffect(() => {
    startMeasuring(apiBase, !signedIn)
    if (signedIn) return
    let cancelled = false
    import('./measure/visits')
      .then((visits) => {
        if (cancelled) return
        visits.installReferrals()
        visits.pageView(pathname + search)
      })
      .catch(() => {
        // Not measured is better than a failed page: a missing chunk is not reloaded for this.
      })
    return () => {
      cancelled = true
    }
  }, [signedIn, apiBase, pathname, search])
}

// The visitor's stylesheet is inlined by the server (entry.server.tsx, app/site/site-styles.ts), so
// nothing here links it; in development it is also imported for Vite's hot reloading of styles.
if (import.meta.env.DEV) void import('./app.css')

export function Layout({ children }: { children: React.ReactNode }) {
  useChunkErrorReload()
  useHydratedMark()
  useVisitorMeasure()
  const siteStyles = useSiteStyles()
  const nonce = useNonce()
  const pageLocale = pageLocaleOf(useRouteLoaderData<typeof loader>('root'))
  const { locale } = pageLocale
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <LanguageAlternates />
        {/* No font preloads: Chromium holds the first paint for preloaded fonts (a second or two on a
            phone's connection, measured with Lighthouse); the faces swap in over fallbacks of the
            same metrics (site.css), so text does not move when they arrive. */}
        <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: siteStyles }} />
        <Links />
      </head>
      <body>
        {/* First in the tab order for editors; fixed on screen, so the page's layout does not move. */}
        <PageLocaleContext.Provider value={pageLocale}>
          <EditorGate />
          {children}
        </PageLocaleContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Starts the scripts <Scripts> names once the first screen's pictures are in (app/document/hydration-loader.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HYDRATION_LOADER }} suppressHydrationWarning />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />
}
