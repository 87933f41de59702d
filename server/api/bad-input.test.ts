import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signInToken, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Walks every API route with malformed input as a signed-in admin (so the guard lets it through):
 * each must answer a 4xx in the error shape, never a 500, and stored content must survive.
 */
let t: TestApp
let admin: Caller
let token: string

const BAD_BODIES: { label: string; body: string; type?: string }[] = [
  { label: 'invalid JSON', body: '{"page":' },
  { label: 'a JSON array', body: '[]' },
  { label: 'a JSON string', body: '"hello"' },
  { label: 'JSON null', body: 'null' },
  {
    label: 'wrong field types',
    body: JSON.stringify({
      page: 5,
      nav: 'x',
      footer: [],
      siteSettings: 1,
      domain: true,
      _id: {},
      id: [],
      email: 7,
      username: {},
      password: [],
      collection: 'nope',
      roles: 'all',
    }),
  },
  {
    label: 'deeply wrong nesting',
    body: JSON.stringify({
      page: { slug: {}, contents: 'blocks', header: [] },
      nav: { items: [{ groups: 'x' }] },
      siteSettings: { redirects: 'none' },
    }),
  },
  { label: 'a form body', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  {
    label: 'a huge string',
    body: JSON.stringify({ page: { slug: 'x'.repeat(100_000), template: 'generic' }, email: `${'a'.repeat(100_000)}@example.com` }),
  },
]

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'root-admin', password: 'root-admin-pass', roles: ['admin'] })
  token = await signInToken(t, { username: 'root-admin', password: 'root-admin-pass' })
  const page = await (
    await admin.post('/api/page/save', { page: { slug: 'keep-me', template: 'generic', header: { title: 'Keep me' } } })
  ).json()
  await admin.post('/api/page/publishPage', { page })
  await admin.post('/api/site/publishNav', { nav: { siteName: 'Kept', items: [{ text: 'Kept', href: '/kept' }] } })
})
afterAll(() => t?.close())

describe('malformed input on every route', () => {
  it('answers 4xx with the error shape, never 500', async () => {
    const routes = t.app.routes.filter((r) => r.method === 'POST' && (r.path.startsWith('/api/') || r.path.startsWith('/img/')))
    const failures: string[] = []
    const seen = new Set<string>()
    for (const route of routes) {
      if (seen.has(route.path)) continue
      seen.add(route.path)
      // These two read no body at all (and logout would end the walking session).
      if (route.path === '/api/user/logout' || route.path === '/api/user/me') continue
      for (const bad of BAD_BODIES) {
        const res = await t.app.request(route.path, {
          method: 'POST',
          headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': bad.type ?? 'application/json' },
          body: bad.body,
        })
        const body = await res.json().catch(() => null)
        const shaped = body && typeof body.error?.code === 'string' && typeof body.error?.message === 'string'
        if (res.status < 400 || res.status >= 500 || !shaped) failures.push(`${route.path} with ${bad.label} -> ${res.status}`)
      }
    }
    expect(seen.size).toBeGreaterThan(10)
    expect(failures).toEqual([])
  })

  it('answers bad query strings on every GET route with 4xx or the normal answer, never 500', async () => {
    const routes = t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.includes('*'))
    const failures: string[] = []
    for (const route of new Set(routes.map((r) => r.path))) {
      for (const query of [
        '?slug=%E0%A4%A',
        '?collection=secret',
        `?slug=${'a'.repeat(5000)}`,
        '?id=&domainId=',
        '?page=-1&pageSize=1e9&q=x',
      ]) {
        const res = await t.app.request(`${route}${query}`, { headers: { host: 'localhost', authorization: `Bearer ${token}` } })
        if (res.status >= 500) failures.push(`${route}${query.slice(0, 40)} -> ${res.status}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('left the stored content as it was', async () => {
    const page = await (await t.app.request('/api/page/load?slug=keep-me', { headers: { host: 'localhost' } })).json()
    expect(page.header.title).toBe('Keep me')
    const nav = await (await t.app.request('/api/site/loadNav', { headers: { host: 'localhost' } })).json()
    expect(nav.siteName).toBe('Kept')
  })
})
