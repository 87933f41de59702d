import { afterAll, describe, expect, it } from 'vitest'
import { createPdfPool } from './pool.ts'

const pool = createPdfPool({ threads: 1, idleMs: 1500 })
afterAll(() => pool.close())

describe('the PDF worker pool', () => {
  it('starts no thread before the first calendar, ends an idle thread (it holds about 120 MB) and starts one again for the next', async () => {
    expect(pool.liveThreads()).toBe(0)
    const calendar = { title: "What's On", siteName: 'Barossa', meta: 'All events', truncated: null, entries: [] }
    const first = await pool.render(calendar)
    expect(Buffer.from(first).subarray(0, 5).toString()).toBe('%PDF-')
    expect(pool.liveThreads()).toBe(1)
    await expect.poll(() => pool.liveThreads(), { timeout: 20_000, interval: 250 }).toBe(0)
    const pdf = await pool.render(calendar)
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    expect(pool.liveThreads()).toBe(1)
  }, 60_000)
})
