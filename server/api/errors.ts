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
  if (err instanceof AppError) return errorJson(c, statusOf[err.kind], err.message, err.details, err.kind)
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    return errorJson(c, status, err.message || 'Request failed')
  }
  // Malformed %-escapes in a path or query string are the caller's fault.
  if (err instanceof URIError) return errorJson(c, 400, 'Malformed URL encoding')
  if (isDatabaseUnavailable(err)) {
    log(err)
    return errorJson(c, 503, 'The service is temporarily unavailable, please try again shortly')
  }
  log(err)
  return errorJson(c, 500, 'An Unknown Error Occurred', undefined, 'internal_error')
}
