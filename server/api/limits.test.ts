import net from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Request limits of the API (issue 14 points 5, 7 and 9): the body size limit, text PostgreSQL
 * cannot store, and the per-address limit of the public search.
 */
let t: TestApp
let admin: Caller

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SEARCH: '3', TRUST_PROXY: 'true' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'limits-admin', password: 'limits-admin-pass', roles: ['admin'] })
})
afterAll(() => t?.close())

const MB = 1024 * 1024

/** A body of `total` bytes made only as it is read; `pulled()` tells how much the server took. */
function lazyBody(total: number, chunk = 64 * 1024) {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const size = Math.min(chunk, total - sent)
      sent += size
      controller.enqueue(new Uint8Array(size).fill(0x20))
    },
  })
  return { stream, pulled: () => sent }
}

const expectShape = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: { code: string; message: string; details?: { path?: string } } }
  expect(body.error.code).toBe(code)
  expect(typeof body.error.message).toBe('string')
  return body
}

describe('request body limit', () => {
  it('refuses a chunked body as soon as it passes 1 MB, without reading the rest', async () => {
    const body = lazyBody(50 * MB)
    const res = await t.app.request('/api/user/login', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
    const error = await expectShape(res, 413, 'too_large')
    expect(error.error.message).toMatch(/1 MB/)
    // The server stopped at the limit: at most a chunk past 1 MB was produced, not 50 MB.
    expect(body.pulled()).toBeLessThanOrEqual(MB + 2 * 64 * 1024)
  })

  it('answers a declared Content-Length over the limit at once, before any of the body arrives', async () => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const { port } = server.address() as net.AddressInfo
      const socket = net.connect(port, '127.0.0.1')
      // 600 MB announced, one byte sent: an answer can only come if the body is not awaited.
      socket.write(
        'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 629145600\r\n\r\n{',
      )
      const response = await new Promise<string>((resolve, reject) => {
        let text = ''
        socket.on('data', (d: Buffer) => {
          text += d.toString('utf8')
          if (text.includes('"error"') && text.trimEnd().endsWith('}')) resolve(text)
        })
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      socket.destroy()
      expect(response).toMatch(/^HTTP\/1\.1 413/)
      expect(response).toMatch(/connection: close/i)
      expect(response).toContain('"code":"too_large"')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('takes bodies under the limit as before', async () => {
    const res = await t.app.request('/api/user/login', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'someone', password: 'x'.repeat(900 * 1024) }),
    })
    // Read and validated (the password is too long), not refused for its size.
    await expectShape(res, 400, 'invalid_input')
  })

  it('follows API_BODY_LIMIT_KB', async () => {
    const small = await createTestApp({ env: { API_BODY_LIMIT_KB: '4' } })
    try {
      const post = (bytes: number) =>
        small.app.request('/api/user/forgotPassword', {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(bytes) }),
        })
      const refused = await expectShape(await post(5000), 413, 'too_large')
      expect(refused.error.message).toMatch(/4 KB/)
      expect((await post(3000)).status).toBe(200)
    } finally {
      await small.close()
    }
  })
})

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL and unpaired surrogates anywhere in a JSON body with 400 naming where', async () => {
    const cases: { body: unknown; path: string; problem: RegExp }[] = [
      {
        body: { page: { slug: 'nul-title', template: 'generic', header: { title: 'Wine\u0000tasting' } } },
        path: 'body.page.header.title',
        problem: /NUL/,
      },
      {
        body: { page: { slug: 'lone', template: 'generic', header: { title: 'Half \ud83c a glass' } } },
        path: 'body.page.header.title',
        problem: /surrogate/,
      },
      {
        body: { page: { slug: 'lone-low', template: 'generic', contents: [{ type: 'Text', text: 'x\udc00' }] } },
        path: 'body.page.contents.0.text',
        problem: /surrogate/,
      },
      {
        body: { page: { slug: 'key', template: 'generic', header: { 'ti\u0000tle': 'x' } } },
        path: 'body.page.header.ti?tle',
        problem: /NUL/,
      },
    ]
    for (const { body, path, problem } of cases) {
      const res = await admin.post('/api/page/save', body)
      const error = await expectShape(res, 400, 'invalid_input')
      expect(error.error.message).toMatch(problem)
      expect(error.error.details?.path).toBe(path)
    }
    // Nothing of it was stored.
    expect((await admin.get('/api/page/load?slug=nul-title')).status).toBe(404)
  })

  it('refuses them from visitors too (an enquiry), and in query strings', async () => {
    const res = await t.app.request('/api/conciergeForm/submit', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ data: { firstName: 'Ann\u0000', surname: 'Lee', email: 'ann@example.com' } }),
    })
    await expectShape(res, 400, 'invalid_input')
    expect(await t.services.enquiries.list('main')).toEqual([])
    for (const query of ['/api/page/load?slug=a%00b', '/api/page/load?sl%00ug=x']) {
      const got = await admin.get(query)
      const error = await expectShape(got, 400, 'invalid_input')
      expect(error.error.message).toMatch(/NUL/)
    }
  })

  it('keeps well-formed text, emoji included', async () => {
    const res = await admin.post('/api/page/save', {
      page: { slug: 'emoji', template: 'generic', header: { title: 'Wine 🍷 and cheese' } },
    })
    expect(res.status).toBe(200)
    const page = (await (await admin.get('/api/page/load?slug=emoji')).json()) as { header: { title: string } }
    expect(page.header.title).toBe('Wine 🍷 and cheese')
  })
})

