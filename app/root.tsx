import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router'
import { texts } from '#lib/texts'
import type { Route } from './+types/root'
import './app.css'

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
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

/** Spec 01 §2.2: the error page. Detail is shown only in development. */
export function ErrorPage({ error }: { error: unknown }) {
  const routeError = useRouteError() ?? error
  const status = isRouteErrorResponse(routeError) ? routeError.status : 500
  const notFound = status === 404
  const detail = import.meta.env.DEV && routeError instanceof Error ? routeError.stack ?? routeError.message : null
  return (
    <main id="main" className="error-page">
      <title>{notFound ? `${texts.errors.notFoundTitle}` : texts.errors.statusTitle(status)}</title>
      <p className="error-page__status">{texts.errors.statusTitle(status)}</p>
      <h1>{notFound ? texts.errors.notFoundTitle : texts.errors.unknown}</h1>
      {notFound ? <p>{texts.errors.notFoundMessage}</p> : null}
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
      <a className="button" href="/">
        {texts.errors.backHome}
      </a>
    </main>
  )
}
