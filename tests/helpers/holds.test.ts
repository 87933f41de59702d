import { describe, expect, it } from 'vitest'
import { measureHolds, threadCpuMs } from './holds.ts'

/** Holds the event loop with `ms` of work (CPU time, however long the machine takes to give it). */
function busy(ms: number) {
  const until = threadCpuMs() + ms
  while (threadCpuMs() < until) {
    // busy
  }
}

/** Holds the event loop without using the CPU for `ms`, as a thread waiting for a core does. */
function blocked(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

describe('measureHolds', () => {
  it('counts a hold of work in CPU time, and a wait for the core only by the clock', async () => {
    const worked = await measureHolds(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      busy(80)
      await new Promise((resolve) => setTimeout(resolve, 10))
      return 'done'
    })
    expect(worked.result).toBe('done')
    expect(worked.maxMs).toBeGreaterThanOrEqual(75)
    expect(worked.maxCpuMs).toBeGreaterThanOrEqual(75)

    const waited = await measureHolds(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      blocked(150)
      await new Promise((resolve) => setTimeout(resolve, 10))
    })
    expect(waited.maxMs).toBeGreaterThanOrEqual(140)
    expect(waited.maxCpuMs).toBeLessThan(50)
  })
})
