import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Listing } from '#lib/listings'
import { encodeTrip, estimateLeg, type Trip, type TripStopInfo } from '#lib/trip/model'
import { tripTextsDe } from '#lib/trip/texts/de'
import { tripTextsEn } from '#lib/trip/texts/en'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { publishProviderListing, type ProviderFields } from '../../tests/helpers/listings.ts'
import { startFakeOsrm } from '../../fakes/osrm/server.ts'
import { declaredAnswer, expectDeclared } from '../../tests/helpers/declared.ts'
import { tripRouter } from './api.ts'

/**
 * The trip planner's API (issue 35 point 1) against a real database: the stops a trip names are
 * answered only when published (position, address, event dates), the trip's PDF is made by the PDF
 * workers and holds its days, stops, notes and warnings (read back with poppler's pdftotext), the
 * routing provider (OSRM_URL, here the fake that answers as OSRM's documentation says) gives a
 * day's legs, and bad input is a 4xx, never a 500.
 */

const run = promisify(execFile)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-api-test-'))
let t: TestApp
let routed: TestApp
let osrm: Awaited<ReturnType<typeof startFakeOsrm>>
let anon: Caller
let domainId: string

const addListing = (app: TestApp, id: string, name: string, extra: ProviderFields, published = true) =>
  publishProviderListing(app, domainId, id, name, { status: 'ACTIVE', ...extra }, { published })

const tanunda = { latitude: -34.5236, longitude: 138.9601 }
const angaston = { latitude: -34.5013, longitude: 139.0455 }
let festival: Listing
let winery: Listing
let hidden: Listing

