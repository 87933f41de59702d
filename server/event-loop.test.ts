import { afterEach, describe, expect, it } from 'vitest'
import { longestHold, startEventLoopMonitor, type EventLoopMonitor } from './event-loop.ts'

/** Holds the event loop (synchronous work) for `ms`. */
function hold(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy
  }
}

const turn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let monitor: EventLoopMonitor | undefined
afterEach(() => monitor?.stop())

/**
 * These measure the clock, as the monitor does: on a machine whose cores other processes take, a
 * stretch can read long because this process waited for a core (a split hold read 139 ms on a busy
 * 2-core machine). A hold of the code's own making is there on every try; a wait for a core is not:
 * the bounds must hold on one of five tries.
 */
const clockBound = { retry: 4 }

describe('event-loop monitor', () => {
  it('reports a free loop as about 0 ms and a 150 ms hold as about 150 ms, and warns of it', clockBound, async () => {
    const warnings: { obj: object; msg: string }[] = []
    monitor = startEventLoopMonitor({ warnMs: 100, windowMs: 300, log: { warn: (obj, msg) => warnings.push({ obj, msg }) } })
    await turn(350)
    const free = monitor.stats()
    expect(free.maxMs).toBeLessThan(80)
    expect(warnings).toEqual([])

    hold(150)
    await turn(350)
    const held = monitor.stats()
    expect(held.maxMs).toBeGreaterThanOrEqual(130)
    expect(held.maxMs).toBeLessThan(400)
    expect(held.p99Ms).toBeGreaterThan(0)
    expect(warnings.length).toBe(1)
    expect(warnings[0]!.msg).toMatch(/event loop held for up to \d+(\.\d)? ms/)
    expect(warnings[0]!.obj).toMatchObject({ eventLoop: { maxMs: held.maxMs } })

    // Forgotten after reset (the server resets once it listens: start-up work is no stall).
    monitor.reset()
    await turn(50)
    expect(monitor.stats().maxMs).toBeLessThan(80)
  })

  it(
    'with quietUntilReset, says nothing of a hold before the first reset (the server listening), and warns after it',
    clockBound,
    async () => {
      const warnings: string[] = []
      monitor = startEventLoopMonitor({
        warnMs: 100,
        windowMs: 300,
        quietUntilReset: true,
        log: { warn: (_obj, msg) => warnings.push(msg) },
      })
      await turn(50)
      hold(150)
      await turn(350)
      expect(monitor.stats().maxMs).toBeGreaterThanOrEqual(130)
      expect(warnings).toEqual([])
      monitor.reset()
      // After the reset a hold is warned of. Node's histogram was seen to miss the first hold after
      // it now and then (a 150 ms hold read 0.3 ms), so the hold is made until a window reports it.
      for (let i = 0; i < 5 && warnings.length === 0; i++) {
        await turn(50)
        hold(150)
        await turn(350)
      }
      expect(warnings.length).toBeGreaterThanOrEqual(1)
    },
  )

  it('longestHold measures the longest synchronous stretch of some work', clockBound, async () => {
    const { result, maxMs } = await longestHold(async () => {
      await turn(20)
      hold(80)
      await turn(20)
      return 'done'
    })
    expect(result).toBe('done')
    expect(maxMs).toBeGreaterThanOrEqual(70)
    const split = await longestHold(async () => {
      for (let i = 0; i < 8; i++) {
        hold(10)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })
    expect(split.maxMs).toBeLessThan(50)
  })
})
