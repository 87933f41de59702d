import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EventFrequency, type Listing } from '#lib/listings'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { publishProviderListing } from '../../tests/helpers/listings.ts'
import { parseCalendar } from '../../tests/helpers/icalendar.ts'

/**
 * Events into calendars through the API, on a real database (PGlite): an event's .ics and a grid's
 * feed of exactly its filtered events, read back with an iCalendar parser; cacheable by a CDN and
 * tagged like the grid pages, so a listing change purges them.
 */

let t: TestApp
const domainId = 'dom-cal'

const day = (d: string, start = '10:00', end = '16:00'): EventFrequency => ({
  frequencyStartDate: d,
  frequencyEndDate: d,
  frequencyStartTime: start,
  frequencyEndTime: end,
})

async function addEvent(id: string, name: string, city: string, frequencies: EventFrequency[], publish = true): Promise<Listing> {
  return publishProviderListing(
    t,
    domainId,
    id,
    name,
    {
      productCategoryId: 'EVENT',
      description: `<p>${name} in ${city}.</p>`,
      eventFrequency: frequencies,
      startDate: frequencies[0]?.frequencyStartDate ?? '',
      endDate: frequencies.at(-1)?.frequencyEndDate ?? '',
      address: { line1: '1 Main Street', line2: '', city, area: 'Barossa', state: 'SA', postcode: '5352', country: 'Australia' },
    },
    { published: publish },
  )
}

beforeAll(async () => {
  t = await createTestApp({ env: { CDN_PURGE: 'varnish', VARNISH_PURGE_URLS: 'http://127.0.0.1:9' } })
  await t.services.domains.upsert({ _id: domainId, name: 'Calendar', hostnames: ['localhost'], published: true })
  await addEvent('ev-jazz', 'Calfeed Jazz Night', 'Tanunda', [day('2027-03-06', '18:00', '22:00'), day('2027-03-13', '18:00', '22:00')])
  await addEvent('ev-fair', 'Calfeed Wine Fair', 'Angaston', [day('2027-04-10'), day('2027-04-11')])
  await addEvent('ev-old', 'Calfeed Harvest Lunch', 'Tanunda', [day('2026-02-01')])
  await addEvent('ev-draft', 'Calfeed Secret Tasting', 'Tanunda', [day('2027-03-20')], false)
})

afterAll(async () => {
  await t?.close()
})

const get = (path: string) => t.app.request(path, { headers: { host: 'localhost' } })

describe('GET /api/calendar/event.ics', () => {
  it("answers one event as an iCalendar file on Adelaide's clock, with a stable UID", async () => {
    const res = await get('/api/calendar/event.ics?id=ev-jazz')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('Calfeed%20Jazz%20Night.ics')
    const calendar = parseCalendar(await res.text())
    expect(calendar.timezones).toEqual(['Australia/Adelaide'])
    expect(calendar.events).toHaveLength(1)
    const event = calendar.events[0]!
    expect(event).toMatchObject({
      uid: 'ev-jazz@localhost',
      summary: 'Calfeed Jazz Night',
      description: 'Calfeed Jazz Night in Tanunda.',
      tzid: 'Australia/Adelaide',
      url: 'http://localhost/listing/calfeed-jazz-night',
    })
    // 18:00 on two Saturdays of Adelaide's summer (UTC+10:30).
    expect(event.occurrences).toEqual([
      { start: '2027-03-06T07:30:00.000Z', end: '2027-03-06T11:30:00.000Z' },
      { start: '2027-03-13T07:30:00.000Z', end: '2027-03-13T11:30:00.000Z' },
    ])
    const again = parseCalendar(await (await get('/api/calendar/event.ics?id=ev-jazz')).text())
    expect(again.events[0]!.uid).toBe(event.uid)
  })

  it('is cached like the grid pages: public for visitors, tagged with the listings of its domain', async () => {
    const res = await get('/api/calendar/event.ics?id=ev-jazz')
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=300')
    expect(res.headers.get('xkey')).toBe(`all d:${domainId} listings:${domainId}`)
  })

  it('answers 404 for an unpublished or unknown listing and 400 for a language the site does not offer', async () => {
    for (const id of ['ev-draft', 'no-such-listing']) {
      const res = await get(`/api/calendar/event.ics?id=${id}`)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
    const res = await get('/api/calendar/event.ics?id=ev-jazz&lang=xx')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input')
  })
})

describe('GET /api/calendar/events.ics (the grid feed)', () => {
  const uids = async (query: string) => {
    const res = await get(`/api/calendar/events.ics?${query}`)
    expect(res.status).toBe(200)
    const calendar = parseCalendar(await res.text())
    return calendar.events.map((e) => e.uid).sort()
  }

  it("holds exactly the grid's filtered events, from the grid's own address parameters", async () => {
    expect(await uids('name=calfeed')).toEqual(['ev-fair@localhost', 'ev-jazz@localhost', 'ev-old@localhost'])
    expect(await uids('name=calfeed&location=Tanunda')).toEqual(['ev-jazz@localhost', 'ev-old@localhost'])
    expect(await uids('name=calfeed&location=Tanunda&from=2027-01-01&to=2027-12-31')).toEqual(['ev-jazz@localhost'])
    expect(await uids('name=calfeed&from=01/04/2027')).toEqual(['ev-fair@localhost'])
  })

  it('names the feed, asks calendars to refresh it, and is cached and tagged like the grid', async () => {
    const res = await get('/api/calendar/events.ics?name=calfeed')
    const calendar = parseCalendar(await res.text())
    expect(calendar.name).toMatch(/Events$/)
    expect(calendar.refreshInterval).toBe('PT6H')
    expect(res.headers.get('xkey')).toBe(`all d:${domainId} listings:${domainId}`)
  })

  it('is current: a newly published event is in the next answer', async () => {
    await addEvent('ev-new', 'Calfeed Twilight Market', 'Tanunda', [day('2027-05-01', '16:00', '20:00')])
    expect(await uids('name=calfeed&location=Tanunda&from=2027-01-01')).toEqual(['ev-jazz@localhost', 'ev-new@localhost'])
  })
})
