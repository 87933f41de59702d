import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The caller's address, for rate limits. Behind a trusted proxy, its X-Forwarded-For. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}

/** True when the request reached us over https (directly, or via a trusted proxy). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return trustProxy && c.req.header('x-forwarded-proto') === 'https'
}
