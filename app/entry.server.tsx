/**
 * The server entry: React Router's default entry for Node (@react-router/dev 7.18,
 * config/defaults/entry.server.node.tsx: streaming, bots and SPA mode wait for all content),
 * plus error reporting and the visitor's stylesheet inlined in every page (app/site/site-styles.ts). Errors thrown while loading or rendering a page reach the server's
 * reporter, which the Hono server passes in the load context (server/app.ts `reportError`): it logs
 * them and, with SENTRY_DSN set, reports them to Sentry like failed API requests.
 */
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import siteStyles from './app.css?inline'
import { deferredModuleScripts } from './document/script-priority'
import { SiteStylesContext } from './site/site-styles'
import { NonceContext } from './document/nonce'
// Every language's site texts: the server renders pages in any of them (lib/site-texts/index.ts).
import '#lib/site-texts/all'

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

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    // Every inline script carries the answer's Content-Security-Policy nonce (server/content-security-policy.ts):
    // React Router's (context, route modules, streamed data), React's own (streaming) and the root's.
    const nonce = loadContext.cspNonce
    // The visitor's stylesheet goes inline into the page's head (app/site/site-styles.ts).
    const app = (
      <SiteStylesContext.Provider value={siteStyles}>
        <NonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>
      </SiteStylesContext.Provider>
    )
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        const html = deferredModuleScripts()
        body.on('error', (error) => html.destroy(error))
        // The visitor went away (the response stream was cancelled, which destroys `html` with an
        // AbortError): closing React's destination stops the render. Unheard, that error would end the process.
        html.on('error', () => body.destroy())
        const stream = createReadableStreamFromReadable(body.pipe(html))

        responseHeaders.set('Content-Type', 'text/html')

        pipe(body)

        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // Report streaming rendering errors from inside the shell. Errors of the initial shell
        // render reject, and React Router hands them to handleError itself.
        if (shellRendered) report(error, request, loadContext)
      },
    })
  })
}
