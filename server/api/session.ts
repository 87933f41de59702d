import type { MiddlewareHandler } from 'hono'
import { authTokenCookie } from '../session-cookie.ts'
import type { ApiEnv } from './context.ts'
import { errorJson } from './errors.ts'

/** The session token a request carries: `Authorization: Bearer ...`, else the authToken cookie. */
export function sessionTokenFrom(headers: Headers): string | null {
  const auth = headers.get('authorization')
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null
  return authTokenCookie(headers.get('cookie'))
}

/** Resolves the signed-in user (or null) for every API call. */
export const resolveSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = sessionTokenFrom(c.req.raw.headers)
  const session = await c.var.services.auth.resolve(token)
  c.set('user', session?.user ?? null)
  c.set('sessionTokenHash', session?.tokenHash ?? null)
  // Only a token that no longer works costs the second look-up; visitors carry none.
  c.set('sessionEnded', !session && token ? await c.var.services.auth.endedBecause(token) : null)
  await next()
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Cross-site request forgery: a browser always says where a cross-site write comes from (Origin,
 * Sec-Fetch-Site). Writes from another site are refused; API clients without those headers are
 * not browsers and authenticate with a Bearer token or a cookie they hold themselves.
 */
export const sameOriginWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method)) {
    const site = c.req.header('sec-fetch-site')
    if (site === 'cross-site' || site === 'same-site') return errorJson(c, 403, 'Cross-site requests are not allowed')
    const origin = c.req.header('origin')
    if (origin && origin !== 'null') {
      let originHost: string
      try {
        originHost = new URL(origin).host
      } catch {
        return errorJson(c, 403, 'Cross-site requests are not allowed')
      }
      const host =
        c.req.header('x-forwarded-host') && c.var.services.config.auth.trustProxy ? c.req.header('x-forwarded-host') : c.req.header('host')
      if (originHost !== host) return errorJson(c, 403, 'Cross-site requests are not allowed')
    } else if (origin === 'null') {
      return errorJson(c, 403, 'Cross-site requests are not allowed')
    }
  }
  await next()
}
