/**
 * The server entry: React Router's default entry (streaming; bots and SPA mode wait for all
 * content), plus error reporting, the visitor's stylesheet inlined in every page
 * (app/ui/site-styles.ts) and the visitor's scripts held back until the first screen is painted
 * (app/ui/script-priority.ts). Errors thrown while loading or rendering a page reach the server's
 * reporter, which the Hono server passes in the load context (server/app.ts `reportError`): it logs
 * them and, with SENTRY_DSN set, reports them to Sentry like failed API requests.
 *
 * It renders with React's web-streams build (`react-dom/server.edge`), not the Node build's
 * `renderToPipeableStream`: the Node build keeps each render in an AsyncLocalStorage, which turns
 * on Node's async hooks for the whole process from the first render on, and every request after
 * that pays for them, cached pages included (docs/decisions/014). Hono answers with web streams
 * anyway, so nothing is converted.
 */
import { isbot } from 'isbot'
import type { ReactDOMServerReadableStream } from 'react-dom/server'
import { renderToReadableStream } from 'react-dom/server.edge'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import siteStyles from './app.css?inline'
import { deferredModuleScripts } from './ui/script-priority'
import { SiteStylesContext } from './ui/site-styles'

export const streamTimeout = 5_000

/**
 * Hands an error to the load context's reporter. Aborted requests (the visitor left) and the
 * router's own 4xx answers (no such route, a POST to a page without an action) are not faults of
 * the site and are not reported; pages' deliberate 404s and 503s never come here.
 */
function report(error: unknown, request: Request, context: AppLoadContext | undefined) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  // The router wraps its own internal errors in an error response that carries the Error.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  const reported = inner instanceof Error ? inner : error
  if (context?.reportError) context.reportError(reported, request)
  else console.error(reported)
}

/** React Router calls this for every error of a loader, an action or the render of a document. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  report(error, request, context)
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  let shellRendered = false
  const userAgent = request.headers.get('user-agent')
  // The render stops when the visitor goes away, or after `streamTimeout` (plus a second to flush
  // the rejected boundaries) in any case.
  const stop = new AbortController()
  const timeoutId = setTimeout(() => stop.abort(new Error('render timed out')), streamTimeout + 1000)
  const done = () => {
    clearTimeout(timeoutId)
    request.signal.removeEventListener('abort', stopRender)
  }
  function stopRender() {
    done()
    stop.abort(request.signal.reason)
  }
  request.signal.addEventListener('abort', stopRender, { once: true })

  // The visitor's stylesheet goes inline into the page's head (app/ui/site-styles.ts).
  const app = (
    <SiteStylesContext.Provider value={siteStyles}>
      <ServerRouter context={routerContext} url={request.url} />
    </SiteStylesContext.Provider>
  )
  let body: ReactDOMServerReadableStream
  try {
    body = await renderToReadableStream(app, {
      signal: stop.signal,
      onError(error: unknown) {
        responseStatusCode = 500
        // Report streaming rendering errors from inside the shell. Errors of the initial shell
        // render reject, and React Router hands them to handleError itself.
        if (shellRendered) report(error, request, loadContext)
      },
    })
  } catch (error) {
    done()
    throw error
  }
  shellRendered = true

  // Requests from bots and SPA Mode renders wait for all content to load before responding
  // https://react.dev/reference/react-dom/server/renderToReadableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady

  const html = deferredModuleScripts(body, done)
  responseHeaders.set('Content-Type', 'text/html')
  return new Response(html, { headers: responseHeaders, status: responseStatusCode })
}
