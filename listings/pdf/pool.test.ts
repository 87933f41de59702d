import { afterAll, describe, expect, it } from 'vitest'
import { createPdfPool } from './pool.ts'

const pool = createPdfPool({ threads: 1, idleMs: 1500 })
afterAll(() => pool.close())

describe('the PDF worker pool', () => {
  it('ends an idle thread (it holds about 130 MB) and starts one again for the next calendar', async () => {
    await pool.warm()
    expect(pool.liveThreads()).toBe(1)
    await expect.poll(() => pool.liveThreads(), { timeout: 20_000, interval: 250 }).toBe(0)
    const pdf = await pool.render({ title: "What's On", siteName: 'Barossa', meta: 'All events', truncated: null, entries: [] })
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    expect(pool.liveThreads()).toBe(1)
  }, 60_000)
})
