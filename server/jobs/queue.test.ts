import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts'
import { jobs } from '../db/schema.ts'
import { createJobQueue, nextOccurrence, retryDelayMs } from './queue.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())
beforeEach(async () => {
  await database.db.delete(jobs)
})

const at = (iso: string) => new Date(iso)
const rowOf = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

describe('the job queue', () => {
  it('runs a queued job once, with its payload, and keeps it as done', async () => {
    const queue = createJobQueue(database.db)
    const seen: unknown[] = []
    queue.register<{ to: string }>('test.send', async ({ payload, attempt }) => {
      seen.push({ ...payload, attempt })
      return 'sent'
    })
    const { id } = (await queue.enqueue('test.send', { to: 'ann@example.com' }))!
    const report = await queue.runDue()
    expect(report.done).toEqual([{ id, name: 'test.send', result: 'sent' }])
    expect(seen).toEqual([{ to: 'ann@example.com', attempt: 1 }])
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 1, lastError: null })
    expect((await queue.runDue()).done).toEqual([])
  })

  it('waits for run_at, and keeps one queued job per key', async () => {
    const queue = createJobQueue(database.db)
    queue.register('test.purge', async () => {})
    const now = at('2026-05-01T10:00:00Z')
    const first = await queue.enqueue('test.purge', { tag: 'page:1' }, { key: 'page:1', runAt: at('2026-05-01T10:05:00Z') })
    expect(first).not.toBeNull()
    expect(await queue.enqueue('test.purge', { tag: 'page:1' }, { key: 'page:1' })).toBeNull()
    expect((await queue.runDue({ now })).done).toEqual([])
    expect((await queue.runDue({ now: at('2026-05-01T10:05:00Z') })).done.map((d) => d.id)).toEqual([first!.id])
    // Done: the key is free again.
    expect(await queue.enqueue('test.purge', { tag: 'page:1' }, { key: 'page:1' })).not.toBeNull()
  })

  it('retries a failing job with doubling waits up to the cap, then keeps it dead with its error', async () => {
    const queue = createJobQueue(database.db)
    const policy = { maxAttempts: 4, backoffMs: 60_000, maxBackoffMs: 150_000 }
    queue.register(
      'test.flaky',
      async ({ attempt }) => {
        throw new Error(`mail server down (attempt ${attempt})`)
      },
      policy,
    )
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy))).toEqual([60_000, 120_000, 150_000, 150_000])
    const start = at('2026-05-01T10:00:00Z')
    const { id } = (await queue.enqueue('test.flaky', {}, { runAt: start }))!
    let now = start
    for (const wait of [60_000, 120_000, 150_000]) {
      expect((await queue.runDue({ now })).retried).toEqual([id])
      const row = await rowOf(id)
      expect(row.state).toBe('queued')
      // The wait counts from the failure (the handler's own time, a few ms, comes on top).
      expect(row.runAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(wait)
      expect(row.runAt.getTime() - now.getTime()).toBeLessThan(wait + 5000)
      // Not a moment before its wait is over.
      expect((await queue.runDue({ now: new Date(now.getTime() + wait - 1000) })).retried).toEqual([])
      now = row.runAt
    }
    expect((await queue.runDue({ now })).dead).toEqual([id])
    expect(await rowOf(id)).toMatchObject({ state: 'dead', attempts: 4, lastError: 'mail server down (attempt 4)' })
    expect((await queue.runDue({ now: new Date(now.getTime() + 86_400_000) })).dead).toEqual([])
  })

  it('gives each job to one instance when several run at once', async () => {
    const ran: string[] = []
    const instances = ['a', 'b', 'c'].map((name) => {
      const queue = createJobQueue(database.db, { instanceId: name })
      queue.register(
        'test.once',
        async ({ payload }) => {
          await new Promise((resolve) => setImmediate(resolve))
          ran.push(`${(payload as { n: number }).n}`)
        },
        { concurrency: 4 },
      )
      return queue
    })
    for (let n = 0; n < 12; n++) await instances[0]!.enqueue('test.once', { n })
    const reports = await Promise.all(instances.map((q) => q.runDue()))
    const doneBy = reports.map((r) => r.done.length)
    expect(ran.sort()).toEqual(Array.from({ length: 12 }, (_, n) => `${n}`).sort())
    expect(doneBy.reduce((a, b) => a + b, 0)).toBe(12)
    await Promise.all(instances.map((q) => q.runDue()))
    expect(ran).toHaveLength(12)
  })

  it("takes over a job whose instance stopped answering once its lease is over, and ignores the old instance's late result", async () => {
    let release: () => void = () => {}
    const gone = createJobQueue(database.db, { instanceId: 'gone' })
    gone.register(
      'test.leased',
      () =>
        new Promise<void>((resolve) => {
          release = resolve
        }),
      { leaseMs: 60_000 },
    )
    const alive = createJobQueue(database.db, { instanceId: 'alive' })
    const done: string[] = []
    alive.register('test.leased', async () => void done.push('alive'), { leaseMs: 60_000 })
    const start = at('2026-05-01T10:00:00Z')
    const { id } = (await alive.enqueue('test.leased', {}, { runAt: start }))!
    const stuck = gone.runDue({ now: start })
    await expect.poll(async () => (await rowOf(id)).lockedBy).toBe('gone')
    // Within the lease nobody else takes it.
    expect((await alive.runDue({ now: new Date(start.getTime() + 30_000) })).done).toEqual([])
    expect((await alive.runDue({ now: new Date(start.getTime() + 61_000) })).done.map((d) => d.id)).toEqual([id])
    expect(done).toEqual(['alive'])
    release()
    await stuck
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null })
  })

  it('keeps jobs across a restart: a new runner on the same database runs what was queued, and frees claims of the embedded database', async () => {
    const before = createJobQueue(database.db)
    const { id } = (await before.enqueue('test.durable', { n: 1 }))!
    await database.db.update(jobs).set({ state: 'running', lockedBy: 'crashed', lockedUntil: new Date(Date.now() + 3_600_000) })
    const after = createJobQueue(database.db)
    const ran: number[] = []
    after.register('test.durable', async ({ payload }) => void ran.push((payload as { n: number }).n))
    expect((await after.runDue()).done).toEqual([])
    await after.releaseClaims()
    expect((await after.runDue()).done.map((d) => d.id)).toEqual([id])
    expect(ran).toEqual([1])
  })

  it('keeps a recurring job as one row, queued again at its next occurrence after each run, whatever its outcome', async () => {
    const a = createJobQueue(database.db, { instanceId: 'a' })
    const b = createJobQueue(database.db, { instanceId: 'b' })
    let fail = true
    for (const q of [a, b])
      q.register(
        'test.nightly',
        async () => {
          if (fail) throw new Error('provider down')
        },
        { maxAttempts: 1 },
      )
    const now = at('2026-05-01T10:00:00Z')
    await Promise.all([a.recurring('test.nightly', '0 3 * * *', { now }), b.recurring('test.nightly', '0 3 * * *', { now })])
    const rows = await a.list('test.nightly')
    expect(rows).toHaveLength(1)
    const next = nextOccurrence('0 3 * * *', now)
    expect(rows[0]!.runAt).toEqual(next)

    expect((await a.runDue({ now: next })).dead).toEqual([rows[0]!.id])
    const afterFailure = (await a.list('test.nightly'))[0]!
    expect(afterFailure).toMatchObject({ state: 'queued', attempts: 0, lastError: 'provider down' })
    expect(afterFailure.runAt).toEqual(nextOccurrence('0 3 * * *', next))

    fail = false
    expect((await b.runDue({ now: afterFailure.runAt })).done).toHaveLength(1)
    expect((await a.list('test.nightly'))[0]).toMatchObject({ state: 'queued', lastError: null })

    // A changed schedule takes effect at once; unscheduling removes it.
    await a.recurring('test.nightly', { everySeconds: 15 }, { now })
    expect((await a.list('test.nightly'))[0]).toMatchObject({ recurrence: 'every 15s', runAt: new Date(now.getTime() + 15_000) })
    await a.unschedule('test.nightly')
    expect(await a.list('test.nightly')).toEqual([])
  })

  it("runs a job meant for one host only on that host's runner", async () => {
    const here = createJobQueue(database.db, { host: 'web-1' })
    const there = createJobQueue(database.db, { host: 'web-2' })
    const ran: string[] = []
    here.register('test.local', async () => void ran.push('web-1'))
    there.register('test.local', async () => void ran.push('web-2'))
    const now = at('2026-05-01T10:00:00Z')
    await here.recurring('test.local', '0 * * * *', { runOn: 'this-host', now })
    await there.recurring('test.local', '0 * * * *', { runOn: 'this-host', now })
    expect(await here.list('test.local')).toHaveLength(2)
    const hour = nextOccurrence('0 * * * *', now)
    await there.runDue({ now: hour })
    expect(ran).toEqual(['web-2'])
    await here.runDue({ now: hour })
    expect(ran).toEqual(['web-2', 'web-1'])
  })

  it('runs work as it is queued once started, without anyone asking', async () => {
    const queue = createJobQueue(database.db)
    const ran: number[] = []
    let finished: () => void = () => {}
    const allDone = new Promise<void>((resolve) => (finished = resolve))
    queue.register('test.live', async ({ payload }) => {
      ran.push((payload as { n: number }).n)
      if (ran.length === 2) finished()
    })
    queue.start({ pollMs: 60_000 })
    try {
      await queue.enqueue('test.live', { n: 1 })
      await queue.enqueue('test.live', { n: 2 })
      await allDone
      expect(ran.sort()).toEqual([1, 2])
    } finally {
      await queue.stop()
    }
  })
})
