import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Languages per domain (issue 33 point 1): an admin chooses the default and the further languages
 * among those whose site texts ship; the server refuses anything else with a 400 naming the field,
 * refuses everyone but admins, and the activity log says who changed them.
 */
let t: TestApp
let admin: Caller
let publisher: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'alma', password: 'alma-password', roles: ['admin'] })
  publisher = await signIn(t, { username: 'pia', password: 'pia-password', roles: ['publisher'] })
})
afterAll(() => t?.close())

const loadMain = async () => (await json(admin.get('/api/config/loadDomain'))).domain as Json

describe('a domain’s languages', () => {
  it('are English only until an admin chooses others, and are kept by a save that does not name them', async () => {
    expect((await loadMain()).languages).toEqual({ default: 'en-AU', others: [] })
    const domain = await loadMain()
    const saved = await admin.post('/api/config/saveDomain', {
      domain: { ...domain, languages: { default: 'en-AU', others: ['zh-Hans', 'de'] } },
    })
    expect(saved.status).toBe(200)
    expect((await json(saved)).languages).toEqual({ default: 'en-AU', others: ['zh-Hans', 'de'] })
    const { languages: _languages, ...withoutLanguages } = await loadMain()
    expect((await admin.post('/api/config/saveDomain', { domain: { ...withoutLanguages, name: 'Main site' } })).status).toBe(200)
    expect(await loadMain()).toMatchObject({ name: 'Main site', languages: { default: 'en-AU', others: ['zh-Hans', 'de'] } })
  })

  it('refuses a language whose site texts do not ship, a repeated one and the default among the others (400, unchanged)', async () => {
    const domain = await loadMain()
    for (const [languages, path] of [
      [{ default: 'en-AU', others: ['fr'] }, 'domain.languages.others.0'],
      [{ default: 'xx', others: [] }, 'domain.languages.default'],
      [{ default: 'en-AU', others: ['de', 'de'] }, 'domain.languages.others.1'],
      [{ default: 'de', others: ['de'] }, 'domain.languages.others.0'],
    ] as const) {
      const res = await admin.post('/api/config/saveDomain', { domain: { ...domain, languages } })
      expect(res.status, JSON.stringify(languages)).toBe(400)
      const body = await json(res)
      expect(body.error.code).toBe('invalid_input')
      expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]))
    }
    expect((await loadMain()).languages).toEqual({ default: 'en-AU', others: ['zh-Hans', 'de'] })
  })

  it('are the admin’s to change: a publisher and a visitor are refused', async () => {
    const domain = await loadMain()
    const change = { domain: { ...domain, languages: { default: 'en-AU', others: [] } } }
    expect((await publisher.post('/api/config/saveDomain', change)).status).toBe(403)
    expect((await visitor(t).post('/api/config/saveDomain', change)).status).toBe(401)
    expect((await loadMain()).languages.others).toEqual(['zh-Hans', 'de'])
  })

  it('are recorded in the activity log when they change', async () => {
    const domain = await loadMain()
    expect(
      (await admin.post('/api/config/saveDomain', { domain: { ...domain, languages: { default: 'en-AU', others: ['de'] } } })).status,
    ).toBe(200)
    const { entries } = await json(admin.get('/api/team/activity?limit=50'))
    const changes = (entries as Json[]).filter((e) => e.action === 'languages')
    expect(changes.map((e) => [e.username, e.subject])).toEqual([
      ['alma', 'Main site'],
      ['alma', 'Main'],
    ])
  })

  it('give the sitemap one entry per page and language, each naming every language and x-default', async () => {
    const page = await json(admin.post('/api/page/save', { page: { slug: 'about', template: 'generic', header: { title: 'About' } } }))
    expect((await admin.post('/api/page/publishPage', { page })).status).toBe(200)
    const xml = await (await visitor(t).get('/sitemap.xml')).text()
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<\/url>/g)].filter((m) => m[1]!.endsWith('about'))
    expect(entries.map((m) => new URL(m[1]!).pathname)).toEqual(['/about', '/de/about'])
    for (const [entry] of entries) {
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en-AU" href="http://localhost/about"/>')
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="de" href="http://localhost/de/about"/>')
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost/about"/>')
    }
  })
})
