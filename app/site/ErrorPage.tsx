import { isRouteErrorResponse, useRouteError } from 'react-router'
import { draftLinkTexts, type DraftLinkProblem } from '#lib/draft-link'
import { useLocale, useTexts } from '#ui/locale'

/**
 * Spec 01 §2.2: the error page. Detail is shown only in development. Inside the site's layout
 * (`inSite`: header, navigation and footer around it) a missing page also offers a search box.
 */
export function ErrorPage({ error, inSite = false, siteName = '' }: { error: unknown; inSite?: boolean; siteName?: string }) {
  const routeError = useRouteError() ?? error
  const status = isRouteErrorResponse(routeError) ? routeError.status : 500
  const notFound = status === 404
  const detail = import.meta.env.DEV && routeError instanceof Error ? (routeError.stack ?? routeError.message) : null
  const e = useTexts().errors
  const { href } = useLocale()
  // A draft link that was altered (404), has expired or was withdrawn (410) says so (issue 17 point 7).
  const draftLink = isRouteErrorResponse(routeError) ? (routeError.data as { draftLink?: DraftLinkProblem } | null)?.draftLink : undefined
  if (draftLink) {
    // Withdrawn by whoever shared it (issue 29 point 10), expired, or not a valid link.
    const [title, message] =
      draftLink === 'revoked'
        ? [draftLinkTexts.revokedTitle, draftLinkTexts.revokedMessage]
        : draftLink === 'expired'
          ? [draftLinkTexts.expiredTitle, draftLinkTexts.expiredMessage]
          : [draftLinkTexts.invalidTitle, draftLinkTexts.invalidMessage]
    return (
      <main id="main" tabIndex={-1} className={inSite ? 'error-page error-page--in-site' : 'error-page'}>
        <title>{title}</title>
        <meta name="robots" content="noindex, nofollow" />
        <p className="error-page__status">{e.statusTitle(status)}</p>
        <h1>{title}</h1>
        <p>{message}</p>
        <a className="button" href={href('/')}>
          {e.backHome}
        </a>
      </main>
    )
  }
  return (
    <main id="main" tabIndex={-1} className={inSite ? 'error-page error-page--in-site' : 'error-page'}>
      {/* Inside the site its name follows, as on every page (issue 31). */}
      <title>{[notFound ? e.notFoundTitle : e.statusTitle(status), siteName].filter(Boolean).join(' – ')}</title>
      <p className="error-page__status">{e.statusTitle(status)}</p>
      <h1>{notFound ? e.notFoundTitle : e.unknown}</h1>
      {notFound ? <p>{e.notFoundMessage}</p> : null}
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
      <a className="button" href={href('/')}>
        {e.backHome}
      </a>
      {inSite && notFound ? (
        // A plain GET form: it works before (and without) JavaScript.
        <form action={href('/search')} method="get" role="search" aria-label={e.searchLabel} className="error-page__search">
          <label htmlFor="not-found-q">{e.searchIntro}</label>
          <div className="error-page__search-row">
            <input id="not-found-q" type="search" name="q" autoComplete="off" />
            <button type="submit" className="button">
              {e.searchButton}
            </button>
          </div>
        </form>
      ) : null}
    </main>
  )
}
