import { OpenAPIHono } from '@hono/zod-openapi'
import type { Logger } from '../log.ts'
import type { Services } from '../services/index.ts'
import { configRouter } from './config.ts'
import type { ApiEnv } from './context.ts'
import { errorJson, toErrorResponse, validationHook } from './errors.ts'
import { pageRouter } from './page.ts'
import { siteRouter } from './site.ts'
import { resolveSession, sameOriginWrites } from './session.ts'
import { siteSettingsRouter } from './siteSettings.ts'
import { rolesRouter } from './roles.ts'
import { searchRouter } from './search.ts'
import { imageRouter } from './img.ts'
import { userRouter } from './user.ts'
import { listingRouter } from './listing.ts'
import { listingsPdfRouter } from './listingsPdf.ts'
import { chaptersRouter } from './chapters.ts'
import { conciergeFormRouter } from './conciergeForm.ts'
import { objRouter } from './obj.ts'
import { cartRouter } from './cart.ts'
import { hostFromHeader } from '../services/domains.ts'

/** The whole API: one router per area, mounted under the prefix by server/app.ts. */
export function createApi(services: Services, log: Logger) {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })

  api.use(async (c, next) => {
    if (!isWellFormedQuery(c.req.url)) return errorJson(c, 400, 'Malformed query string: invalid %-encoding')
    c.set('services', services)
    c.set('domain', await services.domains.forHost(hostFromHeader(c.req.header('host'))))
    await next()
  })
  api.use(sameOriginWrites)
  api.use(resolveSession)

  api.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', { type: 'apiKey', in: 'cookie', name: 'authToken' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' })

  // Typed as plain routers: chaining thirteen typed routers makes TypeScript's route union too complex
  // (TS2590), and nothing reads the combined route types.
  const routers: ReadonlyArray<readonly [string, OpenAPIHono<ApiEnv>]> = [
    ['/user', userRouter],
    ['/page', pageRouter],
    ['/config', configRouter],
    ['/site', siteRouter],
    ['/siteSettings', siteSettingsRouter],
    ['/roles', rolesRouter],
    ['/search', searchRouter],
    ['/listing', listingRouter],
    ['/listingsPdf', listingsPdfRouter],
    ['/chapters', chaptersRouter],
    ['/obj', objRouter],
    ['/conciergeForm', conciergeFormRouter],
    ['/cart', cartRouter],
    ['/image', imageRouter],
  ]
  for (const [path, router] of routers) api.route(path, router)

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Regional tourism site API',
      version: '1.0.0',
      description: `Calls of spec 01 §7 and spec 02 §7. Errors are { error: { code, message, details? } }.`,
    },
    servers: [{ url: `/${services.config.apiPrefix}` }],
  })

  api.notFound((c) => errorJson(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`))
  api.onError((err, c) => toErrorResponse(err, c, (e) => log.error({ err: e, path: c.req.path }, 'API request failed')))
  return api
}

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
