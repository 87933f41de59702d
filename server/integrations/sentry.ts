/**
 * Error reporting on the server (Sentry), only when SENTRY_DSN is set: the SDK is imported then,
 * never otherwise. Every error the server logs (level 'error' and above: failed API requests,
 * failed page renders, failed jobs) is reported with its message; uncaught exceptions and unhandled
 * rejections are reported by the SDK itself. The browser side lives in app/consent and starts
 * only after the visitor's consent.
 */
import pino, { type DestinationStream } from 'pino'
import type { Logger } from '../log.ts'

export interface ErrorReporter {
  capture(error: unknown, context: Record<string, unknown>): void
  /** Sends what is queued (before exit, and in tests). */
  flush(timeoutMs?: number): Promise<boolean>
}

export async function startSentry(options: { dsn: string; environment: string; release?: string }): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node')
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    ...(options.release ? { release: options.release } : {}),
    // Errors only: no performance tracing (and, by the SDK's default, no personal data).
    tracesSampleRate: 0,
  })
  return {
    capture: (error, context) => {
      Sentry.captureException(error, { extra: context })
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  }
}

const ERROR_LEVEL = 50

/** The Error in a pino call's arguments (`log.error({ err }, msg)` or `log.error(err, msg)`), else one made of the message. */
function errorOf(args: unknown[]): unknown {
  const [first, ...rest] = args
  if (first instanceof Error) return first
  const message = [first, ...rest].find((a): a is string => typeof a === 'string')
  if (first && typeof first === 'object' && 'err' in first) {
    const err = (first as { err: unknown }).err
    if (err instanceof Error) return err
    if (err !== undefined) return new Error(message ? `${message}: ${String(err)}` : String(err))
  }
  return new Error(message ?? 'error logged without a message')
}

/** What else a log line carried (path, ids), as Sentry's extra data. */
function contextOf(args: unknown[]): Record<string, unknown> {
  const [first, second] = args
  const context: Record<string, unknown> = {}
  if (first && typeof first === 'object' && !(first instanceof Error)) {
    for (const [name, value] of Object.entries(first)) if (name !== 'err') context[name] = value
  }
  if (typeof second === 'string') context.message = second
  return context
}

/** The server's logger (as server/log.ts makes it), also reporting every error it logs. */
export function reportingLogger(level: pino.LevelWithSilent, reporter: ErrorReporter, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    hooks: {
      logMethod(args, method, logLevel) {
        if (logLevel >= ERROR_LEVEL) {
          try {
            reporter.capture(errorOf(args), contextOf(args))
          } catch {
            // reporting must never break logging
          }
        }
        return method.apply(this, args)
      },
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
