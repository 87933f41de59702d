import { describe, expect, it } from 'vitest'
import { createRenderTurns } from './render-turns.ts'

/** A clock the test moves, and timers that fire when it passes them. */
function fakeTime() {
  let time = 0
  const timers: { at: number; fn: () => void }[] = []
  return {
    now: () => time,
    setTimer: (fn: () => void, ms: number) => void timers.push({ at: time + ms, fn }),
    /** Moves the clock to `to`, firing the timers due on the way. */
    advance(to: number) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at)
        const next = timers[0]
        if (!next || next.at > to) break
        timers.shift()
        time = next.at
        next.fn()
      }
      time = to
    },
    pendingTimers: () => timers.length,
  }
}

/** A render the test ends by hand, at the fake clock's time. */
function deferred() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { done, finish }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('render turns', () => {
  it('runs renders back to back, up to the concurrency, while nobody is served from the cache', async () => {
    const clock = fakeTime()
    const turns = createRenderTurns({ concurrency: 2, servingHits: () => false, now: clock.now, setTimer: clock.setTimer })
    const started: number[] = []
    const renders = [deferred(), deferred(), deferred()]
    const runs = renders.map((r, i) => turns.run(async () => (started.push(i), r.done)))
    await settle()
    expect(started).toEqual([0, 1])
    expect(turns.pendingCount).toBe(1)
    clock.advance(30)
    renders[0]!.finish()
    await settle()
    // No rest: the third starts as the first ends.
    expect(started).toEqual([0, 1, 2])
    expect(clock.pendingTimers()).toBe(0)
    renders[1]!.finish()
    renders[2]!.finish()
    await Promise.all(runs)
    expect(turns.rests).toBe(0)
  })

  it('while cached answers are served, renders run one at a time with a rest as long as each render', async () => {
    const clock = fakeTime()
    const turns = createRenderTurns({ concurrency: 2, servingHits: () => true, now: clock.now, setTimer: clock.setTimer })
    const startedAt: number[] = []
    const renders = [deferred(), deferred(), deferred()]
    const runs = renders.map((r) => turns.run(async () => (startedAt.push(clock.now()), r.done)))
    await settle()
    // Before the first render ended nothing said hits were being served: two start.
    expect(startedAt).toEqual([0, 0])
    clock.advance(40)
    renders[0]!.finish()
    await settle()
    // Hits are being served: the third waits for the other to end and for a rest of 40 ms.
    expect(startedAt).toHaveLength(2)
    clock.advance(50)
    renders[1]!.finish()
    await settle()
    expect(startedAt).toHaveLength(2)
    // The second took 50 ms and ended at 50: rest until 100.
    clock.advance(99)
    await settle()
    expect(startedAt).toHaveLength(2)
    clock.advance(100)
    await settle()
    expect(startedAt).toEqual([0, 0, 100])
    renders[2]!.finish()
    await Promise.all(runs)
    expect(turns.rests).toBeGreaterThan(0)
  })

  it('gives renders a smaller share when asked: 0.25 rests three times as long as the render', async () => {
    const clock = fakeTime()
    const turns = createRenderTurns({ concurrency: 1, servingHits: () => true, share: 0.25, now: clock.now, setTimer: clock.setTimer })
    const startedAt: number[] = []
    const renders = [deferred(), deferred()]
    const runs = renders.map((r) => turns.run(async () => (startedAt.push(clock.now()), r.done)))
    await settle()
    clock.advance(10)
    renders[0]!.finish()
    await settle()
    clock.advance(39)
    await settle()
    expect(startedAt).toEqual([0])
    clock.advance(40)
    await settle()
    expect(startedAt).toEqual([0, 40])
    renders[1]!.finish()
    await Promise.all(runs)
  })

  it('a render that fails still gives its turn back', async () => {
    const turns = createRenderTurns({ concurrency: 1, servingHits: () => false })
    await expect(turns.run(() => Promise.reject(new Error('loader failed')))).rejects.toThrow('loader failed')
    await expect(turns.run(async () => 'next')).resolves.toBe('next')
    expect(turns.activeCount).toBe(0)
  })
})
