/**
 * How long some work holds the event loop, counted in this thread's CPU time as well as by the
 * clock. On a machine whose cores other processes take (a CI runner, eight engineers on two
 * cores), the clock counts the time this process waited for a core as part of a hold: a statement
 * of 20 ms read as 300 ms (listings/sync/holds.test.ts failed so). The CPU time the thread used
 * between two turns of its event loop is what the code itself held; bounds in tests use it.
 *
 * Linux gives a thread's CPU time in nanoseconds (/proc/thread-self/schedstat); elsewhere the
 * process's CPU time (process.cpuUsage) stands in, which also counts its other threads.
 */
import fs from 'node:fs'

const schedstat = '/proc/thread-self/schedstat'
const hasSchedstat = (() => {
  try {
    fs.readFileSync(schedstat, 'utf8')
    return true
  } catch {
    return false
  }
})()

/** This thread's CPU time so far, in ms. */
export function threadCpuMs(): number {
  if (hasSchedstat) return Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

export interface Holds<T> {
  result: T
  /** The longest stretch between two turns, by the clock (what a user would wait on an idle machine). */
  maxMs: number
  /** The most CPU time this thread used within one such stretch: the hold the code itself made. */
  maxCpuMs: number
}

/**
 * Runs `work` while a timer samples the event loop every `sampleMs`: each late turn is a hold,
 * measured by the clock and by this thread's CPU time.
 */
export async function measureHolds<T>(work: () => Promise<T>, sampleMs = 2): Promise<Holds<T>> {
  let maxMs = 0
  let maxCpuMs = 0
  let lastAt = performance.now()
  let lastCpu = threadCpuMs()
  let timer: NodeJS.Timeout | undefined
  const sample = () => {
    const now = performance.now()
    const cpu = threadCpuMs()
    const late = now - lastAt - sampleMs
    if (late > 0) {
      maxMs = Math.max(maxMs, late)
      // Never more than the stretch itself (the process-wide fallback counts other threads too).
      maxCpuMs = Math.max(maxCpuMs, Math.min(cpu - lastCpu, now - lastAt))
    }
    lastAt = now
    lastCpu = cpu
    timer = setTimeout(sample, sampleMs)
  }
  timer = setTimeout(sample, sampleMs)
  try {
    const result = await work()
    // One more turn, so a hold at the very end is sampled too.
    await new Promise((resolve) => setTimeout(resolve, sampleMs * 3))
    return { result, maxMs, maxCpuMs }
  } finally {
    clearTimeout(timer)
  }
}
