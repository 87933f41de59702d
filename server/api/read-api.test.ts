import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { declaredAnswer, expectDeclared } from '../../tests/helpers/declared.ts'
import { siteRouter } from './site.ts'
import { siteSettingsRouter } from './siteSettings.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * The read paths of the API as a client sees them: per-domain content, published copies only,
 * the error shape for bad input, and empty documents where nothing exists yet.
 */
let t: TestApp

const get = (path: string, host = 'localhost') => t.app.request(path, { headers: { host } })

beforeAll(async () => {
  t = await createTestApp()
  const { domains, pages, siteDocuments } = t.services
  await domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  await domains.upsert({ _id: 'other', name: 'Other', hostnames: ['other.example'], published: true })
  const home = await pages.save('main', 'pages', { slug: '', template: 'home', header: { title: 'Main home' }, contents: [] }, SYSTEM)
  await pages.publish('main', 'pages', home._id, SYSTEM)
  const otherHome = await pages.save(
    'other',
    'pages',
    { slug: '', template: 'home', header: { title: 'Other home' }, contents: [] },
    SYSTEM,
  )
  await pages.publish('other', 'pages', otherHome._id, SYSTEM)
  await pages.save('main', 'pages', { slug: 'draft-only', template: 'generic', header: { title: 'Secret draft' }, contents: [] }, SYSTEM)
  await siteDocuments.save('nav', 'main', { siteName: 'Main', items: [{ text: 'Visit', href: '/visit' }] })
  await siteDocuments.publish('nav', 'main')
})
afterAll(() => t?.close())

describe('GET /api/page/load', () => {
  it("answers the published page of the request's domain", async () => {
    const res = await get('/api/page/load?slug=')
    expect(res.status).toBe(200)
    const page = await res.json()
    expect(page).toMatchObject({ slug: '', template: 'home', published: true, domainId: 'main', header: { title: 'Main home' } })
    expect(page.lastPublished).toEqual(expect.any(String))
  })

  it('keeps content per domain: another host gets its own page', async () => {
    const page = await (await get('/api/page/load?slug=', 'other.example:8080')).json()
    expect(page.header.title).toBe('Other home')
  })

  it('falls back to the default domain for an unknown host', async () => {
    const page = await (await get('/api/page/load?slug=', 'unknown.example')).json()
    expect(page.header.title).toBe('Main home')
  })

  it('takes an explicit domainId', async () => {
    const page = await (await get('/api/page/load?slug=&domainId=other')).json()
    expect(page.header.title).toBe('Other home')
  })

  it('never shows a visitor an unpublished draft', async () => {
    const res = await get('/api/page/load?slug=draft-only')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Page not found' } })
  })

  it('keeps serving the published copy while a newer draft is saved', async () => {
    const current = await (await get('/api/page/load?slug=')).json()
    await t.services.pages.save('main', 'pages', { ...current, header: { title: 'Unpublished edit' } }, SYSTEM)
    const again = await (await get('/api/page/load?slug=')).json()
    expect(again.header.title).toBe('Main home')
  })

  it('finds slugs case-insensitively and with a leading slash', async () => {
    const res = await get('/api/page/load?slug=%2F')
    expect(res.status).toBe(200)
  })

  it('refuses an unknown collection with field details', async () => {
    const res = await get('/api/page/load?slug=&collection=secrets')
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.code).toBe('invalid_input')
    expect(body.error.details[0].path).toBe('collection')
  })

  it('refuses an absurdly long slug', async () => {
    const res = await get(`/api/page/load?slug=${'a'.repeat(600)}`)
    expect(res.status).toBe(400)
  })

  it('answers a malformed query string with 400, not 500', async () => {
    const res = await get('/api/page/load?slug=%E0%A4%A')
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('invalid_input')
  })
})

describe('GET /api/config/loadDomain', () => {
  it('answers the domain for a host name and the list of domains', async () => {
    const body = await (await get('/api/config/loadDomain?hostname=other.example')).json()
    expect(body.domain._id).toBe('other')
    expect(body.domains.map((d: { _id: string }) => d._id).sort()).toEqual(['main', 'other'])
  })
  it("uses the request's own host when no hostname is given", async () => {
    const body = await (await get('/api/config/loadDomain', 'other.example')).json()
    expect(body.domain._id).toBe('other')
  })
})

describe('navigation, footer and site settings', () => {
  it('answers the published navigation of the domain', async () => {
    const nav = await (await get('/api/site/loadNav')).json()
    expect(nav).toMatchObject({ domainId: 'main', siteName: 'Main', items: [{ text: 'Visit', href: '/visit', type: 'page' }] })
  })
  it('answers an empty document, not an error, where none exists yet', async () => {
    const footer = await (await get('/api/site/loadFooter?domainId=other')).json()
    expect(footer).toMatchObject({ domainId: 'other', copy: '', linkGroups: [] })
    const settings = await (await get('/api/siteSettings/loadSiteSettings', 'other.example')).json()
    expect(settings).toMatchObject({ _id: 'siteSettings', domainId: 'other', og: { title: '', keywords: '' }, redirects: [] })
  })
  it('answers each document as its route declares it (the editor is typed by the declaration)', async () => {
    expectDeclared(declaredAnswer(siteRouter, 'get', '/loadNav'), await (await get('/api/site/loadNav')).json())
    expectDeclared(declaredAnswer(siteRouter, 'get', '/loadFooter'), await (await get('/api/site/loadFooter')).json())
    const settings = declaredAnswer(siteSettingsRouter, 'get', '/loadSiteSettings')
    expectDeclared(settings, await (await get('/api/siteSettings/loadSiteSettings')).json())
  })
  it('does not show a visitor the draft of the navigation', async () => {
    await t.services.siteDocuments.save('nav', 'main', { siteName: 'Draft name', items: [] }, { baseVersion: 1 })
    const nav = await (await get('/api/site/loadNav')).json()
    expect(nav.siteName).toBe('Main')
  })
})

describe('the API surface', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const res = await get('/api/nothing/here')
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('not_found')
  })

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = await (await get('/api/openapi.json')).json()
    expect(doc.openapi).toMatch(/^3\./)
    for (const path of ['/page/load', '/config/loadDomain', '/site/loadNav', '/site/loadFooter', '/siteSettings/loadSiteSettings']) {
      expect(doc.paths[path]?.get, path).toBeDefined()
    }
    const params = doc.paths['/page/load'].get.parameters.map((p: { name: string }) => p.name)
    expect(params).toEqual(expect.arrayContaining(['slug', 'collection', 'domainId']))
  })
})
