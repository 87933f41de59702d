import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchRequestSchema, type AtdwData, type FetchResponse } from '#lib/listings'
import { createListingService, type ListingService } from './service.ts'
import { ContentEventBus } from '../server/services/events.ts'
import { visitor, type Caller } from '../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { publishProviderListing } from '../tests/helpers/listings.ts'
import { OPENING_ROLL_JOB, rollOpeningWindows } from './opening-roll.ts'
import { OPENING_WINDOW_DAYS } from './opening-window.ts'

/**
 * The opening window rolled forward (issue 35): a listing open every day is found by "Open on a
 * chosen day" up to OPENING_WINDOW_DAYS ahead of when it was written; after months without a
 * change, the nightly job lays its window out from that night, so a day beyond the first window is
 * found (from the in-memory index and from SQL alike), and a second run changes nothing.
 */
let t: TestApp
let anon: Caller
let sqlOnly: ListingService
const domainId = 'dom-roll'
const DAY_MS = 86_400_000
const isoAfter = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

const daily = (): Partial<AtdwData> => ({
  openingTime: {
    openingTimeType: 'SEASONAL',
    openingTimeComment: '',
    seasonalPeriods: [
      {
        fromDate: '2020-01-01',
        toDate: '2099-12-31',
        openStatus: [{ dayOfWeek: 'ALL', openingTime: '09:00', closingTime: '17:00', isClosed: false }],
      },
    ],
    exceptions: { exceptionPeriod: '', periods: [] },
  },
})

const add = (id: string, name: string, extra: Partial<AtdwData>) => publishProviderListing(t, domainId, id, name, extra)

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: domainId, name: 'Roll', hostnames: ['localhost'], published: true })
  anon = visitor(t)
  sqlOnly = createListingService(t.database.db, { pages: t.services.pages, events: new ContentEventBus() })
  await add('roll-daily', 'Rollwindow Daily Cellar', daily())
  await add('roll-none', 'Rollwindow Lookout', {})
}, 120_000)
afterAll(() => t?.close())

async function openOn(day: string): Promise<{ index: string[]; sql: string[] }> {
  const body = { search: 'rollwindow', hideTours: false, openOn: day }
  await t.services.listingIndex.warm(domainId)
  const res = await anon.post('/api/listing/fetch', body)
  expect(res.status).toBe(200)
  const fromIndex = ((await res.json()) as FetchResponse).listings.map((l) => l.name)
  const fromSql = (await sqlOnly.fetch(domainId, fetchRequestSchema.parse(body))).listings.map((l) => l.name)
  return { index: fromIndex, sql: fromSql }
}

describe('the opening window rolled forward', () => {
  it('finds a listing on a day beyond its first window once the nightly job has run, and only then', async () => {
    const beyond = isoAfter(OPENING_WINDOW_DAYS + 60)
    expect(await openOn(isoAfter(30))).toEqual({ index: ['Rollwindow Daily Cellar'], sql: ['Rollwindow Daily Cellar'] })
    expect(await openOn(beyond)).toEqual({ index: [], sql: [] })

    // A night well within the window: nothing ends soon, nothing is written.
    expect([...(await rollOpeningWindows(t.database.db, new Date(Date.now() + 30 * DAY_MS)))]).toEqual([])

    // Some ten months on, without a change from the provider: the job lays the window out again.
    await t.services.jobs.enqueue(OPENING_ROLL_JOB, {})
    const report = await t.services.jobs.runDue({ now: new Date(Date.now() + 300 * DAY_MS), names: [OPENING_ROLL_JOB] })
    expect(JSON.stringify(report)).toContain(OPENING_ROLL_JOB)
    await expect
      .poll(() => openOn(beyond), { timeout: 10_000 })
      .toEqual({ index: ['Rollwindow Daily Cellar'], sql: ['Rollwindow Daily Cellar'] })

    // The same night again changes nothing; the listing without opening times was never touched.
    expect([...(await rollOpeningWindows(t.database.db, new Date(Date.now() + 300 * DAY_MS)))]).toEqual([])
  })
})
