/**
 * The pool of PDF worker threads (piscina) that lay out the event calendars, so a layout never
 * holds the thread that answers requests (issue 18). A few threads (PDF_WORKERS) and a bounded
 * queue (PDF_QUEUE_MAX): when the queue is full, `render` refuses at once with PdfQueueFull, which
 * names how long to wait, instead of letting requests pile up.
 *
 * The worker is TypeScript (listings-pdf-worker.ts). While the server runs from its sources under
 * tsx, a thread starts listings-pdf-worker-tsx.mjs, which loads it through tsx; a server compiled
 * to JavaScript starts listings-pdf-worker.js beside this file as it is.
 */
import os from 'node:os'
import { Piscina } from 'piscina'
import type { CalendarInput } from './layout.tsx'
import type { PdfTask } from './listings-pdf-worker.ts'
import type { TripPdfInput } from './trip-layout.tsx'

export interface PdfPoolOptions {
  /** Worker threads (default: one per spare core, at most 2, at least 1). */
  threads?: number | undefined
  /** Calendars that may wait for a thread; one more is refused (default 8). */
  queueMax?: number | undefined
  /** An idle thread ends after this long (default 10 minutes) and starts again with the next calendar. */
  idleMs?: number | undefined
}

export class PdfQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many event calendars are being generated; try again shortly')
    this.name = 'PdfQueueFull'
  }
}

export function defaultPdfThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1))
}

function workerFile(): { filename: string; execArgv?: string[] } {
  const here = new URL(import.meta.url)
  if (!/\.tsx?$/.test(here.pathname)) return { filename: new URL('./listings-pdf-worker.js', here).href }
  // No inherited `--import tsx`: the entry loads the worker through tsx itself.
  return { filename: new URL('./listings-pdf-worker-tsx.mjs', here).href, execArgv: [] }
}

export function createPdfPool(options: PdfPoolOptions = {}) {
  const threads = Math.max(1, options.threads ?? defaultPdfThreads())
  const queueMax = Math.max(0, options.queueMax ?? 8)
  const pool = new Piscina<PdfTask, Uint8Array>({
    ...workerFile(),
    // Threads start with the first calendar (none at the server's start: decision 042) and end after idleMs without
    // one: a thread holds about 130 MB, and calendars come in bursts. A fresh thread lays out its
    // first calendar at half speed (3.6 s for the full demo calendar instead of 2.8 s).
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: Math.max(1000, options.idleMs ?? 10 * 60_000),
    maxQueue: queueMax,
  })
  /** Recent layout time, for the retry hint. */
  let averageMs = 2000
  let running = 0

  /** An event calendar's PDF. */
  const render = (input: CalendarInput) => run({ kind: 'render', input })
  /** A visitor's trip's PDF (issue 35): the same threads and queue as the calendars. */
  const renderTrip = (input: TripPdfInput) => run({ kind: 'trip', input })

  async function run(task: PdfTask): Promise<Uint8Array> {
    if (running >= threads && pool.queueSize >= queueMax) throw new PdfQueueFull(retryAfterSeconds())
    running++
    const started = performance.now()
    try {
      const bytes = await pool.run(task)
      averageMs = averageMs * 0.7 + (performance.now() - started) * 0.3
      return bytes
    } catch (err) {
      if (err instanceof Error && /queue is at limit|no task queue/i.test(err.message)) throw new PdfQueueFull(retryAfterSeconds())
      throw err
    } finally {
      running--
    }
  }

  /** When a new request would likely get a thread: the queue ahead of it, shared by the threads. */
  function retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil(((pool.queueSize + 1) * averageMs) / threads / 1000)))
  }

  return {
    render,
    renderTrip,
    retryAfterSeconds,
    threads,
    queueMax,
    /** Calendars being laid out and waiting for a thread. */
    load: () => ({ running: Math.min(running, threads), queued: pool.queueSize }),
    /** Threads alive now (none after idleMs without a calendar). */
    liveThreads: () => pool.threads.length,
    close: () => pool.destroy(),
  }
}

export type PdfPool = ReturnType<typeof createPdfPool>
