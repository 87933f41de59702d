import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StaleFinding, StaleReport } from '#lib/radar'
import { startFakeAtlas, type RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * The stale-content radar (issue 34 point 6) against the fake provider and a real database: a
 * published page links to a listing; the provider drops it and the daily sync takes it off; the
 * radar (a job the sync's change queues) lists the page and block on the dashboard with similar
 * active listings to use instead, newest first, a broken page link found earlier keeping its time;
 * replacing the link and publishing clears the finding. Nothing is computed per dashboard view.
 */
let fake: RunningFakeAtlas
let t: TestApp
let domainId: string
let publisher: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>

async function overview(): Promise<StaleReport> {
  const res = await publisher.get('/api/dashboard/overview')
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { stale: StaleReport }).stale
}

/** Runs the queued radar refresh (due a moment after the change) and waits until the dashboard shows what `expected` says. */
async function afterRefresh(expected: (report: StaleReport) => void): Promise<StaleReport> {
  let report: StaleReport | undefined
  await vi.waitFor(
    async () => {
      await t.services.jobs.runDue({ now: new Date(Date.now() + 5_000) })
      report = await overview()
      expected(report)
    },
    { timeout: 20_000, interval: 100 },
  )
  return report!
}

async function publishPage(page: Json): Promise<Json> {
  const res = await publisher.post('/api/page/publishPage', { page: { template: 'generic', ...page } })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Json
}

const summary = (findings: StaleFinding[]) => findings.filter((f) => f.slug === 'radar-page').map((f) => [f.check, f.href, f.block])

beforeAll(async () => {
  fake = await startFakeAtlas({ count: 40, seed: 11 })
  t = await createTestApp({ seed: true, env: { ATDW_API_URL: fake.url, ATDW_API_KEY: 'test-key' } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  publisher = await signIn(t, { username: 'radar-publisher', password: 'radar-password', roles: ['publisher'] })
  await t.services.listingsSync.syncAll(domainId, { trigger: 'test' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

describe('the stale-content radar', () => {
  let productId: string
  let slug: string
  let page: Json

  it('lists a broken page link on a published page, leading to its block, and nothing is stale on the demo as seeded', async () => {
    const product = fake.state.feed().find((p) => p.status === 'ACTIVE' && p.productCategoryId === 'ACCOMM')!
    productId = product.productId
    slug = (await t.services.listings.findById(domainId, productId, { editor: true }))!.slug
    page = await publishPage({
      slug: 'radar-page',
      header: { title: 'Where to stay' },
      contents: [
        { componentType: 'RichText', html: `<p>Stay at <a href="/${slug}">this one</a>.</p>` },
        { componentType: 'LinkList', items: [{ type: 'page', href: '/no-such-page', text: 'More' }] },
      ],
    })
    const report = await afterRefresh((r) => expect(summary(r.findings)).toEqual([['link-missing', '/no-such-page', ['contents', 1]]]))
    // The demo's own pages link to nothing stale.
    expect(report.findings.filter((f) => f.slug !== 'radar-page')).toEqual([])
    expect(report.checkedAt).not.toBeNull()
  })

  it('after a sync takes a linked listing off, names the page, block and listing, and suggests similar active ones; newest first', async () => {
    const before = (await overview()).findings.find((f) => f.check === 'link-missing')!
    fake.state.remove(productId)
    const report = await t.services.listingsSync.syncAll(domainId, { trigger: 'test' })
    expect(report.deactivated).toBe(1)

    const stale = await afterRefresh((r) => expect(r.findings.map((f) => f.check)).toEqual(['listing-inactive', 'link-missing']))
    const [gone, missing] = stale.findings
    expect(gone).toMatchObject({
      source: 'page',
      slug: 'radar-page',
      title: 'Where to stay',
      block: ['contents', 0],
      href: `/${slug}`,
      target: { id: productId, slug },
    })
    expect(gone!.target!.name).toBe(fake.state.products.get(productId)!.productName)
    // Similar listings: active, on the site, not the one that went.
    expect(gone!.suggestions).toHaveLength(3)
    for (const suggestion of gone!.suggestions) {
      expect(suggestion.id).not.toBe(productId)
      const live = await visitor(t).get(`/api/listing/findById?id=${encodeURIComponent(suggestion.id)}`)
      expect(live.status, suggestion.slug).toBe(200)
      expect(((await live.json()) as Json).activeStatus?.value ?? 'ACTIVE').toBe('ACTIVE')
    }
    // The broken link found before keeps the time it was first found.
    expect(missing!.foundAt).toBe(before.foundAt)
    expect(Date.parse(gone!.foundAt)).toBeGreaterThan(Date.parse(missing!.foundAt))
  })

  it('clears a finding once the page is published without it', async () => {
    const [suggestion] = (await overview()).findings[0]!.suggestions
    await publishPage({
      ...page,
      contents: [
        { componentType: 'RichText', html: `<p>Stay at <a href="/${suggestion!.slug}">this one</a>.</p>` },
        { componentType: 'LinkList', items: [{ type: 'page', href: '/no-such-page', text: 'More' }] },
      ],
    })
    await afterRefresh((r) => expect(summary(r.findings)).toEqual([['link-missing', '/no-such-page', ['contents', 1]]]))
  })

  it('is for editors only', async () => {
    expect((await visitor(t).get('/api/dashboard/overview')).status).toBe(401)
  })
})
