/**
 * The visitor's calls to the API, typed from the routes' declarations as the editor's are (decision
 * 040): the path names the body, query and answer. A module of its own so that a visitor's page
 * loads these few lines, not the editor's client and its texts (ui/api.ts is imported for types only).
 */
import type { ApiAnswer, ApiBody, ApiPath, ApiQuery } from './api.ts'

/** A call the server refused or could not answer: the caller decides what the visitor sees. */
export class VisitorApiError extends Error {
  readonly status: number
  constructor(path: string, status: number) {
    super(`${path} answered ${status}`)
    this.name = 'VisitorApiError'
    this.status = status
  }
}

/** POSTs `body` as JSON to `apiBase + path` and answers the declared JSON; throws VisitorApiError on a non-2xx answer. */
export async function postJson<P extends ApiPath<'post'>>(
  apiBase: string,
  path: P,
  body: ApiBody<P>,
  signal?: AbortSignal,
): Promise<ApiAnswer<P, 'post'>> {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
  if (!response.ok) throw new VisitorApiError(path, response.status)
  return (await response.json()) as ApiAnswer<P, 'post'>
}

/** GETs `apiBase + path` with `query` and answers the declared JSON; throws VisitorApiError on a non-2xx answer. */
export async function getJson<P extends ApiPath<'get'>>(
  apiBase: string,
  path: P,
  query: ApiQuery<P>,
  signal?: AbortSignal,
): Promise<ApiAnswer<P, 'get'>> {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query as Record<string, unknown>))
    if (value !== undefined && value !== null) params.set(name, String(value))
  const search = params.toString()
  const response = await fetch(`${apiBase}${path}${search ? `?${search}` : ''}`, { headers: { accept: 'application/json' }, signal })
  if (!response.ok) throw new VisitorApiError(path, response.status)
  return (await response.json()) as ApiAnswer<P, 'get'>
}
