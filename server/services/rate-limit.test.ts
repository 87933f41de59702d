import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { createApp } from '../app.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { createLogger } from '../log.ts'
import { createServices, type Services } from './index.ts'

/**
 * Issue 13 point 6: the login, reset, enquiry and search limits hold across instances. Two
 * instances (two createServices/createApp) share one database, as two servers behind a load
 * balancer share one PostgreSQL (TEST_DATABASE_URL: a second connection pool to it); with
 * TEST_REDIS_URL the same runs again with the counters in Redis (REDIS_URL).
 */
const stores: [string, Record<string, string>][] = [['the database', {}]]
if (process.env.TEST_REDIS_URL) stores.push(['Redis', { REDIS_URL: process.env.TEST_REDIS_URL }])

/** Redis outlives the test: every run uses addresses and names of its own. */
const run = randomBytes(3).toString('hex')
const ip = (n: number) => `10.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}.${n}`

describe.each(stores)('limits shared by two instances, counters in %s', (_label, storeEnv) => {
  let a: TestApp
  let second: Database
  let bServices: Services
  let b: { request: TestApp['app']['request'] }

  beforeAll(async () => {
    a = await createTestApp({
      env: {
        ...storeEnv,
        TRUST_PROXY: 'true',
        RATE_LIMIT_ACCOUNT: '5',
        RATE_LIMIT_IP: '8',
        RATE_LIMIT_ENQUIRY: '3',
        RATE_LIMIT_SEARCH: '4',
      },
    })
    // On PostgreSQL a second pool of its own, as another server would have; PGlite has one user.
    second = a.database.url ? await openDatabase({ url: a.database.url, dataDir: 'memory://' }) : a.database
    bServices = createServices(second, a.config)
    const bApp = createApp({ services: bServices, config: a.config, log: createLogger('silent') }).app
    b = { request: bApp.request.bind(bApp) }
    await a.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
    await a.services.users.create({ username: `shared-${run}`, email: `shared-${run}@example.com`, password: 'the-right-password' })
    await a.services.users.create({ username: `resetter-${run}`, email: `resetter-${run}@example.com`, password: 'resetter-password' })
  })
  afterAll(async () => {
    await bServices?.mailer.idle(5000)
    await bServices?.rateLimits.store.close()
    await a?.services.rateLimits.store.close()
    if (second && second !== a?.database) await second.close()
    await a?.close()
  })

  const post = (app: { request: TestApp['app']['request'] }, path: string, body: unknown, from: string) =>
    app.request(path, {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    })
  const instances = () => [a.app, b] as const

  it('counts failed sign-ins of one account across instances, its username and its e-mail as one', async () => {
    const [one, two] = instances()
    const statuses: number[] = []
    // Three wrong passwords by username on one instance, two by e-mail on the other, each from its own address.
    for (let i = 0; i < 3; i++)
      statuses.push((await post(one, '/api/user/login', { username: `shared-${run}`, password: `wrong-${i}` }, ip(10 + i))).status)
    for (let i = 0; i < 2; i++)
      statuses.push(
        (await post(two, '/api/user/login', { username: `SHARED-${run}@example.com`, password: `wrong-${i}` }, ip(20 + i))).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // The account has used its 5 failures: even the right password is refused, on both instances, by either name.
    const blockedA = await post(one, '/api/user/login', { username: `shared-${run}@example.com`, password: 'the-right-password' }, ip(30))
    const blockedB = await post(two, '/api/user/login', { username: `shared-${run}`, password: 'the-right-password' }, ip(31))
    expect([blockedA.status, blockedB.status]).toEqual([429, 429])
    expect(Number(blockedB.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts sign-in attempts from one address across instances', async () => {
    const [one, two] = instances()
    const statuses: number[] = []
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await post(i % 2 ? two : one, '/api/user/login', { username: `nobody-${run}-${i}`, password: 'whatever' }, ip(40))).status,
      )
    expect(statuses).toEqual(Array(8).fill(401))
    expect((await post(one, '/api/user/login', { username: `nobody-${run}-x`, password: 'whatever' }, ip(40))).status).toBe(429)
    expect((await post(two, '/api/user/login', { username: `nobody-${run}-y`, password: 'whatever' }, ip(40))).status).toBe(429)
  })

  it('counts reset requests of one account across instances', async () => {
    const [one, two] = instances()
    const email = `resetter-${run}@example.com`
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await post(i < 3 ? one : two, '/api/user/forgotPassword', { email }, ip(50 + i))).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expect((await post(one, '/api/user/forgotPassword', { email: email.toUpperCase() }, ip(60))).status).toBe(429)
    expect((await post(two, '/api/user/forgotPassword', { email }, ip(61))).status).toBe(429)
  })

  it('counts enquiries from one address across instances', async () => {
    const [one, two] = instances()
    const data = {
      firstName: 'Jo',
      surname: 'Lim',
      email: 'jo@example.com',
      phone: '0400 000 000',
      preferredContact: 'Email',
      numOfPeople: 2,
      numOfChildren: 0,
    }
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await post(i === 1 ? two : one, '/api/conciergeForm/submit', { data }, ip(70))).status)
    expect(statuses).toEqual([200, 200, 200])
    expect((await post(two, '/api/conciergeForm/submit', { data }, ip(70))).status).toBe(429)
  })

  it('counts searches from one address across instances', async () => {
    const [one, two] = instances()
    const search = (app: typeof one | typeof two) =>
      app.request('/api/search/query?q=wine', { headers: { host: 'localhost', 'x-forwarded-for': ip(80) } })
    const statuses = [await search(one), await search(two), await search(one), await search(two)].map((r) => r.status)
    expect(statuses).toEqual([200, 200, 200, 200])
    const refused = await search(one)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
