import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchRequestSchema, type AtdwData, type FetchResponse } from '#lib/listings'
import { ContentEventBus } from '../server/services/events.ts'
import { createListingService, type ListingService } from './service.ts'
import { visitor, type Caller } from '../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import { publishProviderListing } from '../tests/helpers/listings.ts'
import { zonedInstant } from '#lib/team'

/**
 * "Open now", "Open on a chosen day" and the accessibility filter through listing/fetch on a real
 * database (PGlite), against listings with known hours at fixed instants: from the in-memory index
 * and from SQL alike (the index is warmed, then dropped).
 */

let t: TestApp
let anon: Caller
let sqlOnly: ListingService
const domainId = 'dom-open'

const day = (d: string, from: string, to: string) => ({ dayOfWeek: d, openingTime: from, closingTime: to, isClosed: false })
const closed = (d: string) => ({ dayOfWeek: d, openingTime: '', closingTime: '', isClosed: true })
/**
 * The opening window runs from the day a listing is written (opening-window.ts), so the instants are
 * taken from a Monday two to three weeks ahead, on Adelaide's clock (whichever its summer time).
 */
const DAY_MS = 86_400_000
const monday = (() => {
  const start = new Date(Date.now() + 14 * DAY_MS)
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + ((8 - start.getUTCDay()) % 7)))
})()
const isoDay = (offset: number) => new Date(monday.getTime() + offset * DAY_MS).toISOString().slice(0, 10)
/** The instant of a wall-clock time in Adelaide, `offset` days after that Monday. */
const adelaide = (offset: number, h: number, mi = 0) => {
  const [y, m, d] = isoDay(offset).split('-').map(Number) as [number, number, number]
  return zonedInstant('Australia/Adelaide', y, m, d, h, mi).toISOString()
}
const christmas = (() => {
  const now = new Date()
  const thisYear = `${now.getUTCFullYear()}-12-25`
  return now.toISOString().slice(0, 10) < thisYear ? thisYear : `${now.getUTCFullYear() + 1}-12-25`
})()
const year = { fromDate: '2020-01-01', toDate: '2099-12-31' }

const add = (id: string, name: string, extra: Partial<AtdwData>) => publishProviderListing(t, domainId, id, name, extra)

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: domainId, name: 'Open', hostnames: ['localhost'], published: true })
  anon = visitor(t)
  sqlOnly = createListingService(t.database.db, { pages: t.services.pages, events: new ContentEventBus() })
  await add('cellar', 'Openfilter Cellar Door', {
    openingTime: {
      openingTimeType: 'SEASONAL',
      openingTimeComment: '',
      seasonalPeriods: [
        { ...year, openStatus: [closed('MON'), ...['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((d) => day(d, '10:00', '17:00'))] },
      ],
      exceptions: {
        exceptionPeriod: 'PUBLIC HOLIDAYS',
        periods: [{ fromDate: christmas, toDate: christmas, description: 'Christmas Day', openStatus: [closed('ALL')] }],
      },
    },
    accessibility: [
      { type: 'ACCESSIBILITY', id: 'DISASSIST', description: 'Actively welcomes people with access needs.' },
      { type: 'DISASSIST', id: 'AMBULANT', description: 'Caters for people with mobility aids' },
    ],
  })
  await add('bar', 'Openfilter Wine Bar', {
    openingTime: {
      openingTimeType: 'SEASONAL',
      openingTimeComment: '',
      seasonalPeriods: [{ ...year, openStatus: [day('ALL', '18:00', '01:00')] }],
      exceptions: { exceptionPeriod: '', periods: [] },
    },
    accessibility: [{ type: 'ACCESSIBILITY', id: 'DISTASSIST', description: 'Disabled access available, contact operator for details.' }],
  })
  await add('lookout', 'Openfilter Lookout', {})
}, 120_000)
afterAll(() => t?.close())

async function names(body: Record<string, unknown>) {
  const res = await anon.post('/api/listing/fetch', { search: 'openfilter', hideTours: false, ...body })
  expect(res.status).toBe(200)
  return ((await res.json()) as FetchResponse).listings.map((l) => l.name).sort()
}

/** The same question answered by the API (from the in-memory index) and by SQL alone. */
async function both(body: Record<string, unknown>) {
  await t.services.listingIndex.warm(domainId)
  const fromIndex = await names(body)
  const q = fetchRequestSchema.parse({ search: 'openfilter', hideTours: false, ...body })
  const fromSql = (await sqlOnly.fetch(domainId, q)).listings.map((l) => l.name).sort()
  expect(fromIndex, JSON.stringify(body)).toEqual(fromSql)
  return fromSql
}

describe('the opening filters at fixed instants', () => {
  it('"Open now" on a Tuesday morning in Adelaide: the cellar door; at 17:00: nothing; at 23:30: the bar', async () => {
    expect(await both({ openAt: adelaide(1, 10, 30) })).toEqual(['Openfilter Cellar Door'])
    expect(await both({ openAt: adelaide(1, 9, 59) })).toEqual([])
    expect(await both({ openAt: adelaide(1, 17, 0) })).toEqual([])
    // 23:30, and past midnight 00:30 on Wednesday: the bar.
    expect(await both({ openAt: adelaide(1, 23, 30) })).toEqual(['Openfilter Wine Bar'])
    expect(await both({ openAt: adelaide(2, 0, 30) })).toEqual(['Openfilter Wine Bar'])
    expect(await both({ openAt: adelaide(2, 1, 0) })).toEqual([])
  })

  it('leaves the cellar door out on its closed Monday and on Christmas Day (an exception)', async () => {
    expect(await both({ openAt: adelaide(0, 11, 0) })).toEqual([])
    expect(await both({ openOn: isoDay(0) })).toEqual(['Openfilter Wine Bar'])
    expect(await both({ openOn: isoDay(1) })).toEqual(['Openfilter Cellar Door', 'Openfilter Wine Bar'])
    expect(await both({ openOn: christmas })).toEqual(['Openfilter Wine Bar'])
  })

  it('filters by accessibility attributes, every one asked for; a listing without them never matches', async () => {
    expect(await both({ accessibility: ['DISASSIST'] })).toEqual(['Openfilter Cellar Door'])
    expect(await both({ accessibility: ['DISASSIST', 'AMBULANT'] })).toEqual(['Openfilter Cellar Door'])
    expect(await both({ accessibility: ['HEARING'] })).toEqual([])
  })

  it('refuses a malformed instant or day with 400', async () => {
    for (const body of [{ openAt: 'soon' }, { openOn: '2026-02-31x' }]) {
      const res = await anon.post('/api/listing/fetch', body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input')
    }
  })
})
