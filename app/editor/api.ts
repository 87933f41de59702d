import { texts } from '#lib/texts'

/**
 * The editor's calls to the server's API (spec 01 §7). The server mounts it under /api (its
 * API_PREFIX setting); the editor runs on the same origin, so the path is relative.
 */
export const API_BASE = '/api'

export class ApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
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
export async function postApi<T>(path: string, body?: unknown): Promise<T> {
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
  const reply: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new ApiError(errorMessage(reply), response.status)
  return reply as T
}

/** The message of anything a call threw. */
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
