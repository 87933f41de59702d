import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * Page roles (issue 14 points 1 and 2): who may view, edit and publish a page is set by an admin
 * through roles/applyToPage only; a save never changes it, a refused publish stores nothing, and a
 * service call that names no caller is an anonymous visitor's.
 */
let t: TestApp
let admin: Caller
let writer: Caller
let publisher: Caller
let outsider: Caller
let anon: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'root', password: 'root-password', roles: ['admin'] })
  writer = await signIn(t, { username: 'writer', password: 'writer-password', roles: ['writers'] })
  publisher = await signIn(t, { username: 'chief', password: 'chief-password', roles: ['writers', 'publishers'] })
  outsider = await signIn(t, { username: 'outsider', password: 'outsider-password', roles: [] })
  anon = visitor(t)
})
afterAll(() => t?.close())

/** A page with roles applied by the admin: writers edit it, publishers publish it. */
async function restrictedPage(slug: string, roles: Json = { editorRoles: ['writers'], publisherRoles: ['publishers'] }) {
  const created = await json(admin.post('/api/page/save', { page: { slug, template: 'generic', header: { title: `Page ${slug}` } } }))
  const res = await admin.post('/api/roles/applyToPage', { page: { _id: created._id }, roles })
  expect(res.status).toBe(200)
  return json(admin.get(`/api/page/load?slug=${slug}`))
}

describe('role fields change only through roles/applyToPage', () => {
  it('keeps the stored roles when an editor sends publisherRoles: [] and then publishes', async () => {
    const page = await restrictedPage('strip-attempt')
    const saved = await writer.post('/api/page/save', {
      page: { ...page, publisherRoles: [], editorRoles: [], viewerRoles: [], header: { title: 'Edited by writer' } },
    })
    expect(saved.status).toBe(200)
    expect(await json(saved)).toMatchObject({ publisherRoles: ['publishers'], editorRoles: ['writers'] })

    const current = await json(writer.get('/api/page/load?slug=strip-attempt'))
    const published = await writer.post('/api/page/publishPage', { page: { ...current, publisherRoles: [] } })
    expect(published.status).toBe(403)
    expect((await anon.get('/api/page/load?slug=strip-attempt')).status).toBe(404)
    // The publisher may.
    expect((await publisher.post('/api/page/publishPage', { page: current })).status).toBe(200)
  })

  it('keeps the roles an admin applied when a save omits the role fields', async () => {
    const page = await restrictedPage('omitted-roles', {
      viewerRoles: ['members'],
      editorRoles: ['writers'],
      publisherRoles: ['publishers'],
    })
    const { viewerRoles: _v, editorRoles: _e, publisherRoles: _p, ...withoutRoles } = page
    const saved = await admin.post('/api/page/save', { page: { ...withoutRoles, header: { title: 'Saved without roles' } } })
    expect(saved.status).toBe(200)
    const stored = await t.services.pages.loadDraft('main', 'pages', 'omitted-roles', SYSTEM)
    expect(stored).toMatchObject({
      viewerRoles: ['members'],
      editorRoles: ['writers'],
      publisherRoles: ['publishers'],
      header: { title: 'Saved without roles' },
    })
  })

  it('ignores role fields on a new page too', async () => {
    const res = await writer.post('/api/page/save', {
      page: { slug: 'new-with-roles', template: 'generic', viewerRoles: ['nobody'], publisherRoles: ['nobody'] },
    })
    expect(res.status).toBe(200)
    const page = await json(res)
    expect(page).not.toHaveProperty('viewerRoles')
    expect(page).not.toHaveProperty('publisherRoles')
  })

  it('refuses applyToPage to anyone but an admin, changing nothing', async () => {
    const page = await restrictedPage('admin-only-roles')
    const res = await publisher.post('/api/roles/applyToPage', { page: { _id: page._id }, roles: { editorRoles: [] } })
    expect(res.status).toBe(403)
    await expect(
      t.services.pages.applyRoles(
        'main',
        'pages',
        page._id,
        { editorRoles: [] },
        { user: { _id: 'x', username: 'x', email: 'x@example.com', roles: ['publishers'] } },
      ),
    ).rejects.toMatchObject({ kind: 'forbidden' })
    expect(await t.services.pages.loadDraft('main', 'pages', 'admin-only-roles', SYSTEM)).toMatchObject({ editorRoles: ['writers'] })
  })
})

