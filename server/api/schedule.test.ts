import { eq, and } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardOverview } from '#lib/dashboard'
import { instantToSiteLocal, siteLocalToInstant } from '#lib/schedule'
import { openDatabase, type Database } from '../db/client.ts'
import { activity, pageVersions } from '../db/schema.ts'
import { createServices, type Services } from '../services/index.ts'
import { SCHEDULED_PUBLISHING_JOB } from '../services/schedules.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Scheduled publishing (issue 17 point 6) and who else is here (point 8), on the real database
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL): publish rights, bad input, the publish and
 * unpublish themselves with their activity entries, cancelling, a due schedule run once when two
 * instances tick together, the dashboard's list, and the presence heartbeat.
 */
let t: TestApp
let publisher: Caller
let draftsOnly: Caller
let colleague: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000)
const db = () => t.services.database.db

async function newPage(slug: string, title = slug): Promise<Json> {
  const res = await publisher.post('/api/page/save', { page: { slug, template: 'generic', header: { title } } })
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json() as Promise<Json>
}

async function scheduleOf(caller: Caller, body: Json) {
  return caller.post('/api/schedule/create', body)
}

const activityOf = async (pageId: string) =>
  (
    await db()
      .select({ action: activity.action, username: activity.username })
      .from(activity)
      .where(eq(activity.subjectId, pageId))
      .orderBy(activity.id)
  ).map((a) => a.action)

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  publisher = await signIn(t, { username: 'sched-publisher', password: 'sched-password', roles: ['publisher'] })
  draftsOnly = await signIn(t, { username: 'sched-editor', password: 'sched-password', roles: ['editor'] })
  colleague = await signIn(t, { username: 'sched-colleague', password: 'sched-password', roles: ['publisher'] })
})
afterAll(() => t?.close())

describe('the site time', () => {
  it("reads a wall-clock time in Adelaide's time zone, summer and winter, and refuses impossible dates", () => {
    // Adelaide is UTC+10:30 in summer (daylight saving) and UTC+9:30 in winter.
    expect(siteLocalToInstant('2026-12-01T09:00')?.toISOString()).toBe('2026-11-30T22:30:00.000Z')
    expect(siteLocalToInstant('2026-06-01T09:00')?.toISOString()).toBe('2026-05-31T23:30:00.000Z')
    expect(instantToSiteLocal('2026-11-30T22:30:00.000Z')).toBe('2026-12-01T09:00')
    expect(siteLocalToInstant('2026-02-31T09:00')).toBeNull()
    expect(siteLocalToInstant('2026-12-01T24:00')).toBeNull()
    expect(siteLocalToInstant('tomorrow')).toBeNull()
  })
})

