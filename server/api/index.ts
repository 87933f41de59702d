import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from '../log.ts'
import type { Services } from '../services/index.ts'
import { configRouter } from './config.ts'
import type { ApiEnv } from './context.ts'
import { errorJson, findUnstorableText, toErrorResponse, unstorableMessage, validationHook } from './errors.ts'
import { pageRouter } from './page.ts'
import { siteRouter } from './site.ts'
import { resolveSession, sameOriginWrites } from './session.ts'
import { siteSettingsRouter } from './siteSettings.ts'
import { rolesRouter } from './roles.ts'
import { searchRouter } from './search.ts'
import { imageRouter } from './img.ts'
import { userRouter } from './user.ts'
import { listingRouter } from '../../listings/api.ts'
import { listingsPdfRouter } from '../../listings/pdf/api.ts'
import { calendarRouter } from '../../listings/calendar/api.ts'
import { tripRouter } from '../../listings/trip/api.ts'
import { chaptersRouter } from './chapters.ts'
import { conciergeFormRouter } from './conciergeForm.ts'
import { objRouter } from './obj.ts'
import { cartRouter } from './cart.ts'
import { teamRouter } from './team.ts'
import { dashboardRouter } from './dashboard.ts'
import { draftLinkRouter } from './draftLink.ts'
import { presenceRouter, scheduleRouter } from './schedule.ts'
import { translationRouter } from './translation.ts'
import { resultsRouter } from '../results/api.ts'
import { publishRouter } from '../publish/api.ts'
import { hostFromHeader } from '../services/domains.ts'

/** The default largest request body of the API (API_BODY_LIMIT_KB). */
export const DEFAULT_API_BODY_LIMIT = 1024 * 1024

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * Every area's router and where it is mounted; also read by scripts/generate-api-types.ts, which
 * writes the browser's types of the API from the document they declare (decision 040).
 * Typed as plain routers: chaining thirteen typed routers makes TypeScript's route union too complex
 * (TS2590); the browser's types come from the document instead.
 */
export const apiRouters: ReadonlyArray<readonly [string, OpenAPIHono<ApiEnv>]> = [
  ['/user', userRouter],
  ['/page', pageRouter],
  ['/config', configRouter],
  ['/site', siteRouter],
  ['/siteSettings', siteSettingsRouter],
  ['/roles', rolesRouter],
  ['/search', searchRouter],
  ['/listing', listingRouter],
  ['/listingsPdf', listingsPdfRouter],
  ['/calendar', calendarRouter],
  ['/trip', tripRouter],
  ['/chapters', chaptersRouter],
  ['/obj', objRouter],
  ['/conciergeForm', conciergeFormRouter],
  ['/cart', cartRouter],
  ['/image', imageRouter],
  ['/team', teamRouter],
  ['/dashboard', dashboardRouter],
  ['/draftLink', draftLinkRouter],
  ['/schedule', scheduleRouter],
  ['/presence', presenceRouter],
  ['/translation', translationRouter],
  ['/results', resultsRouter],
  ['/publish', publishRouter],
]

/** The OpenAPI document's head; its paths come from the routers' declarations. */
export const apiDocument = (apiPrefix: string) => ({
  openapi: '3.1.0',
  info: {
    title: 'Regional tourism site API',
    version: '1.0.0',
    description: `Calls of spec 01 §7 and spec 02 §7. Errors are { error: { code, message, details? } }.`,
  },
  servers: [{ url: `/${apiPrefix}` }],
})

/** The whole API: one router per area, mounted under the prefix by server/app.ts. */
export function createApi(services: Services, log: Logger) {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
  const maxBody = services.config.limits?.apiBodyBytes ?? DEFAULT_API_BODY_LIMIT

  // No API answer may be kept by a shared cache (issue 29 point 8): drafts, enquiries, the activity
  // log and sign-in tokens are answered here, and the same address answers differently per session.
  // Every answer is `private, no-store` unless its route says otherwise, and varies by the session.
  api.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'private, no-store')
    c.res.headers.append('Vary', 'Cookie, Authorization')
  })

  // Before anything reads a body: a declared Content-Length over the limit is refused at once, and a
  // chunked body is counted as it arrives and refused as soon as it passes the limit.
  api.use(
    bodyLimit({
      maxSize: maxBody,
      onError: (c) => {
        // The rest of the body is not read: close the connection rather than drain it.
        c.header('Connection', 'close')
        return errorJson(c, 413, `The request body is larger than the ${formatBytes(maxBody)} this API accepts`)
      },
    }),
  )

  api.use(async (c, next) => {
    if (!isWellFormedQuery(c.req.url)) return errorJson(c, 400, 'Malformed query string: invalid %-encoding')
    // Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused here, for every route, with
    // where it was found, instead of failing in the database.
    const problem = await unstorableInRequest(c.req.url, c.req.method, c.req.header('content-type'), () => c.req.json())
    if (problem) return errorJson(c, 400, unstorableMessage(problem), { path: problem.path })
    c.set('services', services)
    c.set('domain', await services.domains.forHost(hostFromHeader(c.req.header('host'))))
    await next()
  })
  api.use(sameOriginWrites)
  api.use(resolveSession)

  api.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', { type: 'apiKey', in: 'cookie', name: 'authToken' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' })

  for (const [path, router] of apiRouters) api.route(path, router)

  api.doc31('/openapi.json', apiDocument(services.config.apiPrefix))

  api.notFound((c) => errorJson(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`))
  api.onError((err, c) => toErrorResponse(err, c, (e) => log.error({ err: e, path: c.req.path }, 'API request failed')))
  return api
}

async function unstorableInRequest(url: string, method: string, contentType: string | undefined, json: () => Promise<unknown>) {
  const { pathname, searchParams } = new URL(url)
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {
    // Malformed %-escapes in the path are answered by the routes (400).
  }
  const inPath = findUnstorableText(path, 'path')
  if (inPath) return inPath
  for (const [key, value] of searchParams) {
    const found = findUnstorableText(key, 'query') ?? findUnstorableText(value, `query.${key}`)
    if (found) return found
  }
  if (method === 'GET' || method === 'HEAD' || !JSON_TYPE.test((contentType ?? '').split(';')[0]!.trim())) return null
  let body: unknown
  try {
    body = await json()
  } catch {
    return null // not JSON: the route's validation answers 400
  }
  return findUnstorableText(body, 'body')
}

const formatBytes = (n: number) => (n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MB` : n % 1024 === 0 ? `${n / 1024} KB` : `${n} bytes`)

/** A query string whose %-escapes do not decode is refused rather than guessed at. */
function isWellFormedQuery(url: string): boolean {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  try {
    decodeURIComponent(query.replace(/\+/g, ' '))
    return true
  } catch {
    return false
  }
}
