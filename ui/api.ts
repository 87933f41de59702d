import type { paths } from '#lib/api.generated'
import { texts } from '#lib/texts'
import { apiBaseOf } from './hooks/use-api-base'

/**
 * The editor's calls to the server's API (spec 01 §7). The server mounts it under its API_PREFIX
 * ('api' by default) and tells the editor through the root loader (setApiBase); the editor runs on
 * the same origin, so the path is relative.
 */
let API_BASE = '/api'

/**
 * The API's paths, bodies, queries and answers, from the OpenAPI document the server's routes declare
 * (lib/api.generated.ts, decision 040): a call names its path, and its body, query and answer follow.
 */
type Operation<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>
/** The paths that have a POST (or GET) operation. */
export type ApiPath<M extends 'get' | 'post'> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths]
/** The JSON body a route accepts; `undefined` for a route that reads none. */
export type ApiBody<P extends ApiPath<'post'>> =
  Operation<P, 'post'> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<P, 'post'> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined
/** The query a GET route reads: values are sent as text, so numbers and flags are given as they are. */
export type ApiQuery<P extends ApiPath<'get'>> =
  Operation<P, 'get'> extends { parameters: { query?: infer Q } } ? ([Q] extends [never | undefined] ? Record<string, never> : Q) : never
type Success = 200 | 201
/** The JSON of a route's successful answer, as its declaration says. */
export type ApiAnswer<P extends keyof paths, M extends 'get' | 'post'> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in keyof R & Success]: R[S] extends { content: { 'application/json': infer A } } ? A : never }[keyof R & Success]
    : never
type QueryValue = string | number | boolean | undefined | null

export function setApiBase(base: string) {
  API_BASE = apiBaseOf(base)
}

export class ApiError extends Error {
  readonly status: number
  /** The server's error details ({error: {details}}), when it sent any. */
  readonly details: unknown
  constructor(message: string, status: number, details?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.details = details
  }
}

/** A stale save: someone else saved since this copy was loaded (spec: never overwrite silently). */
export const isConflict = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409

function detailsOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  return typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : undefined
}

/**
 * The message to show for a failed call: the server's error message ({error: {message}}), else a
 * top-level message, else the generic 'Unknown Error' (spec 01 §7, "What the product does with answers").
 */
export function errorMessage(body: unknown, fallback: string = texts.toasts.unknownError): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown }
    if (typeof error === 'object' && error !== null) {
      const inner = (error as { message?: unknown }).message
      if (typeof inner === 'string' && inner.trim()) return inner
    }
    if (typeof error === 'string' && error.trim()) return error
    if (typeof message === 'string' && message.trim()) return message
  }
  return fallback
}

/** POSTs JSON to the API and answers the JSON reply; throws ApiError with the server's message otherwise. */
export async function postApi<P extends ApiPath<'post'>>(
  path: P,
  ...[body]: undefined extends ApiBody<P> ? [body?: ApiBody<P>] : [body: ApiBody<P>]
): Promise<ApiAnswer<P, 'post'>>
export async function postApi(path: string, body?: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(texts.toasts.unknownError, 0)
  }
  return answerOf(response)
}

/**
 * POSTs JSON as the page goes away (its tab closed or reloaded): a keepalive request, which the
 * browser still sends once the page is gone. Nothing is answered to it.
 */
export function postOnLeave<P extends ApiPath<'post'>>(path: P, body: ApiBody<P>): void {
  fetch(`${API_BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined)
}

/** Uploads an image (POST /img/upload, multipart `file`); answers the stored image record. */
export async function uploadImage(file: File, alt = ''): Promise<{ _id: string; width: number; height: number }> {
  const form = new FormData()
  form.append('file', file)
  form.append('alt', alt)
  let response: Response
  try {
    response = await fetch('/img/upload', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    })
  } catch {
    throw new ApiError(texts.toasts.unknownError, 0)
  }
  return answerOf(response)
}

/**
 * Told when a call answers 401 while an editor is signed in: their session has ended (issue 21),
 * with the server's reason when it gave one ('deactivated': an admin deactivated the account, issue 31).
 */
let sessionEnded: ((reason: string | null) => void) | null = null
export function onSessionEnded(handler: ((reason: string | null) => void) | null) {
  sessionEnded = handler
}

async function answerOf<T>(response: Response, signal?: AbortSignal): Promise<T> {
  const unread = Symbol('unread')
  const reply: unknown = await response.json().catch((err: unknown) => {
    // Called off while the body was read: that is the caller's abort, not an empty answer (read as
    // one, an older version compared against an abandoned fetch showed every block as added).
    if (signal?.aborted) throw err
    return unread
  })
  const body = reply === unread ? null : reply
  if (response.status === 401) {
    const reason = (detailsOf(body) as { reason?: unknown } | undefined)?.reason
    sessionEnded?.(typeof reason === 'string' ? reason : null)
  }
  if (!response.ok) throw new ApiError(errorMessage(body), response.status, detailsOf(body))
  // A success whose body did not arrive whole (the connection cut) is not an answer: a save taken
  // as done on `null` would not be retried.
  if (reply === unread) throw new ApiError(texts.toasts.unknownError, 0)
  return reply as T
}

/** The address of an API call (query parameters left out when undefined): for links, e.g. a CSV download. */
export function apiUrl(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ''}`
}

/** GETs JSON from the API (query parameters left out when undefined); throws ApiError like postApi. */
export async function getApi<P extends ApiPath<'get'>>(
  path: P,
  query?: ApiQuery<P>,
  init?: { signal?: AbortSignal },
): Promise<ApiAnswer<P, 'get'>>
export async function getApi(path: string, query?: unknown, init: { signal?: AbortSignal } = {}): Promise<unknown> {
  const params = new URLSearchParams()
  const entries: [string, QueryValue][] = typeof query === 'object' && query !== null ? Object.entries(query) : []
  for (const [key, value] of entries) if (value !== undefined && value !== null) params.set(key, String(value))
  const search = params.toString()
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: init.signal,
    })
  } catch (err) {
    if (init.signal?.aborted) throw err
    throw new ApiError(texts.toasts.unknownError, 0)
  }
  return answerOf(response, init.signal)
}

/** The message of anything a call threw. */
/**
 * The server's field errors by field path ({error: {details: [{path, message}]}}, or one
 * {path} for a conflict, whose message is the error's own), so a refused slug, an over-long
 * heading or a wrong address shows under its own field.
 */
export function fieldErrorsOf(details: unknown, message: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const list = Array.isArray(details) ? details : details && typeof details === 'object' ? [details] : []
  for (const item of list) {
    if (!item || typeof item !== 'object') continue
    const { path, message: own } = item as { path?: unknown; message?: unknown }
    if (typeof path === 'string' && path && !(path in errors)) errors[path] = typeof own === 'string' && own ? own : message
  }
  return errors
}

export function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : texts.toasts.unknownError
}

/**
 * Reloads the current address (without the given query parameters) so the server renders it
 * again: used after signing in or out, whose cookie is HttpOnly and changes what the server sends.
 */
export function reloadWithout(params: readonly string[] = []): void {
  const url = new URL(window.location.href)
  for (const name of params) url.searchParams.delete(name)
  if (url.href === window.location.href) window.location.reload()
  else window.location.replace(url.href)
}