describe('publishPage checks permission before it saves', () => {
  it('leaves the stored draft exactly as it was when the publish is refused', async () => {
    const page = await restrictedPage('refused-publish')
    const before = await t.services.pages.loadDraft('main', 'pages', 'refused-publish', SYSTEM)
    const res = await writer.post('/api/page/publishPage', {
      page: { ...page, header: { title: 'Sneaked in' }, contents: [{ componentType: 'SectionHeading', title: 'Sneaked' }] },
    })
    expect(res.status).toBe(403)
    expect((await json(res)).error.code).toBe('forbidden')
    const after = await t.services.pages.loadDraft('main', 'pages', 'refused-publish', SYSTEM)
    expect(after).toMatchObject({ version: before!.version, header: { title: 'Page refused-publish' }, contents: [] })
    expect(await json(writer.get(`/api/page/versions?id=${page._id}`))).toHaveLength(before!.version)
  })

  it('refuses an editor outside the editor roles to save, publish or read the draft', async () => {
    const page = await restrictedPage('writers-only')
    expect((await outsider.post('/api/page/save', { page: { ...page, header: { title: 'Outsider' } } })).status).toBe(403)
    expect((await outsider.post('/api/page/publishPage', { page })).status).toBe(403)
    // Not published: the outsider gets no draft either.
    expect((await outsider.get('/api/page/load?slug=writers-only')).status).toBe(404)
    expect((await outsider.get(`/api/page/versions?id=${page._id}`)).status).toBe(403)
    const listed = (await json(outsider.get('/api/page/list'))) as unknown as { slug: string }[]
    expect(listed.map((p) => p.slug)).not.toContain('writers-only')
  })
})

describe('a service call without an actor is an anonymous visitor', () => {
  it('reads no draft, saves, publishes, unpublishes and deletes nothing', async () => {
    const page = await t.services.pages.save(
      'main',
      'pages',
      { slug: 'service-anon', template: 'generic', header: { title: 'Draft' }, contents: [] },
      SYSTEM,
    )
    expect(await t.services.pages.loadDraft('main', 'pages', 'service-anon')).toBeNull()
    expect(await t.services.pages.loadDraft('main', 'pages', 'service-anon', { user: null })).toBeNull()
    await expect(t.services.pages.save('main', 'pages', { ...page, header: { title: 'Anon' } })).rejects.toMatchObject({
      kind: 'forbidden',
    })
    await expect(t.services.pages.save('main', 'pages', { slug: 'anon-new', template: 'generic' })).rejects.toMatchObject({
      kind: 'forbidden',
    })
    await expect(t.services.pages.publish('main', 'pages', page._id)).rejects.toMatchObject({ kind: 'forbidden' })
    await expect(t.services.pages.saveAndPublish('main', 'pages', page)).rejects.toMatchObject({ kind: 'forbidden' })
    await expect(t.services.pages.remove('main', 'pages', page._id)).rejects.toMatchObject({ kind: 'forbidden' })
    await expect(t.services.pages.restore('main', 'pages', page._id, 1)).rejects.toMatchObject({ kind: 'forbidden' })
    await expect(t.services.pages.applyRoles('main', 'pages', page._id, { viewerRoles: [] })).rejects.toMatchObject({ kind: 'forbidden' })
    await t.services.pages.publish('main', 'pages', page._id, SYSTEM)
    await expect(t.services.pages.unpublish('main', 'pages', page._id)).rejects.toMatchObject({ kind: 'forbidden' })
    expect(await t.services.pages.list('main', 'pages')).toEqual([])
    // What a visitor may read stays readable.
    expect((await t.services.pages.loadPublished('main', 'pages', 'service-anon'))?.header.title).toBe('Draft')
    expect(await t.services.pages.loadDraft('main', 'pages', 'service-anon', SYSTEM)).toMatchObject({ version: 1, published: true })
  })
})

describe('viewer roles', () => {
  it('hide a published page from visitors and editors without the role, at once', async () => {
    const created = await json(
      admin.post('/api/page/publishPage', { page: { slug: 'members-news', template: 'generic', header: { title: 'Members news' } } }),
    )
    expect((await anon.get('/api/page/load?slug=members-news')).status).toBe(200)
    await admin.post('/api/roles/applyToPage', { page: { _id: created._id }, roles: { viewerRoles: ['members'] } })
    expect((await anon.get('/api/page/load?slug=members-news')).status).toBe(404)
    expect((await outsider.get('/api/page/load?slug=members-news')).status).toBe(404)
    expect((await admin.get('/api/page/load?slug=members-news')).status).toBe(200)
  })
})