describe('POST /api/schedule/create', () => {
  it('refuses a visitor (401) and an editor whose role saves drafts only (403), and stores nothing', async () => {
    const page = await newPage('sched-rights')
    const body = { pageId: page._id, action: 'publish', at: inMinutes(60).toISOString() }
    const anonymous = await scheduleOf(visitor(t), body)
    expect(anonymous.status).toBe(401)
    expect((await json(anonymous)).error.code).toBe('unauthorised')
    const denied = await scheduleOf(draftsOnly, body)
    expect(denied.status).toBe(403)
    expect((await json(denied)).error).toMatchObject({ code: 'forbidden' })
    expect(await activityOf(page._id)).toEqual(['save'])
    const listed = await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}`))
    expect(listed.pending).toEqual([])
  })

  it('refuses a time in the past, one that is not a date, and missing fields with 400 and the error shape', async () => {
    const page = await newPage('sched-bad-input')
    const cases: [unknown, string][] = [
      [new Date(Date.now() - 60_000).toISOString(), 'at'],
      [instantToSiteLocal(new Date(Date.now() - 3_600_000)), 'at'],
      ['next tuesday', 'at'],
      ['2026-02-31T10:00', 'at'],
      ['24/11/2026 14:30', 'at'],
      [inMinutes(60 * 24 * 365 * 3).toISOString(), 'at'],
    ]
    for (const [at, path] of cases) {
      const res = await scheduleOf(publisher, { pageId: page._id, action: 'publish', at })
      const body = await json(res)
      expect(res.status, `${String(at)}: ${JSON.stringify(body)}`).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_input', message: expect.any(String) })
      expect(body.error.details?.[0]?.path ?? path).toBe(path)
    }
    for (const bad of [
      { pageId: page._id, action: 'publish' },
      { pageId: page._id, action: 'delete', at: inMinutes(5).toISOString() },
      {},
    ]) {
      const res = await scheduleOf(publisher, bad)
      expect(res.status).toBe(400)
      expect((await json(res)).error.code).toBe('invalid_input')
    }
    const unknown = await scheduleOf(publisher, { pageId: 'no-such-page', action: 'publish', at: inMinutes(5).toISOString() })
    expect(unknown.status).toBe(404)
  })

  it('schedules a publish at a site time, lists it, publishes it when due and logs all three steps', async () => {
    const page = await newPage('sched-publish', 'Goes live later')
    const local = instantToSiteLocal(inMinutes(90))
    const res = await scheduleOf(publisher, { pageId: page._id, action: 'publish', at: local })
    const schedule = await json(res)
    expect(res.status, JSON.stringify(schedule)).toBe(200)
    expect(schedule).toMatchObject({ action: 'publish', status: 'pending', username: 'sched-publisher' })
    expect(schedule.dueAt).toBe(siteLocalToInstant(local)!.toISOString())

    const listed = await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}`))
    expect(listed.pending.map((s: Json) => s.id)).toEqual([schedule.id])
    const overview = (await json(publisher.get('/api/dashboard/overview'))) as unknown as DashboardOverview
    expect(overview.scheduled.find((s) => s.id === schedule.id)).toMatchObject({
      slug: 'sched-publish',
      title: 'Goes live later',
      action: 'publish',
      dueAt: schedule.dueAt,
      username: 'sched-publisher',
    })

    // Not due yet: nothing happens.
    expect((await t.services.schedules.runDue(new Date())).ran).not.toContain(schedule.id)
    expect((await visitor(t).get('/api/page/load?slug=sched-publish')).status).toBe(404)

    // Due: published, as a publish from the editor would be.
    const report = await t.services.schedules.runDue(new Date(Date.parse(schedule.dueAt) + 1000))
    expect(report.ran).toContain(schedule.id)
    const live = await visitor(t).get('/api/page/load?slug=sched-publish')
    expect(live.status).toBe(200)
    expect((await json(live)).header.title).toBe('Goes live later')
    expect(await activityOf(page._id)).toEqual(['save', 'schedule-publish', 'scheduled-publish'])
    const versions = await db()
      .select()
      .from(pageVersions)
      .where(and(eq(pageVersions.pageId, page._id), eq(pageVersions.action, 'publish')))
    expect(versions).toHaveLength(1)
    const after = await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}`))
    expect(after.pending).toEqual([])
    expect(after.recent[0]).toMatchObject({ id: schedule.id, status: 'done' })
    const overviewAfter = (await json(publisher.get('/api/dashboard/overview'))) as unknown as DashboardOverview
    expect(overviewAfter.scheduled.map((s) => s.id)).not.toContain(schedule.id)
  })

  it('schedules an unpublish that takes a published page off the site when due', async () => {
    const page = await newPage('sched-unpublish')
    expect((await publisher.post('/api/page/publishPage', { page })).status).toBe(200)
    expect((await visitor(t).get('/api/page/load?slug=sched-unpublish')).status).toBe(200)
    const schedule = await json(scheduleOf(publisher, { pageId: page._id, action: 'unpublish', at: inMinutes(30).toISOString() }))
    expect(schedule.status).toBe('pending')
    await t.services.schedules.runDue(inMinutes(31))
    expect((await visitor(t).get('/api/page/load?slug=sched-unpublish')).status).toBe(404)
    expect(await activityOf(page._id)).toEqual(['save', 'save', 'publish', 'schedule-unpublish', 'scheduled-unpublish'])
  })

  it('replaces a pending schedule of the same action', async () => {
    const page = await newPage('sched-replace')
    const first = await json(scheduleOf(publisher, { pageId: page._id, action: 'publish', at: inMinutes(10).toISOString() }))
    const second = await json(scheduleOf(colleague, { pageId: page._id, action: 'publish', at: inMinutes(20).toISOString() }))
    const listed = await json(publisher.get(`/api/schedule/forPage?pageId=${page._id}`))
    expect(listed.pending.map((s: Json) => s.id)).toEqual([second.id])
    expect(listed.pending[0].username).toBe('sched-colleague')
    expect(first.id).not.toBe(second.id)
  })
})

describe('the job runner', () => {
  it("queues a run at the schedule's due time, so no tick is needed (the tick is only the net)", async () => {
    const page = await newPage('sched-on-time')
    const at = new Date(Date.now() + 60_000)
    const created = await scheduleOf(publisher, { pageId: page._id, action: 'publish', at: at.toISOString() })
    expect(created.status, await created.clone().text()).toBe(200)
    const publishes = async () =>
      (
        await db()
          .select()
          .from(pageVersions)
          .where(and(eq(pageVersions.pageId, page._id), eq(pageVersions.action, 'publish')))
      ).length
    // The job runner at a millisecond before the due time: nothing to run. At the due time: published.
    const names = [SCHEDULED_PUBLISHING_JOB]
    expect((await t.services.jobs.runDue({ names, now: new Date(at.getTime() - 1) })).done).toEqual([])
    expect(await publishes()).toBe(0)
    expect((await t.services.jobs.runDue({ names, now: at })).done).toHaveLength(1)
    expect(await publishes()).toBe(1)
    expect(await activityOf(page._id)).toContain('scheduled-publish')
  })
})

describe('POST /api/schedule/cancel', () => {
  it('cancels a pending schedule: it never runs, the cancel is logged, and a second cancel is refused', async () => {
    const page = await newPage('sched-cancel')
    const schedule = await json(scheduleOf(publisher, { pageId: page._id, action: 'publish', at: inMinutes(15).toISOString() }))
    expect((await draftsOnly.post('/api/schedule/cancel', { id: schedule.id })).status).toBe(403)
    expect((await visitor(t).post('/api/schedule/cancel', { id: schedule.id })).status).toBe(401)
    const cancelled = await publisher.post('/api/schedule/cancel', { id: schedule.id })
    expect(cancelled.status).toBe(200)
    expect((await json(cancelled)).status).toBe('cancelled')
    expect((await t.services.schedules.runDue(inMinutes(16))).ran).not.toContain(schedule.id)
    expect((await visitor(t).get('/api/page/load?slug=sched-cancel')).status).toBe(404)
    expect(await activityOf(page._id)).toEqual(['save', 'schedule-publish', 'cancel-schedule-publish'])
    const again = await publisher.post('/api/schedule/cancel', { id: schedule.id })
    expect(again.status).toBe(409)
    expect((await json(again)).error.code).toBe('conflict')
    expect((await publisher.post('/api/schedule/cancel', { id: 999_999 })).status).toBe(404)
    expect((await publisher.post('/api/schedule/cancel', { id: 'x' })).status).toBe(400)
  })
})

describe('two instances on one database', () => {
  let second: Services
  let secondDatabase: Database | undefined

  beforeAll(async () => {
    // PostgreSQL: a second connection pool, as a second server would have. PGlite: one process, one database.
    secondDatabase = t.database.url ? await openDatabase({ url: t.database.url, dataDir: 'memory://' }) : undefined
    second = createServices(secondDatabase ?? t.database, t.config)
  })
  afterAll(() => secondDatabase?.close())

  it('run each due schedule exactly once when they tick at the same moment', async () => {
    const pagesToPublish = await Promise.all([1, 2, 3, 4, 5].map((n) => newPage(`sched-race-${n}`)))
    const schedules = []
    for (const page of pagesToPublish)
      schedules.push(await json(scheduleOf(publisher, { pageId: page._id, action: 'publish', at: inMinutes(5).toISOString() })))
    const due = inMinutes(6)
    const [a, b] = await Promise.all([t.services.schedules.runDue(due), second.schedules.runDue(due)])
    const ran = [...a.ran, ...b.ran].sort((x, y) => x - y)
    expect(ran).toEqual(schedules.map((s) => s.id).sort((x, y) => x - y))
    expect([...a.failed, ...b.failed]).toEqual([])
    for (const page of pagesToPublish) {
      const publishes = await db()
        .select()
        .from(pageVersions)
        .where(and(eq(pageVersions.pageId, page._id), eq(pageVersions.action, 'publish')))
      expect(publishes, page.slug).toHaveLength(1)
      expect((await activityOf(page._id)).filter((x) => x === 'scheduled-publish')).toHaveLength(1)
    }
    // Ticking again finds nothing left to run.
    const [c, d] = await Promise.all([t.services.schedules.runDue(inMinutes(7)), second.schedules.runDue(inMinutes(7))])
    expect([...c.ran, ...d.ran]).toEqual([])
  })
})

describe('POST /api/presence/heartbeat', () => {
  it('shows editors on the same page to each other with since when, the stored version, and forgets a tab that left', async () => {
    const page = await newPage('presence-page')
    const tabA = 'tab-aaaaaaaa'
    const tabB = 'tab-bbbbbbbb'
    const first = await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))
    expect(first.others).toEqual([])
    expect(first.page.version).toBe(page.version)
    const second = await json(colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabB }))
    expect(second.others).toEqual([{ username: 'sched-publisher', since: expect.any(String), locale: null }])
    const seen = await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))
    expect(seen.others.map((o: Json) => o.username)).toEqual(['sched-colleague'])
    // Since when stays as the heartbeats go on.
    await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabB })
    const later = await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))
    expect(later.others[0].since).toBe(seen.others[0].since)

    // The colleague saves: the next heartbeat of the first editor says a newer draft is stored, and by whom.
    const saved = await json(colleague.post('/api/page/save', { page: { ...page, header: { title: 'Changed by colleague' } } }))
    const told = await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))
    expect(told.page).toMatchObject({ version: saved.version, updatedBy: 'sched-colleague' })
    expect(told.page.version).toBeGreaterThan(page.version)

    // The colleague switches the page to German: the others are told which language they are in.
    await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabB, locale: 'de' })
    const inGerman = await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))
    expect(inGerman.others).toEqual([{ username: 'sched-colleague', since: seen.others[0].since, locale: 'de' }])
    const notALanguage = await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabB, locale: 'klingon' })
    expect(notALanguage.status).toBe(400)

    expect((await colleague.post('/api/presence/leave', { pageId: page._id, tabId: tabB })).status).toBe(200)
    expect((await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: tabA }))).others).toEqual([])
  })

  it('keeps a tab gone when a heartbeat it sent before leaving is answered after its leave; a later heartbeat brings it back', async () => {
    const page = await newPage('presence-race')
    const mine = 'tab-mine-race'
    const theirs = 'tab-theirs-race'
    const others = async () => (await json(publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: mine }))).others as Json[]
    const t0 = Date.now()
    await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: theirs, sentAt: t0 })
    expect((await others()).map((o) => o.username)).toEqual(['sched-colleague'])
    // The tab closes at t0 + 200 while its heartbeat of t0 + 100 is still on the way: the leave is answered first.
    expect((await colleague.post('/api/presence/leave', { pageId: page._id, tabId: theirs, sentAt: t0 + 200 })).status).toBe(200)
    const late = await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: theirs, sentAt: t0 + 100 })
    expect(late.status).toBe(200)
    expect(await others()).toEqual([])
    // A leave that overtakes the tab's very first heartbeat is kept too.
    const fresh = 'tab-fresh-race'
    expect((await colleague.post('/api/presence/leave', { pageId: page._id, tabId: fresh, sentAt: t0 + 50 })).status).toBe(200)
    await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: fresh, sentAt: t0 + 10 })
    expect(await others()).toEqual([])
    // The page shown again (back from the browser's cache): its next heartbeat is after the leave.
    await colleague.post('/api/presence/heartbeat', { pageId: page._id, tabId: theirs, sentAt: t0 + 5_000 })
    expect((await others()).map((o) => o.username)).toEqual(['sched-colleague'])
    // Another account cannot mark someone else's tab as gone.
    await publisher.post('/api/presence/leave', { pageId: page._id, tabId: theirs, sentAt: t0 + 6_000 })
    expect((await others()).map((o) => o.username)).toEqual(['sched-colleague'])
  })

  it('refuses a visitor, an unknown page and a malformed tab id', async () => {
    const page = await newPage('presence-refusals')
    expect((await visitor(t).post('/api/presence/heartbeat', { pageId: page._id, tabId: 'tab-cccccccc' })).status).toBe(401)
    expect((await publisher.post('/api/presence/heartbeat', { pageId: 'nope', tabId: 'tab-cccccccc' })).status).toBe(404)
    const bad = await publisher.post('/api/presence/heartbeat', { pageId: page._id, tabId: 'a b' })
    expect(bad.status).toBe(400)
    expect((await json(bad)).error.code).toBe('invalid_input')
  })
})
