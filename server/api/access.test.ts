import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInToken } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Walks the whole route table: every API route that is not on the public list must refuse an
 * anonymous caller with 401, and every route that needs a role must refuse an editor without it
 * with 403. A new route is covered the moment it is added.
 */
const PUBLIC = new Set([
  'GET /api/openapi.json',
  'GET /api/page/load',
  'GET /api/config/loadDomain',
  'GET /api/site/loadNav',
  'GET /api/site/loadFooter',
  'GET /api/siteSettings/loadSiteSettings',
  'POST /api/user/login',
  'POST /api/user/me',
  'POST /api/user/logout',
  'POST /api/user/forgotPassword',
  'POST /api/user/setPassword',
  'GET /api/search/query',
  // Suggestions as a visitor types in the search box (issue 19): published titles the caller may read.
  'GET /api/search/suggest',
  'POST /api/listing/fetch',
  // The grid's map view (issue 19): the same published listings as listing/fetch, as points, at most 5,000.
  'POST /api/listing/mapPoints',
  'POST /api/listing/fetchRelated',
  'GET /api/listing/findById',
  'GET /api/listing/productServices',
  'GET /api/listing/loadTags',
  'GET /api/listing/loadBookEasyListings',
  'GET /api/listingsPdf/generatePdf',
  // Events into a visitor's calendar (issue 35): an event's .ics and a grid's feed, published listings only.
  'GET /api/calendar/event.ics',
  'GET /api/calendar/events.ics',
  // The visitor's trip (issue 35): published stops, the routing provider's legs, the trip's PDF.
  'POST /api/trip/stops',
  'POST /api/trip/route',
  'POST /api/trip/pdf',
  'GET /api/chapters/loadStories',
  'GET /api/chapters/loadStory',
  'POST /api/conciergeForm/submit',
  // Measurement beacons (issue 37): any visitor's page sends them; nothing personal is kept.
  'POST /api/results/beacon',
  'GET /api/cart/getNewSession',
  'GET /api/cart/getBECart',
  'POST /api/cart/saveBECart',
  'GET /api/cart/deleteBECart',
  'GET /img/:id',
  // A published listing's provider photo, resized (issue 16): visitors see listing pages.
  'GET /img/listing/:listingId/:key',
  // The link e-mailed to a new address (issue 21): the token is the proof.
  'GET /api/team/confirmEmail',
  'POST /api/team/confirmEmail',
])

let t: TestApp
let editorToken: string
let draftsOnlyToken: string
let routes: { method: string; path: string }[]
let openapi: {
  paths: Record<string, Record<string, { security?: unknown[]; 'x-required-role'?: string; 'x-required-capability'?: string }>>
}

beforeAll(async () => {
  t = await createTestApp()
  editorToken = await signInToken(t, { username: 'plain-editor', password: 'plain-password' })
  draftsOnlyToken = await signInToken(t, { username: 'drafts-only', password: 'drafts-password', roles: ['editor'] })
  const seen = new Set<string>()
  routes = t.app.routes
    .filter(
      (r) => r.method !== 'ALL' && (r.path.startsWith(`/${t.config.apiPrefix}/`) || r.path.startsWith('/img/')) && !r.path.includes('*'),
    )
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
  openapi = await (await t.app.request('/api/openapi.json')).json()
})
afterAll(() => t?.close())

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  t.app.request(path.replace(/:(\w+)/g, 'x-$1'), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  })

describe('the route table', () => {
  it('has editor routes to check (the walk is not vacuous)', () => {
    expect(routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`)).length).toBeGreaterThan(0)
  })

  it('refuses an anonymous caller with 401 on every editor route', async () => {
    const failures: string[] = []
    for (const r of routes) {
      if (PUBLIC.has(`${r.method} ${r.path}`)) continue
      const res = await call(r.method, r.path)
      const body = await res.json().catch(() => null)
      if (res.status !== 401 || body?.error?.code !== 'unauthorised') failures.push(`${r.method} ${r.path} -> ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('refuses a signed-in editor without the role with 403 where a route needs one', async () => {
    const failures: string[] = []
    let checked = 0
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op['x-required-role']) continue
        checked++
        const res = await call(method.toUpperCase(), `/api${path.replace(/\{(\w+)\}/g, ':$1')}`, { authorization: `Bearer ${editorToken}` })
        if (res.status !== 403) failures.push(`${method} ${path} -> ${res.status}`)
      }
    }
    expect(checked).toBeGreaterThan(0)
    expect(failures).toEqual([])
  })

  it('refuses a user with the Editor team role (drafts only) with 403 on every route that needs a capability or a role', async () => {
    const failures: string[] = []
    let checked = 0
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op['x-required-capability'] && !op['x-required-role']) continue
        checked++
        const res = await call(method.toUpperCase(), `/api${path.replace(/\{(\w+)\}/g, ':$1')}`, {
          authorization: `Bearer ${draftsOnlyToken}`,
        })
        if (res.status !== 403) failures.push(`${method} ${path} -> ${res.status}`)
      }
    }
    // publishNav, publishFooter, publishSiteSettings, publishStory and the four domain routes at least.
    expect(checked).toBeGreaterThanOrEqual(8)
    expect(failures).toEqual([])
  })

  it('documents exactly the editor routes as secured in the OpenAPI document', () => {
    const mismatches: string[] = []
    for (const r of routes) {
      const key = `${r.method} ${r.path}`
      const docPath = r.path.slice(`/${t.config.apiPrefix}`.length).replace(/:(\w+)/g, '{$1}')
      const op = openapi.paths[docPath]?.[r.method.toLowerCase()]
      if (!op) continue // routes outside the OpenAPI document (the document itself)
      const secured = Array.isArray(op.security) && op.security.length > 0
      if (secured === PUBLIC.has(key)) mismatches.push(key)
    }
    expect(mismatches).toEqual([])
  })
})
