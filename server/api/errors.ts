import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import { isDatabaseUnavailable } from '../db/client.ts'
import { AppError, type ErrorKind } from '../services/errors.ts'

/** The one error shape of the API (DESIGN.md): { error: { code, message, details? } }. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown }
}

const statusOf: Record<ErrorKind, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthorised: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
}

const codeOfStatus: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorised',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
}

export function errorJson(c: Context, status: ContentfulStatusCode, message: string, details?: unknown, code?: string) {
  const body: ErrorBody = { error: { code: code ?? codeOfStatus[status] ?? 'error', message } }
  if (details !== undefined) body.error.details = details
  return c.json(body, status)
}

/** zod issues as field paths a client can show beside its inputs. */
export function zodDetails(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }))
}

export function validationHook(result: { success: boolean; error?: unknown; target?: string }, c: Context) {
  if (!result.success) {
    const error = result.error as ZodError
    return errorJson(c, 400, `Invalid ${result.target ?? 'input'}`, zodDetails(error))
  }
  return undefined
}

/** Turns anything thrown in a route into the error shape; only real faults become 500. */
export function toErrorResponse(err: unknown, c: Context, log: (err: unknown) => void) {
  if (err instanceof AppError) {
    const retryAfter = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
    if (err.kind === 'rate_limited' && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
    return errorJson(c, statusOf[err.kind], err.message, err.details, err.kind)
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    return errorJson(c, status, err.message || 'Request failed')
  }
  // Malformed %-escapes in a path or query string are the caller's fault.
  if (err instanceof URIError) return errorJson(c, 400, 'Malformed URL encoding')
  // A reference to a row that does not exist (a domainId naming no domain...) is the caller's
  // mistake too: the services check what they can, and the database's foreign keys catch the rest.
  const missing = missingReference(err)
  if (missing) return errorJson(c, 404, missing)
  if (isDatabaseUnavailable(err)) {
    log(err)
    return errorJson(c, 503, 'The service is temporarily unavailable, please try again shortly')
  }
  log(err)
  return errorJson(c, 500, 'An Unknown Error Occurred', undefined, 'internal_error')
}

export interface UnstorableText {
  /** Where: 'path', 'query.q', 'body.page.header.title'... */
  path: string
  problem: 'a NUL character' | 'an unpaired UTF-16 surrogate'
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function problemOf(text: string): UnstorableText['problem'] | null {
  if (text.includes('\u0000')) return 'a NUL character'
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate'
  return null
}

/**
 * The first string (value or object key) PostgreSQL cannot store as text or jsonb: one holding NUL
 * (U+0000) or half of a surrogate pair (only JSON escapes like \ud800 produce these). Walks without
 * recursion, so any nesting JSON.parse accepted is fine.
 */
export function findUnstorableText(value: unknown, root: string): UnstorableText | null {
  const stack: [unknown, string][] = [[value, root]]
  while (stack.length) {
    const [item, path] = stack.pop()!
    if (typeof item === 'string') {
      const problem = problemOf(item)
      if (problem) return { path, problem }
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}.${i}`])
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const problem = problemOf(key)
        if (problem) return { path: `${path}.${[...key].map((ch) => (problemOf(ch) ? '?' : ch)).join('')}`, problem }
        stack.push([child, `${path}.${key}`])
      }
    }
  }
  return null
}

export const unstorableMessage = (found: UnstorableText) =>
  `Text may not contain ${found.problem} (found in ${found.path}); remove it and try again`

/**
 * The message for a PostgreSQL foreign-key violation whose referenced row is missing ("Key
 * (domain_id)=(x) is not present in table "domains""), or null for any other error.
 */
function missingReference(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, detail, table: tableName } = e as { code?: unknown; detail?: unknown; table?: unknown }
    if (code === '23503' && typeof detail === 'string') {
      const match = /is not present in table "([^"]+)"/.exec(detail)
      if (match)
        return `Nothing in ${match[1]!.replace(/_/g, ' ')} matches what this refers to${typeof tableName === 'string' ? ` (writing ${tableName.replace(/_/g, ' ')})` : ''}`
    }
    e = (e as { cause?: unknown }).cause
  }
  return null
}
