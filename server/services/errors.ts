/**
 * Errors the services raise. They name what went wrong, not an HTTP status; the API layer maps
 * each kind to its status (server/api/errors.ts).
 */
export type ErrorKind =
  'invalid_input' | 'unauthorised' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'rate_limited' | 'unavailable'

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message)
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details)
export const invalidInput = (message: string, details?: unknown) => new AppError('invalid_input', message, details)
