import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { INT4_MAX } from './schemas.ts'
import {
  contentDigest,
  dumpContent,
  NOT_CONTENT,
  requestArbitraries,
  requestIntegers,
  toRequestInit,
  type FuzzRequest,
  type OpenApiDoc,
} from '../../tests/helpers/fuzz.ts'

/**
 * Issue 14 point 7: property-based fuzzing of the whole route table, enumerated from the OpenAPI
 * document (/api/openapi.json) plus the routes outside it (/img/..., /health, sitemap, robots).
 * Thousands of generated requests, anonymous and as an admin: none may answer 5xx; the anonymous
 * ones leave every content table exactly as it was, and an admin's refused ones change nothing.
 * FUZZ_RUNS sets the requests per run (default 2000 anonymous + 2000 signed in). The one 5xx
 * allowed is a deliberate 503 'unavailable' (a route whose provider is not configured here, e.g.
 * listing/syncListing without ATDW_API_URL): the database is up, so it is never a fault.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000)
/** About 5 s (anonymous) and 15 s (signed in, a content digest after each request) here; room for a busy machine. */
const FUZZ_TIMEOUT = 50_000

let t: TestApp
let admin: Caller
let token: string
let arbitraries: ReturnType<typeof requestArbitraries>
let openapi: OpenApiDoc
const known: string[] = ['main', 'localhost', 'pages', 'listings', 'fuzz-page', 'desktop', 'admin']

beforeAll(async () => {
  // Search and enquiry limits out of the way, so the fuzz reaches those routes' own code.
  t = await createTestApp({ env: { RATE_LIMIT_SEARCH: '1000000', RATE_LIMIT_ENQUIRY: '1000000' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'fuzz-admin', password: 'fuzz-admin-pass', roles: ['admin'] })
  token = (await t.services.auth.login('fuzz-admin', 'fuzz-admin-pass', { ip: 'fuzz-setup' })).token
  const picture = await t.services.images.save({
    bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a33' } })
      .png()
      .toBuffer(),
    filename: 'fuzz.png',
    id: 'fuzz-image',
  })
  const page = (await (
    await admin.post('/api/page/save', {
      page: {
        slug: 'fuzz-page',
        template: 'generic',
        header: { title: 'Fuzz', image: { imageId: picture._id, alt: 'A red square' } },
        contents: [{ componentType: 'Text', text: 'Hello' }],
      },
    })
  ).json()) as { _id: string }
  await admin.post('/api/page/publishPage', { page })
  await admin.post('/api/site/publishNav', { nav: { siteName: 'Fuzz', items: [{ text: 'Home', href: '/' }] } })
  await admin.post('/api/conciergeForm/saveConciergeForm', { conciergeForm: { email: 'desk@example.com', ccs: [''] } })
  known.push(page._id, picture._id)

  const doc = await (await t.app.request('/api/openapi.json', { headers: { host: 'localhost' } })).json()
  openapi = doc
  const prefix = `/${t.config.apiPrefix}`
  // Every concrete route of the app that the document does not describe.
  const others = new Map<string, { method: string; path: string }>()
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || r.path.includes('*') || r.path.startsWith(`${prefix}/`)) continue
    others.set(`${r.method} ${r.path}`, { method: r.method, path: r.path })
  }
  arbitraries = requestArbitraries(doc, prefix, [...others.values()], { known })
})
afterAll(() => t?.close())

const headersFor = (signedIn: boolean): Record<string, string> => ({
  host: 'localhost',
  ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
})

async function send(req: FuzzRequest, signedIn: boolean) {
  const res = await t.app.request(req.url, toRequestInit(req, headersFor(signedIn)))
  const text = await res.text()
  return { status: res.status, text }
}

/** A 5xx that is a fault: anything but the deliberate 503 'unavailable' of an unconfigured provider. */
const isFault = (status: number, text: string) => status >= 500 && !(status === 503 && text.includes('"code":"unavailable"'))

const describeRequest = (req: FuzzRequest, status: number, text: string) =>
  `${req.method} ${req.url} ${JSON.stringify(req.body)?.slice(0, 300)} -> ${status} ${text.slice(0, 200)}`

describe('numbers too large for the database', () => {
  it('every integer a request may carry is bounded by the PostgreSQL integer range, so a larger one is a 400', () => {
    const integers = requestIntegers(openapi)
    expect(integers.map((i) => i.where)).toContain('GET /team/activity query.before')
    expect(integers.filter((i) => i.maximum === undefined || i.maximum > INT4_MAX).map((i) => i.where)).toEqual([])
  })

  it('an activity page before id 2147483648 is a 400 in the error shape, not a database error', async () => {
    const res = await t.app.request('/api/team/activity?before=2147483648', { headers: headersFor(true) })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
    expect((await t.app.request('/api/team/activity?before=2147483647', { headers: headersFor(true) })).status).toBe(200)
  })
})

describe('fuzzing every route', () => {
  it('enumerates the whole route table from the OpenAPI document and the app', () => {
    const routes = arbitraries.map((a) => a.route)
    expect(routes.length).toBeGreaterThan(70)
    for (const route of [
      'POST /api/user/login',
      'POST /api/page/save',
      'GET /api/search/query',
      'DELETE /api/obj/story/{id}',
      'GET /img/:id',
      'POST /img/upload',
    ])
      expect(routes).toContain(route)
  })

  it(
    `answers ${RUNS} anonymous requests without a 5xx and leaves every content table as it was`,
    async () => {
      const before = await dumpContent(t.database.db)
      const reached = new Set<string>()
      let sent = 0
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbitraries.map((a) => a.arbitrary)), async (req) => {
          const { status, text } = await send(req, false)
          sent++
          reached.add(req.route)
          if (isFault(status, text)) throw new Error(describeRequest(req, status, text))
        }),
        { numRuns: RUNS },
      )
      expect(sent).toBeGreaterThanOrEqual(RUNS)
      expect(reached.size).toBe(arbitraries.length)
      await t.services.mailer.idle()
      expect(await dumpContent(t.database.db)).toEqual(before)
    },
    FUZZ_TIMEOUT,
  )

  it(
    `answers ${RUNS} requests of a signed-in admin without a 5xx; the refused ones change nothing`,
    async () => {
      const tables = Object.keys(await dumpContent(t.database.db)).filter((name) => !NOT_CONTENT.has(name))
      let digest = await contentDigest(t.database.db, tables)
      let relogins = 0
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbitraries.map((a) => a.arbitrary)), async (req) => {
          const { status, text } = await send(req, true)
          if (isFault(status, text)) throw new Error(describeRequest(req, status, text))
          await t.services.mailer.idle()
          const now = await contentDigest(t.database.db, tables)
          if (status >= 400 && now !== digest) throw new Error(`refused but changed content: ${describeRequest(req, status, text)}`)
          digest = now
          // Signing out ends the session the run uses: take a new one.
          if (req.route.endsWith('/user/logout') && status === 200) {
            token = (await t.services.auth.login('fuzz-admin', 'fuzz-admin-pass', { ip: `fuzz-relogin-${relogins++}` })).token
            // The run's own sign-in is recorded (last sign-in, activity log): not a request under test.
            digest = await contentDigest(t.database.db, tables)
          }
        }),
        { numRuns: RUNS },
      )
    },
    FUZZ_TIMEOUT,
  )
})
