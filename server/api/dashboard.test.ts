import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardOverview } from '#lib/dashboard'
import { listingSyncRuns } from '../../listings/schema.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * The dashboard's overview (issue 17 point 9) on the real database: pages whose draft visitors do
 * not see yet (never published, or saved after the last publish), the newest enquiries, and the
 * domain's last listing sync with its result; editors only.
 */
let t: TestApp
let editor: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const overview = async () => {
  const res = await editor.get('/api/dashboard/overview')
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toContain('no-store')
  return (await res.json()) as DashboardOverview
}
const slugs = (o: DashboardOverview) => o.unpublishedPages.map((p) => p.slug)

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  await t.services.domains.upsert({ _id: 'other', name: 'Other', hostnames: ['other.localhost'], published: true })
  editor = await signIn(t, { username: 'dash-editor', password: 'dash-password' })
})
afterAll(() => t?.close())

describe('GET /api/dashboard/overview', () => {
  it('refuses a visitor', async () => {
    expect((await visitor(t).get('/api/dashboard/overview')).status).toBe(401)
  })

  it('lists a never-published draft and a published page saved since, not a page published as it is', async () => {
    const draft = await json(
      editor.post('/api/page/save', { page: { slug: 'dash-draft', template: 'generic', header: { title: 'Draft only' } } }),
    )
    expect(draft.slug).toBe('dash-draft')
    const live = await json(
      editor.post('/api/page/save', { page: { slug: 'dash-live', template: 'generic', header: { title: 'Live as it is' } } }),
    )
    const published = await editor.post('/api/page/publishPage', { page: live })
    expect(published.status).toBe(200)

    let o = await overview()
    expect(slugs(o)).toContain('dash-draft')
    expect(slugs(o)).not.toContain('dash-live')
    expect(o.unpublishedPages.find((p) => p.slug === 'dash-draft')).toMatchObject({
      title: 'Draft only',
      published: false,
      lastPublished: null,
    })

    // A save after the publish: the draft is newer than what visitors see.
    const current = await json(editor.get('/api/page/load?slug=dash-live'))
    expect((await editor.post('/api/page/save', { page: { ...current, header: { title: 'Live, changed' } } })).status).toBe(200)
    o = await overview()
    const changed = o.unpublishedPages.find((p) => p.slug === 'dash-live')
    expect(changed).toMatchObject({ title: 'Live, changed', published: true })
    expect(Date.parse(changed!.updatedAt)).toBeGreaterThan(Date.parse(changed!.lastPublished!))

    // Publishing it takes it off the list.
    const again = await json(editor.get('/api/page/load?slug=dash-live'))
    expect((await editor.post('/api/page/publishPage', { page: again })).status).toBe(200)
    expect(slugs(await overview())).not.toContain('dash-live')
  })

  it("shows this domain's newest enquiries, newest first", async () => {
    const submit = (firstName: string) =>
      t.app.request('/api/conciergeForm/submit', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify({
          data: {
            firstName,
            surname: 'Citizen',
            email: `${firstName.toLowerCase()}@example.com`,
            phone: '0400 000 000',
            preferredContact: 'Email',
            numOfPeople: 2,
            numOfChildren: 0,
            activities: ['Golf'],
            budgetPerNight: 250,
            comments: '',
          },
        }),
      })
    expect((await submit('Alice')).status).toBe(200)
    expect((await submit('Bruno')).status).toBe(200)
    const o = await overview()
    expect(o.enquiries.map((e) => e.name).slice(0, 2)).toEqual(['Bruno Citizen', 'Alice Citizen'])
    expect(o.enquiries[0]).toMatchObject({ email: 'bruno@example.com' })
  })

  it("shows the domain's last listing sync with its mode, result and counts, and no other domain's", async () => {
    expect((await overview()).lastSync).toBeNull()
    const db = t.services.database.db
    await db.insert(listingSyncRuns).values({
      domainId: 'main',
      trigger: 'schedule',
      mode: 'full',
      status: 'ok',
      counts: { feed: 120, created: 3, updated: 7, unchanged: 110, deactivated: 1 },
      startedAt: new Date('2026-11-20T16:30:00Z'),
      finishedAt: new Date('2026-11-20T16:31:00Z'),
    })
    await db.insert(listingSyncRuns).values({
      domainId: 'main',
      trigger: 'schedule',
      mode: 'delta',
      status: 'failed',
      error: 'The provider answered 503',
      startedAt: new Date('2026-11-21T16:30:00Z'),
      finishedAt: new Date('2026-11-21T16:30:05Z'),
    })
    await db.insert(listingSyncRuns).values({ domainId: 'other', trigger: 'editor', mode: 'full', status: 'running' })
    expect((await overview()).lastSync).toMatchObject({
      mode: 'delta',
      status: 'failed',
      error: 'The provider answered 503',
      startedAt: '2026-11-21T16:30:00.000Z',
    })
  })
})
