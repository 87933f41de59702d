import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { listingSyncRuns } from '#server/db/schema'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Issue 20 point 3: the scheduled sync reads only what the provider changed since the last
 * successful run (Atlas `delta=`, with the products that stopped being active), and the whole feed
 * once a week (LISTINGS_FULL_SYNC_DAYS), which still takes off the products gone from it. Every run
 * pages the feed in one seeded order (`order=rand_<seed>`), a new seed per run. Runs on PGlite, and
 * on PostgreSQL in CI's PostgreSQL pass.
 */

let fake: RunningFakeAtlas
let t: TestApp
let domainId: string
/** A product the delta run could not see leave the feed. */
let removedId: string

const listing = async (id: string) => (await t.services.listings.findById(domainId, id, { editor: true }))!
const active = () => fake.state.feed().filter((p) => p.status === 'ACTIVE' && p.productCategoryId !== 'TOUR')
/** The /products requests the fake received since `from`, as URLs. */
const productRequests = (from: number) =>
  fake.state.requests
    .slice(from)
    .filter((r) => r.startsWith('/api/atlas/products'))
    .map((r) => new URL(r, 'http://fake'))

beforeAll(async () => {
  fake = await startFakeAtlas({ count: 40, seed: 11 })
  t = await createTestApp({
    seed: true,
    env: { ATDW_API_URL: fake.url, ATDW_API_KEY: 'test-key', LISTINGS_FULL_SYNC_DAYS: '7' },
  })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  const first = await t.services.listingsSync.syncAll(domainId, { trigger: 'test', mode: 'auto' })
  // Nothing synced yet: a delta has no "since", so the first run reads the whole feed.
  expect(first.mode).toBe('full')
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

describe('a delta sync', () => {
  it('asks for the changes since the last run and applies them: changed products updated, products no longer active taken off, nothing else fetched', async () => {
    const [changed, retired, removed] = active()
    fake.state.update(changed!.productId, { productName: 'Renamed Since Yesterday' })
    fake.state.update(retired!.productId, { status: 'INACTIVE' })
    // Gone from the feed without a status change: a delta cannot see it; the weekly full run does.
    fake.state.remove(removed!.productId)
    removedId = removed!.productId
    const from = fake.state.requests.length
    const detailCallsBefore = fake.state.detailCalls

    const report = await t.services.listingsSync.syncAll(domainId, { trigger: 'test', mode: 'delta' })

    const [lastFull] = await t.services.listingsSync.lastRuns(2)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(report.mode).toBe('delta')
    expect(report.since).toBe(yesterday)
    expect(lastFull).toMatchObject({ mode: 'delta', status: 'ok' })
    const requests = productRequests(from)
    expect(requests.length).toBeGreaterThan(0)
    for (const url of requests) {
      expect(url.searchParams.get('delta')).toBe(yesterday)
      expect(url.searchParams.get('status')).toBe('ACTIVE,INACTIVE,EXPIRED')
    }
    expect((await listing(changed!.productId)).name.value).toBe('Renamed Since Yesterday')
    const off = await listing(retired!.productId)
    expect(off.activeStatus.value).toBe('INACTIVE')
    expect(off.published).toBe(false)
    expect((await listing(removed!.productId)).activeStatus.value).toBe('ACTIVE')
    // Only the changed product's details were fetched (the retired one is taken off without them):
    // its English profile and its market variants in the domain's two further languages (German, Chinese).
    expect(fake.state.detailCalls - detailCallsBefore).toBe(3)
    expect(report).toMatchObject({ fetched: 1, updated: 1, created: 0, deactivated: 1 })
  })
})

describe('the full sync', () => {
  it('reads the whole feed and takes off the products gone from it', async () => {
    const from = fake.state.requests.length
    const report = await t.services.listingsSync.syncAll(domainId, { trigger: 'test', mode: 'full' })
    expect(report.mode).toBe('full')
    const requests = productRequests(from)
    expect(requests.length).toBeGreaterThan(0)
    for (const url of requests) expect(url.searchParams.has('delta')).toBe(false)
    const gone = await listing(removedId)
    expect(gone.activeStatus.value).toBe('INACTIVE')
    expect(gone.published).toBe(false)
    expect(report.deactivated).toBe(1)
  })

  it('pages the feed in one seeded order per run, a new seed each run', async () => {
    const orders = async () => {
      const from = fake.state.requests.length
      await t.services.listingsSync.syncAll(domainId, { trigger: 'test', mode: 'full' })
      return productRequests(from).map((u) => u.searchParams.get('order'))
    }
    const firstRun = await orders()
    const secondRun = await orders()
    expect(new Set(firstRun).size).toBe(1)
    expect(new Set(secondRun).size).toBe(1)
    expect(firstRun[0]).toMatch(/^rand_[A-Za-z0-9_-]+$/)
    expect(secondRun[0]).not.toBe(firstRun[0])
  })
})

describe('the schedule (mode auto)', () => {
  it('runs a delta while the last full run is recent, and a full run once it is LISTINGS_FULL_SYNC_DAYS old', async () => {
    const recent = await t.services.listingsSync.syncAll(domainId, { trigger: 'schedule', mode: 'auto' })
    expect(recent.mode).toBe('delta')

    // Every full run made more than a week ago.
    await t.database.db
      .update(listingSyncRuns)
      .set({ startedAt: sql`${listingSyncRuns.startedAt} - interval '8 days'` })
      .where(eq(listingSyncRuns.mode, 'full'))
    const due = await t.services.listingsSync.syncAll(domainId, { trigger: 'schedule', mode: 'auto' })
    expect(due.mode).toBe('full')
    const [last] = await t.services.listingsSync.lastRuns(1)
    expect(last).toMatchObject({ mode: 'full', trigger: 'schedule', status: 'ok' })
  })
})
