import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/**
 * Issue 17 point 5: GET /page/version answers one stored version's document, so the editor can
 * preview it on the page before restoring it; it changes nothing, and only editors get it.
 */
let t: TestApp
let editor: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  editor = await signIn(t, { username: 'vera', password: 'vera-password' })
})
afterAll(() => t?.close())

describe('GET /page/version', () => {
  it("answers an older version's document without changing the draft", async () => {
    const first = await json(
      editor.post('/api/page/save', { page: { slug: 'preview-me', template: 'generic', header: { title: 'First' } } }),
    )
    await json(editor.post('/api/page/save', { page: { ...first, header: { title: 'Second' } } }))
    const versions = (await json(editor.get(`/api/page/versions?id=${first._id}`))) as unknown as Json[]
    const oldest = versions[versions.length - 1]!
    expect(oldest.version).toBe(1)

    const res = await editor.get(`/api/page/version?id=${first._id}&versionId=${oldest.id}`)
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ _id: first._id, slug: 'preview-me', version: 1, header: { title: 'First' } })
    // Nothing changed: the draft is still the second save.
    expect(await json(editor.get('/api/page/load?slug=preview-me'))).toMatchObject({ version: 2, header: { title: 'Second' } })
  })

  it('answers 404 for a version of another page, and 401 to a visitor', async () => {
    const a = await json(editor.post('/api/page/save', { page: { slug: 'preview-a', template: 'generic', header: { title: 'A' } } }))
    const b = await json(editor.post('/api/page/save', { page: { slug: 'preview-b', template: 'generic', header: { title: 'B' } } }))
    const [versionOfB] = (await json(editor.get(`/api/page/versions?id=${b._id}`))) as unknown as Json[]
    expect((await editor.get(`/api/page/version?id=${a._id}&versionId=${versionOfB!.id}`)).status).toBe(404)
    expect((await visitor(t).get(`/api/page/version?id=${a._id}&versionId=${versionOfB!.id}`)).status).toBe(401)
  })
})
