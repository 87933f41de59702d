/**
 * Page renders take turns with cached answers (issue 32 point 2, decision 032).
 *
 * A render (loaders on the embedded database, React) runs on the thread that answers cached pages,
 * and Node cannot pre-empt it: while renders follow each other back to back, every cached answer
 * waits behind one, and a crawl beside browsers took cached pages from 18k to 1.8k req/s (0.10).
 * So while cached pages are being served, renders run one at a time and each is followed by a
 * rest as long as itself (`share` 0.5: renders get at most half of the thread, cached answers
 * at least half). When nobody is being served from the cache, renders run back to back, up to
 * `concurrency` at once, as before.
 */
export interface RenderTurnsOptions {
  /** Renders at once while no cached answer is being served (RENDER_CONCURRENCY). */
  concurrency: number
  /** Whether cached answers were served since this was last asked (the page cache's hits moved). */
  servingHits: () => boolean
  /** At most this share of the thread goes to renders while cached answers are served (default 0.5). */
  share?: number
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => void
}

export interface RenderTurns {
  run<T>(render: () => Promise<T>): Promise<T>
  /** Renders running now, and waiting their turn. */
  readonly activeCount: number
  readonly pendingCount: number
  /** Renders that waited for a rest since start (cached answers were being served). */
  readonly rests: number
}

export function createRenderTurns({
  concurrency,
  servingHits,
  share = 0.5,
  now = () => performance.now(),
  setTimer = (fn, ms) => void setTimeout(fn, ms).unref(),
}: RenderTurnsOptions): RenderTurns {
  let active = 0
  let restUntil = 0
  let rests = 0
  /** Renders run one at a time while cached answers are being served. */
  let paced = false
  let timerSet = false
  const waiting: (() => void)[] = []

  const pump = () => {
    while (waiting.length > 0 && active < (paced ? 1 : concurrency)) {
      const wait = restUntil - now()
      if (wait > 0) {
        if (!timerSet) {
          timerSet = true
          rests++
          setTimer(() => {
            timerSet = false
            pump()
          }, wait)
        }
        return
      }
      active++
      waiting.shift()!()
    }
  }

  return {
    async run(render) {
      await new Promise<void>((start) => {
        waiting.push(start)
        pump()
      })
      const started = now()
      try {
        return await render()
      } finally {
        const ended = now()
        paced = servingHits()
        // A rest as long as the render took, scaled by the share: 0.5 gives as much time back.
        if (paced) restUntil = Math.max(restUntil, ended + ((ended - started) * (1 - share)) / share)
        active--
        pump()
      }
    },
    get activeCount() {
      return active
    },
    get pendingCount() {
      return waiting.length
    },
    get rests() {
      return rests
    },
  }
}
