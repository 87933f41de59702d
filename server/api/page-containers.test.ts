import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/** Page saves check block containers (spec 02 §2.8): a block where its list does not allow it is a 400 naming the field. */
let t: TestApp
let ann: Caller

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  ann = await signIn(t, { username: 'ann', password: 'ann-password' })
})
afterAll(() => t?.close())

describe('page save and block containers', () => {
  it('refuses a block its container does not allow, with the field path, and stores nothing', async () => {
    const res = await ann.post('/api/page/save', {
      page: {
        slug: 'split-wrong',
        template: 'generic',
        contents: [
          { componentType: 'SplitContent', left: [{ componentType: 'Text', text: 'ok' }], right: [{ componentType: 'CardGrid' }] },
        ],
      },
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; details: { path: string }[] } }
    expect(body.error.details.map((d) => d.path)).toEqual(['contents.0.right.0.componentType'])
    expect(await (await ann.get('/api/page/checkSlug?slug=split-wrong')).json()).toBeNull()
  })

  it('saves blocks where their containers allow them, keeping their keys', async () => {
    const res = await ann.post('/api/page/save', {
      page: {
        slug: 'split-right',
        template: 'generic',
        contents: [{ componentType: 'SplitContent', _key: 'k1', left: [{ componentType: 'Text', _key: 'k2', text: 'Left' }], right: [] }],
      },
    })
    expect(res.status).toBe(200)
    const page = (await res.json()) as { contents: { _key: string; left: { _key: string; text: string }[] }[] }
    expect(page.contents[0]).toMatchObject({ _key: 'k1', left: [{ _key: 'k2', text: 'Left' }] })
  })
})
