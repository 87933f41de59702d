import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { startFakeBookEasy, type RunningFakeBookEasy } from '../../fakes/bookeasy/server.ts'
import { visitor } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { measureHolds, threadCpuMs } from '../../tests/helpers/holds.ts'

/**
 * Issue 18 point 3: what runs after a sync (the booking providers' operator refresh, the booking
 * entries, the grid's first answer with its in-memory index rebuilt) never holds the event loop
 * long, because it reads only what it needs in bounded pages with a turn between them, and every
 * PGlite statement gets a turn before it. Before, the refresh read every listing's JSON at once
 * (~0.3 s with the demo's 2,100 products) and the index read 100 whole documents per query.
 *
 * The bound leaves room for a loaded 2-core machine, where one small statement alone may take
 * 50-100 ms; idle, the longest hold here is ~20-40 ms. Holds are counted in this thread's CPU time
 * (tests/helpers/holds.ts): by the clock, the time another process had the core counted too, and on
 * a busy machine the test failed with holds the code did not make.
 */
const HOLD_BOUND_MS = 200

/**
 * This machine's floor for the first import: how long copying 64 MB into fresh memory takes (CPU time).
 * Profiled, the import's longest hold is PGlite growing an in-memory file (Emscripten's MEMFS
 * copies it into a larger buffer). That takes 10-15 ms on a typical machine, and ~210 ms on a
 * machine of this workplace where fresh memory is slow, with holds of 150-360 ms there. The bound
 * is the larger of HOLD_BOUND_MS and two and a half such copies, so a machine's memory speed does
 * not read as a hold of the site's own making, while the holds of issue 18 (many of them, each
 * seconds long on such a machine) still fail.
 */
function freshCopyMs(): number {
  const source = Buffer.alloc(64 * 1024 * 1024, 1)
  const times = [0, 1, 2].map(() => {
    const started = threadCpuMs()
    Buffer.from(source)
    return threadCpuMs() - started
  })
  return times.sort((a, b) => a - b)[1]!
}

let atlas: RunningFakeAtlas
let bookeasy: RunningFakeBookEasy
let t: TestApp
let domainId: string
/** The first import's longest hold of the event loop (CPU time; and by the clock, for the log). */
let importHoldMs = 0
let importHoldClockMs = 0

beforeAll(async () => {
  atlas = await startFakeAtlas({ count: 600, seed: 42 })
  bookeasy = await startFakeBookEasy()
  t = await createTestApp({ seed: true, env: { ATDW_API_URL: atlas.url, ATDW_API_KEY: 'test-key', BOOKEASY_API_URL: bookeasy.url } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  // The first import: chunks written a statement per table, GIN pending lists merged in small steps.
  const imported = await measureHolds(() => t.services.listingsSync.syncAll(domainId, { trigger: 'test' }))
  importHoldMs = imported.maxCpuMs
  importHoldClockMs = imported.maxMs
}, 300_000)
afterAll(async () => {
  await t?.close()
  await atlas?.close()
  await bookeasy?.close()
})

describe('the first import', () => {
  it('never holds the event loop long, though it writes a chunk of products per statement', () => {
    const copyMs = freshCopyMs()
    const bound = Math.max(HOLD_BOUND_MS, 2.5 * copyMs)
    console.log(
      `first import of 600 products: longest hold ${importHoldMs.toFixed(1)} ms of CPU, ${importHoldClockMs.toFixed(1)} ms by the clock (bound ${bound.toFixed(0)} ms; a 64 MB copy takes ${copyMs.toFixed(0)} ms here)`,
    )
    expect(importHoldMs).toBeLessThan(bound)
  })
})

describe('after a sync', () => {
  it('refreshes every booking operator and answers the booking entries and the grid without holding the event loop', async () => {
    const measured = await measureHolds(async () => {
      const entries = await t.services.bookEasySync.loadBookEasyListings(domainId, { refresh: true })
      const res = await visitor(t).post('/api/listing/fetch', { hideTours: false, limit: 12 })
      return { entries, grid: (await res.json()) as { totalListings: number } }
    })
    const { entries, grid } = measured.result
    console.log(`post-sync holds: longest ${measured.maxCpuMs.toFixed(1)} ms of CPU, ${measured.maxMs.toFixed(1)} ms by the clock`)
    // Several pages of booking listings, every one refreshed and answered by its code.
    expect(entries.refreshed?.operators).toBeGreaterThan(100)
    expect(entries.refreshed?.updated).toBe(entries.refreshed?.operators)
    expect(entries.error).toBeUndefined()
    expect(Object.keys(entries.listings).length).toBeGreaterThan(100)
    expect(grid.totalListings).toBeGreaterThan(500)
    expect(measured.maxCpuMs).toBeLessThan(HOLD_BOUND_MS)
  }, 120_000)
})