beforeAll(async () => {
  osrm = await startFakeOsrm()
  t = await createTestApp({ seed: true, env: { PDF_WORKERS: '1' } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  anon = visitor(t)
  festival = await addListing(t, 'trip-festival', 'Vintage Festival', {
    productCategoryId: 'EVENT',
    startDate: '2027-03-01',
    endDate: '2027-03-14',
    eventFrequency: [
      { frequencyStartDate: '2027-03-01', frequencyEndDate: '2027-03-01' },
      { frequencyStartDate: '2027-03-13', frequencyEndDate: '2027-03-14' },
    ],
    ...tanunda,
    address: { line1: '1 Murray Street', line2: '', city: 'Tanunda', area: 'Barossa', state: 'SA', postcode: '5352', country: 'Australia' },
  })
  winery = await addListing(t, 'trip-winery', 'Angaston Cellar Door', { ...angaston })
  hidden = await addListing(t, 'trip-hidden', 'Not Public', { ...angaston }, false)
  routed = await createTestApp({ env: { OSRM_URL: osrm.url } })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await routed?.close()
  await osrm?.close()
})

describe('POST /api/trip/stops', () => {
  it('answers the published stops in the order asked, with position, address and event dates; others are left out', async () => {
    const res = await anon.post('/api/trip/stops', {
      paths: [`/${winery.slug}`, `/${hidden.slug}`, '/about', '/no-such', `/${festival.slug}`],
    })
    expect(res.status).toBe(200)
    const answer = await res.json()
    // As the route declares it: the planner in the browser is typed from that declaration.
    expectDeclared(declaredAnswer(tripRouter, 'post', '/stops'), answer)
    const { stops } = answer as { stops: TripStopInfo[] }
    expect(stops.map((s) => s.path)).toEqual([`/${winery.slug}`, '/about', `/${festival.slug}`])
    expect(stops[0]).toMatchObject({
      kind: 'listing',
      title: 'Angaston Cellar Door',
      lat: angaston.latitude,
      lng: angaston.longitude,
      event: null,
    })
    expect(stops[1]).toMatchObject({ kind: 'page', lat: null, lng: null })
    expect(stops[2]!.event).toEqual({ start: '2027-03-01', end: '2027-03-14', days: ['2027-03-01', '2027-03-13', '2027-03-14'] })
    expect(stops[2]!.address).toContain('Tanunda')
  })

  it('refuses bad input with 400 and the error shape', async () => {
    for (const body of [
      {},
      { paths: 'x' },
      { paths: Array.from({ length: 51 }, (_, i) => `/p${i}`) },
      { paths: ['/a'], lang: 'xx' },
      { paths: ['/a'], extra: 1 },
    ]) {
      const res = await anon.post('/api/trip/stops', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy()
    }
  })
})

describe('POST /api/trip/route', () => {
  const points = [
    { lat: tanunda.latitude, lng: tanunda.longitude },
    { lat: angaston.latitude, lng: angaston.longitude },
    { lat: -34.6011, lng: 138.8911 },
  ]
  it('is 503 without a routing service (OSRM_URL unset): the planner keeps its estimate', async () => {
    const res = await anon.post('/api/trip/route', { points })
    expect(res.status).toBe(503)
    expect(t.services.trips.routing).toBe(false)
  })

  it("asks the routing service for the day's legs (longitude first, no overview) and answers km and minutes", async () => {
    const res = await visitor(routed).post('/api/trip/route', { points })
    expect(res.status).toBe(200)
    const { legs } = (await res.json()) as { legs: { km: number; minutes: number }[] }
    expect(legs).toHaveLength(2)
    expect(osrm.requests.at(-1)).toBe(
      '/route/v1/driving/138.960100,-34.523600;139.045500,-34.501300;138.891100,-34.601100?overview=false&steps=false&alternatives=false',
    )
    // The fake's roads are the straight line × 1.4 at 50 km/h: not the site's own estimate (× 1.3 at 60 km/h).
    const estimate = estimateLeg(points[0]!, points[1]!)
    expect(legs[0]!.km).toBeCloseTo((estimate.km / 1.3) * 1.4, 0)
    expect(legs[0]!.km).not.toBe(estimate.km)
    expect(legs[0]!.minutes).toBe(Math.round((legs[0]!.km / 50) * 60))
  })

  it('answers 503 when the routing service refuses, and 400 for points that are not positions', async () => {
    const failing = await startFakeOsrm({ failWith: 'NoRoute' })
    const app = await createTestApp({ env: { OSRM_URL: failing.url } })
    try {
      const res = await visitor(app).post('/api/trip/route', { points })
      expect(res.status).toBe(503)
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('NoRoute')
    } finally {
      await app.close()
      await failing.close()
    }
    for (const body of [{ points: [points[0]] }, { points: [{ lat: 100, lng: 0 }, points[0]] }, { points: 'x' }]) {
      expect((await visitor(routed).post('/api/trip/route', body)).status).toBe(400)
    }
  })
})

describe('POST /api/trip/pdf', () => {
  const trip: Trip = { days: [], notes: {} }
  beforeAll(() => {
    trip.days = [
      { date: '2027-03-20', stops: [`/${festival.slug}`, `/${winery.slug}`] },
      { date: '', stops: ['/about'] },
    ]
    trip.notes = { [`/${winery.slug}`]: 'Tasting at 11' }
  })
  it('makes the PDF in the PDF workers: days, stops in order, notes, the warning and the estimate', async () => {
    const res = await anon.post('/api/trip/pdf', { trip: encodeTrip(trip) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain('My trip')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-')
    const file = path.join(tmp, 'trip.pdf')
    fs.writeFileSync(file, bytes)
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ')
    expect(text).toContain('My trip')
    expect(text).toContain('Saturday 20 March 2027')
    expect(text).toContain(tripTextsEn.day(2))
    expect(text.indexOf('Vintage Festival')).toBeLessThan(text.indexOf('Angaston Cellar Door'))
    expect(text).toContain('Ends 14 March 2027, before this day')
    expect(text).toContain('Note: Tasting at 11')
    expect(text).toContain(tripTextsEn.estimate.slice(0, 40))
    expect(text).toMatch(/\d+\.\d km, about \d+ min by car/)
  }, 120_000)

  it('speaks the language asked for, and refuses a damaged trip or a language the site does not offer', async () => {
    const de = await anon.post('/api/trip/pdf', { trip: encodeTrip(trip), lang: 'de' })
    if (de.status === 200) {
      const file = path.join(tmp, 'trip-de.pdf')
      fs.writeFileSync(file, new Uint8Array(await de.arrayBuffer()))
      const text = (await run('pdftotext', [file, '-'])).stdout
      expect(text).toContain(tripTextsDe.title)
    } else {
      expect(de.status).toBe(400) // German not offered by this test's domain
    }
    for (const body of [{ trip: 'not-a-trip' }, { trip: 'x'.repeat(20_000) }, { trip: encodeTrip(trip), lang: 'xx' }, {}]) {
      const res = await anon.post('/api/trip/pdf', body)
      expect(res.status).toBe(400)
    }
  }, 120_000)
})
