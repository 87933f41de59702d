/**
 * How long the event loop was held (issue 18): while it is, the server answers nobody. Node's
 * perf_hooks.monitorEventLoopDelay samples the delay; this summarises it per window of 10 s, keeps
 * the last minute (six windows), reports it in /health, and logs a warning for a window in which
 * the loop was held longer than EVENT_LOOP_WARN_MS, so an operator sees a stall.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'

export type EventLoopStats = {
  /**
   * Delays in ms over the last minute (a free loop reports about 0): the longest, and the p50 and
   * p99 of the worst 10 s window in it (the current one included).
   */
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** How long the figures cover, in seconds. */
  windowSeconds: number
}

export interface EventLoopMonitor {
  stats(): EventLoopStats
  /** Forgets what was measured so far (the server calls it once it listens: start-up is no stall). */
  reset(): void
  stop(): void
}

export interface EventLoopMonitorOptions {
  /** Warn when a window's longest delay exceeds this (ms). */
  warnMs: number
  log?: { warn(obj: object, msg: string): void } | undefined
  /** Sampling period of the monitor (ms, default 10). */
  resolutionMs?: number
  /** Length of one window (ms, default 10 s); six are kept. */
  windowMs?: number
  /**
   * No warnings until the first reset(): the server resets once it listens, and before that
   * (migrating, seeding a first demo) no request can be waiting, so a held loop is no stall
   * (issue 31: 19 warnings printed before the server even listened).
   */
  quietUntilReset?: boolean
}

const WINDOWS = 6
const ns = 1e6

export function startEventLoopMonitor(options: EventLoopMonitorOptions): EventLoopMonitor {
  const resolutionMs = options.resolutionMs ?? 10
  const windowMs = options.windowMs ?? 10_000
  let monitor = monitorEventLoopDelay({ resolution: resolutionMs })
  monitor.enable()
  const windows: { p50Ms: number; p99Ms: number; maxMs: number }[] = []
  let quiet = options.quietUntilReset ?? false

  // The monitor records the time between its samples: the delay is what exceeds the period.
  const delayMs = (value: number) => Math.max(0, Math.round((value / ns - resolutionMs) * 10) / 10)
  const figures = (h: { count: number; percentile(p: number): number; max: number }) =>
    h.count === 0
      ? { p50Ms: 0, p99Ms: 0, maxMs: 0 }
      : { p50Ms: delayMs(h.percentile(50)), p99Ms: delayMs(h.percentile(99)), maxMs: delayMs(h.max) }

  const timer = setInterval(() => {
    const window = figures(monitor)
    monitor.reset()
    windows.push(window)
    if (windows.length > WINDOWS) windows.shift()
    const { p99Ms, maxMs } = window
    if (maxMs > options.warnMs && !quiet) {
      options.log?.warn(
        { eventLoop: { p99Ms, maxMs, windowSeconds: windowMs / 1000 } },
        `event loop held for up to ${maxMs} ms in the last ${windowMs / 1000} s: requests waited that long`,
      )
    }
  }, windowMs)
  timer.unref()

  return {
    stats() {
      const all = [...windows, figures(monitor)]
      const worst = (key: 'p50Ms' | 'p99Ms' | 'maxMs') => Math.max(...all.map((w) => w[key]))
      return {
        p50Ms: worst('p50Ms'),
        p99Ms: worst('p99Ms'),
        maxMs: worst('maxMs'),
        windowSeconds: Math.round((all.length * windowMs) / 1000),
      }
    },
    reset() {
      // A new histogram rather than reset(): after its reset() the histogram was seen to miss the
      // next long hold (Node 20.20: a 150 ms hold read 0.3 ms).
      monitor.disable()
      monitor = monitorEventLoopDelay({ resolution: resolutionMs })
      monitor.enable()
      windows.length = 0
      quiet = false
    },
    stop() {
      clearInterval(timer)
      monitor.disable()
    },
  }
}

/**
 * The longest single hold of the event loop while `work` runs (ms), for tests and measurements:
 * a timer asks for a turn every `resolutionMs`, and a turn that comes late shows the hold.
 */
export async function longestHold<T>(work: () => Promise<T>, resolutionMs = 5): Promise<{ result: T; maxMs: number; p99Ms: number }> {
  const monitor = monitorEventLoopDelay({ resolution: resolutionMs })
  monitor.enable()
  try {
    const result = await work()
    // One more turn, so a hold at the very end is sampled too.
    await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2))
    return { result, maxMs: Math.max(0, monitor.max / ns - resolutionMs), p99Ms: Math.max(0, monitor.percentile(99) / ns - resolutionMs) }
  } finally {
    monitor.disable()
  }
}