describe('references to rows that do not exist', () => {
  it('answer 404, not 500, where the database refuses them (a domainId naming no domain)', async () => {
    for (const [path, body] of [
      ['/api/listing/saveTags', { tags: {}, domainId: 'no-such-domain' }],
      ['/api/listing/publishCategory', { category: {}, domainId: 'no-such-domain' }],
    ] as const) {
      const error = await expectShape(await admin.post(path, body), 404, 'not_found')
      expect(error.error.message).toMatch(/domains/)
    }
  })
})

describe('public search limit', () => {
  const search = (ip: string, headers: Record<string, string> = {}) =>
    t.app.request('/api/search/query?q=wine', { headers: { host: 'localhost', 'x-forwarded-for': ip, ...headers } })

  it('answers 429 with Retry-After past RATE_LIMIT_SEARCH a minute from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await search('10.1.1.1')).status)
    expect(statuses).toEqual([200, 200, 200])
    const refused = await search('10.1.1.1')
    await expectShape(refused, 429, 'rate_limited')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Another address is not affected.
    expect((await search('10.1.1.2')).status).toBe(200)
  })

  it('does not limit signed-in editors', async () => {
    const token = (await t.services.auth.login('limits-admin', 'limits-admin-pass', { ip: 'test' })).token
    for (let i = 0; i < 5; i++) expect((await search('10.1.1.3', { authorization: `Bearer ${token}` })).status).toBe(200)
  })
})

describe('request body limit of the pages (issue 29 point 4)', () => {
  it("refuses a page action's chunked body (the first-editor form) past 64 KB without reading the rest", async () => {
    const body = lazyBody(200 * MB)
    const res = await t.app.request('/login/setup', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
    const error = await expectShape(res, 413, 'too_large')
    expect(error.error.message).toMatch(/64 KB/)
    expect(res.headers.get('connection')).toBe('close')
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024 + 2 * 64 * 1024)
  })

  it('answers a declared Content-Length over 64 KB at once, on any page address', async () => {
    const res = await t.app.request('/about', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * MB) },
      body: 'x',
    })
    await expectShape(res, 413, 'too_large')
  })
})

describe('suggestions, map points and page addresses (issue 29 point 9)', () => {
  const from = (ip: string) => ({ host: 'localhost', 'x-forwarded-for': ip, 'content-type': 'application/json' })

  it('limits search suggestions and map points per address like searches (RATE_LIMIT_SEARCH a minute)', async () => {
    const suggest = () => t.app.request('/api/search/suggest?q=bar', { headers: from('10.2.2.1') })
    const points = () => t.app.request('/api/listing/mapPoints', { method: 'POST', headers: from('10.2.2.2'), body: '{}' })
    for (const ask of [suggest, points]) {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await ask()).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const refused = await ask()
      await expectShape(refused, 429, 'rate_limited')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('answers 400 for NUL or malformed UTF-8 in a page or search address, and redirects other spellings of a page address', async () => {
    for (const address of ['/search?q=a%00', '/about%00', '/search?q=%ED%A0%80'])
      await expectShape(await t.app.request(address, { headers: { host: 'localhost' } }), 400, 'invalid_input')
    for (const [address, location] of [
      ['/ABOUT', '/about'],
      ['/about~', '/about'],
      ['/about/', '/about'],
    ] as const) {
      const res = await t.app.request(address, { headers: { host: 'localhost' } })
      expect(res.status).toBe(308)
      expect(res.headers.get('location')).toBe(location)
    }
  })
})
