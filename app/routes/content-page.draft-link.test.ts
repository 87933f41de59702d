import { ENGLISH_ONLY } from '#lib/locales'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '../../server/services/access.ts'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { loadContentPage } from './content-page.server.ts'

/**
 * The content page's loader with a draft link (issue 17 point 7), on the real database: a valid
 * link shows the draft; a tampered one is 404 and an expired one 410, each saying which (the error
 * page words it); the responses' no-store and noindex headers are tested in tests/e2e/draft-link.
 */
let t: TestApp
let editor: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp({ env: { DRAFT_LINK_SECRET: 'a-test-secret-that-is-long-enough-0123456789' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  editor = await signIn(t, { username: 'loader-editor', password: 'loader-password' })
})
afterAll(() => t?.close())

async function draftPage(slug: string, title: string) {
  const res = await editor.post('/api/page/save', { page: { slug, template: 'generic', header: { title } } })
  expect(res.status).toBe(200)
  return json(res)
}

describe("the page's loader", () => {
  const load = async (path: string) => {
    const domain = await t.services.domains.forHost('localhost')
    const context = {
      services: t.services,
      domain,
      locale: 'en-AU' as const,
      languages: ENGLISH_ONLY,
      user: null,
      clientIp: '127.0.0.1',
      unavailable: false,
      reportError: () => {},
    }
    const url = new URL(path, 'http://localhost')
    return loadContentPage(context, new Request(url), 'pages', url.pathname.slice(1))
  }
  const statusOf = async (path: string) => {
    try {
      await load(path)
      return 200
    } catch (err) {
      return { status: (err as { init?: { status?: number } }).init?.status, data: (err as { data?: unknown }).data }
    }
  }

  it('shows the draft for a valid link, answers 404 for a tampered one and 410 for an expired one', async () => {
    const page = await draftPage('link-loader', 'Loader draft')
    const { path } = await json(editor.post('/api/draftLink/create', { id: page._id }))
    const shown = await load(path)
    expect(shown.page.header.title).toBe('Loader draft')
    expect(shown.draftPreview).toBe(true)
    // Without the token a visitor gets nothing: the page was never published.
    expect(await statusOf('/link-loader')).toMatchObject({ status: 404 })
    expect(await statusOf(path.slice(0, -1) + (path.endsWith('A') ? 'B' : 'A'))).toEqual({ status: 404, data: { draftLink: 'invalid' } })
    // A link made eight days ago (signed with the same secret) has expired.
    const old = await t.services.draftLinks.create('main', page._id, SYSTEM, new Date(Date.now() - 8 * DAY))
    expect(await statusOf(`/link-loader?draft=${encodeURIComponent(old.token)}`)).toEqual({ status: 410, data: { draftLink: 'expired' } })
  })
})
