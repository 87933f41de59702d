import { parse } from 'hono/utils/cookie'

/**
 * The session cookie's value in a Cookie header, or null: Hono's cookie parser (quoted values,
 * percent-decoding, the first of two cookies of one name). Read by the API's session middleware
 * and, before any routing, by the page cache (a request with a session is never served from it).
 */
export const authTokenCookie = (cookie: string | null | undefined): string | null =>
  cookie ? parse(cookie, 'authToken').authToken || null : null
